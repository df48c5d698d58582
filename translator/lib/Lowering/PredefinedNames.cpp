//===- PredefinedNames.cpp - __func__ in outlined regions -----------------===//
#include "PredefinedNames.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace omp2numa {

namespace {

/// The predefined names a statement uses (also through a macro, as assert does), as bits
/// 1 << PredefinedExpr::IdentKind.
class PredefinedNameUse : public RecursiveASTVisitor<PredefinedNameUse> {
public:
  unsigned Kinds = 0;
  bool VisitPredefinedExpr(PredefinedExpr *E) {
    Kinds |= 1u << E->getIdentKind();
    return true;
  }
};

unsigned namesUsed(const Stmt *S) {
  PredefinedNameUse Use;
  Use.TraverseStmt(const_cast<Stmt *>(S));
  return Use.Kinds;
}

/// gcc's three objects (in C, three arrays of the same text), each only where it is used: an
/// unused static const array is a -Wunused-const-variable warning of gcc's -Wall.
struct Name {
  PredefinedExpr::IdentKind Kind;
  const char *Spelling;
};
constexpr Name Names[] = {{PredefinedExpr::Func, "__func__"},
                          {PredefinedExpr::Function, "__FUNCTION__"},
                          {PredefinedExpr::PrettyFunction, "__PRETTY_FUNCTION__"}};

std::string arrayName(const Name &N, const std::string &Function) {
  return "__o2n" + std::string(N.Spelling).substr(1) + Function;
}

} // namespace

std::pair<std::string, std::string> predefinedNamesAround(LoweringContext &L, const Construct *C) {
  if (!C->Body || !C->Function || !namesUsed(C->Body))
    return {"", ""};
  const std::string Function = C->Function->getName().str();
  const unsigned Kinds = namesUsed(C->Function->getBody());
  std::string Arrays, Defines, Undefs;
  for (const Name &N : Names) {
    if (!(Kinds & (1u << N.Kind)))
      continue;
    Arrays += "static const char " + arrayName(N, Function) + "[] = \"" + Function + "\";\n";
    Defines += std::string("#define ") + N.Spelling + " " + arrayName(N, Function) + "\n";
    Undefs += std::string("#undef ") + N.Spelling + "\n";
  }
  if (L.FunctionsNamingThemselves.insert(C->Function).second) {
    // Before the function (and before the outlined functions' declarations, which follow it),
    // so that the function's own uses are the arrays too; #undef at its closing brace.
    L.insertBeforeFunction(C, Arrays + Defines);
    L.Out.insertAfterToken(C->Function->getBody()->getEndLoc(), Undefs);
  }
  return {Defines, Undefs};
}

} // namespace omp2numa
