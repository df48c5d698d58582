//===- LocalTypedefs.cpp --------------------------------------------------===//
#include "LocalTypedefs.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The typedefs declared in a function that T names, and whether T needs anything else of the
/// function (a local tag, a variable-length array, typeof of an expression).
class TypeNeeds : public RecursiveASTVisitor<TypeNeeds> {
public:
  std::vector<const TypedefNameDecl *> Typedefs;
  std::string Blocker;

  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool VisitTypedefType(TypedefType *T) {
    const TypedefNameDecl *D = T->getDecl();
    if (D->getDeclContext()->isFunctionOrMethod())
      Typedefs.push_back(D);
    return true; // not its underlying type: that typedef's own check looks at it
  }
  bool TraverseTypedefType(TypedefType *T) { return WalkUpFromTypedefType(T); }
  bool VisitTagType(TagType *T) {
    if (T->getDecl()->getDeclContext()->isFunctionOrMethod())
      Blocker = "'" + T->getDecl()->getNameAsString() + "' is declared in the function too";
    return true;
  }
  bool VisitVariableArrayType(VariableArrayType *) {
    Blocker = "it is a variable-length array type";
    return true;
  }
  bool VisitTypeOfExprType(TypeOfExprType *) {
    Blocker = "it is the type of an expression";
    return true;
  }
};

} // namespace

bool canRepeatTypedef(LoweringContext &L, const TypedefNameDecl *TD, std::string &Why) {
  TypeNeeds Needs;
  Needs.TraverseType(TD->getUnderlyingType());
  if (!Needs.Blocker.empty()) {
    Why = Needs.Blocker;
    return false;
  }
  // Its name must mean nothing else at file scope (a variable, a function, an enumerator, a
  // typedef of another type, or another function's typedef of that name).
  const std::string Name = TD->getName().str();
  const QualType Type = L.Ctx.getCanonicalType(TD->getUnderlyingType());
  for (const NamedDecl *D : L.Ctx.getTranslationUnitDecl()->lookup(TD->getDeclName())) {
    const auto *Other = dyn_cast<TypedefNameDecl>(D);
    if (D->isInIdentifierNamespace(Decl::IDNS_Ordinary) &&
        !(Other && L.Ctx.getCanonicalType(Other->getUnderlyingType()) == Type)) {
      Why = "'" + Name + "' names something else at file scope";
      return false;
    }
  }
  auto It = L.RepeatedTypedefs.find(Name);
  if (It != L.RepeatedTypedefs.end() && It->second != TD &&
      L.Ctx.getCanonicalType(It->second->getUnderlyingType()) != Type) {
    Why = "another function's typedef '" + Name + "' of another type is repeated there";
    return false;
  }
  for (const TypedefNameDecl *Inner : Needs.Typedefs)
    if (!canRepeatTypedef(L, Inner, Why))
      return false;
  return true;
}

void repeatTypedef(LoweringContext &L, const TypedefNameDecl *TD) {
  const std::string Name = TD->getName().str();
  if (L.RepeatedTypedefs.count(Name))
    return;
  L.RepeatedTypedefs[Name] = TD;
  TypeNeeds Needs;
  Needs.TraverseType(TD->getUnderlyingType());
  for (const TypedefNameDecl *Inner : Needs.Typedefs)
    repeatTypedef(L, Inner);
  const auto *Fn = dyn_cast<FunctionDecl>(TD->getDeclContext());
  if (!Fn)
    return;
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(), "/* omp2numa: typedef '" + Name +
                                                  "' repeated here from '" +
                                                  Fn->getName().str() + "' */\ntypedef " +
                                                  L.Types.declare(TD->getUnderlyingType(), Name) +
                                                  ";\n");
}

} // namespace omp2numa
