//===- LocalTypes.cpp -----------------------------------------------------===//
#include "LocalTypes.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <optional>

using namespace clang;

namespace omp2numa {

namespace {

/// Whether D is declared inside a function (also inside a struct or enum declared there).
bool isLocal(const NamedDecl *D) { return D->getParentFunctionOrMethod() != nullptr; }

/// What a type, or a declaration of types, needs of its function: the typedefs, tags and
/// enumerators declared there (outside Own, the declaration itself), and whether it needs
/// anything that cannot leave the function (Blocker).
class LocalNeeds : public RecursiveASTVisitor<LocalNeeds> {
public:
  LocalNeeds(const SourceManager &SM, SourceRange Own) : SM(SM), Own(Own) {}
  std::vector<const NamedDecl *> Needed;
  std::string Blocker;

  bool VisitTypedefType(TypedefType *T) {
    need(T->getDecl());
    return true;
  }
  bool TraverseTypedefType(TypedefType *T) { return WalkUpFromTypedefType(T); } // not its type
  bool VisitTagType(TagType *T) {
    need(T->getDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<EnumConstantDecl>(E->getDecl()))
      need(E->getDecl());
    else if (isLocal(E->getDecl()))
      Blocker = "it uses '" + E->getDecl()->getNameAsString() + "', declared in the function";
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

private:
  const SourceManager &SM;
  SourceRange Own;

  void need(const NamedDecl *D) {
    if (!isLocal(D) || llvm::is_contained(Needed, D))
      return;
    if (Own.isValid() && SM.isPointWithin(D->getLocation(), Own.getBegin(), Own.getEnd()))
      return;
    Needed.push_back(D);
  }
};

/// The statement of its function that declares D (an enumerator or a nested struct: the
/// outermost struct or enum around it), if any.
const DeclStmt *declarationOf(ASTContext &Ctx, const NamedDecl *D) {
  const Decl *Declared = D;
  while (!Declared->getLexicalDeclContext()->isFunctionOrMethod())
    Declared = cast<Decl>(Declared->getLexicalDeclContext());
  for (const DynTypedNode &Parent : Ctx.getParents(*Declared))
    if (const auto *S = Parent.get<DeclStmt>())
      return S;
  return nullptr;
}

/// What of a function's declaration statement can move to file scope: the whole statement when
/// it declares types only; the definition of a named struct, union or enum that begins a
/// declaration of variables (`struct pt { int x, y; } p;` moves `struct pt { int x, y; }`, and
/// `struct pt p;` stays).
struct MovablePart {
  const DeclStmt *S = nullptr;
  const TagDecl *Split = nullptr; ///< the definition that moves, when not the whole statement
  SourceRange range() const { return Split ? Split->getSourceRange() : S->getSourceRange(); }

  /// The names it declares (tags are in their own namespace).
  std::vector<const NamedDecl *> names() const {
    std::vector<const NamedDecl *> Names;
    auto Add = [&](const Decl *D) {
      if (!cast<NamedDecl>(D)->getName().empty())
        Names.push_back(cast<NamedDecl>(D));
      if (const auto *Enum = dyn_cast<EnumDecl>(D))
        Names.insert(Names.end(), Enum->enumerator_begin(), Enum->enumerator_end());
    };
    if (Split)
      Add(Split);
    else
      llvm::for_each(S->decls(), Add);
    return Names;
  }
};

std::string quotedName(const NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

/// The part of S that can move (a statement of types, or the tag definition of a declaration of
/// variables); nothing, with Why, otherwise.
std::optional<MovablePart> movablePart(const DeclStmt *S, std::string &Why) {
  MovablePart Part{S};
  const auto *Tag = dyn_cast<TagDecl>(*S->decl_begin());
  for (const Decl *D : S->decls()) {
    if (isa<TagDecl>(D) || isa<TypedefNameDecl>(D))
      continue;
    if (!Tag || !Tag->isCompleteDefinition() || !Tag->isEmbeddedInDeclarator()) {
      Why = "its declaration declares " + quotedName(cast<NamedDecl>(D)) + ", not a type";
      return std::nullopt;
    }
    Part.Split = Tag;
  }
  if (!Part.Split || !Tag->hasAttrs())
    return Part;
  Why = "it has attributes and is declared with its variables";
  return std::nullopt;
}

/// Whether D's name already means something at file scope, in D's namespace (tags apart); a
/// typedef of SameType, when given, does not count (C11 lets a typedef be declared again).
bool namedAtFileScope(LoweringContext &L, const NamedDecl *D, QualType SameType = QualType()) {
  const unsigned Namespace = isa<TagDecl>(D) ? Decl::IDNS_Tag : Decl::IDNS_Ordinary;
  for (const NamedDecl *Other : L.Ctx.getTranslationUnitDecl()->lookup(D->getDeclName())) {
    const auto *Typedef = dyn_cast<TypedefNameDecl>(Other);
    const bool Repeatable = Typedef && !SameType.isNull() &&
                            L.Ctx.getCanonicalType(Typedef->getUnderlyingType()) == SameType;
    if (Other->isInIdentifierNamespace(Namespace) && !Repeatable)
      return true;
  }
  return false;
}

bool canMakeVisible(LoweringContext &L, const NamedDecl *D, std::string &Why);

/// Whether the needs of a type or declaration (LocalNeeds) can all be made visible.
bool needsCanBeVisible(LoweringContext &L, const LocalNeeds &Needs, std::string &Why) {
  if (!Needs.Blocker.empty()) {
    Why = Needs.Blocker;
    return false;
  }
  for (const NamedDecl *D : Needs.Needed)
    if (!canMakeVisible(L, D, Why))
      return false;
  return true;
}

bool canRepeatTypedef(LoweringContext &L, const TypedefNameDecl *TD, std::string &Why) {
  LocalNeeds Needs(L.Ctx.getSourceManager(), SourceRange());
  Needs.TraverseType(TD->getUnderlyingType());
  for (const NamedDecl *D : Needs.Needed)
    if (isa<TagDecl>(D)) {
      Why = quotedName(D) + " is declared in the function too";
      return false;
    }
  // Its name must mean nothing else at file scope (a variable, a function, an enumerator, a
  // typedef of another type, or another local typedef of that name made visible there).
  const QualType Type = L.Ctx.getCanonicalType(TD->getUnderlyingType());
  if (namedAtFileScope(L, TD, Type)) {
    Why = quotedName(TD) + " names something else at file scope";
    return false;
  }
  auto It = L.FileScopeNames.find(TD->getName().str());
  if (It != L.FileScopeNames.end() && It->second != TD &&
      !(isa<TypedefNameDecl>(It->second) &&
        L.Ctx.getCanonicalType(cast<TypedefNameDecl>(It->second)->getUnderlyingType()) == Type)) {
    Why = "another declaration of " + quotedName(TD) + " is made visible there";
    return false;
  }
  return needsCanBeVisible(L, Needs, Why);
}

/// The needs of a movable part (LocalNeeds).
LocalNeeds needsOf(LoweringContext &L, const MovablePart &Part) {
  LocalNeeds Needs(L.Ctx.getSourceManager(), Part.range());
  if (Part.Split)
    Needs.TraverseDecl(const_cast<TagDecl *>(Part.Split));
  else
    Needs.TraverseStmt(const_cast<DeclStmt *>(Part.S));
  return Needs;
}

/// The key of D's name in FileScopeNames.
std::string fileScopeKey(const NamedDecl *D) {
  return (isa<TagDecl>(D) ? "tag " : "") + D->getName().str();
}

/// Whether the movable part of S can move to file scope.
bool canMove(LoweringContext &L, const DeclStmt *S, std::string &Why) {
  if (L.MovedDeclarations.count(S))
    return true;
  std::optional<MovablePart> Part = movablePart(S, Why);
  if (!Part)
    return false;
  const SourceRange Range = Part->range();
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID() ||
      !L.conditionalsNest(CharSourceRange::getTokenRange(Range))) {
    Why = "its declaration is not plain text of the file (a macro or a conditional holds it)";
    return false;
  }
  for (const NamedDecl *D : Part->names()) {
    if (namedAtFileScope(L, D)) {
      Why = quotedName(D) + " names something else at file scope";
      return false;
    }
    auto It = L.FileScopeNames.find(fileScopeKey(D));
    if (It != L.FileScopeNames.end() && declarationOf(L.Ctx, It->second) != S) {
      Why = "another declaration of " + quotedName(D) + " is made visible there";
      return false;
    }
  }
  return needsCanBeVisible(L, needsOf(L, *Part), Why);
}

bool canMakeVisible(LoweringContext &L, const NamedDecl *D, std::string &Why) {
  std::string RepeatWhy;
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D); TD && canRepeatTypedef(L, TD, RepeatWhy))
    return true;
  const DeclStmt *S = declarationOf(L.Ctx, D);
  if (S && canMove(L, S, Why))
    return true;
  if (!RepeatWhy.empty())
    Why = RepeatWhy;
  else if (!S)
    Why = quotedName(D) + " is not declared by a statement of its own";
  return false;
}

void makeVisible(LoweringContext &L, const NamedDecl *D);

void makeNeedsVisible(LoweringContext &L, const LocalNeeds &Needs) {
  for (const NamedDecl *D : Needs.Needed)
    makeVisible(L, D);
}

void repeatTypedef(LoweringContext &L, const TypedefNameDecl *TD) {
  const std::string Name = TD->getName().str();
  if (L.FileScopeNames.count(Name))
    return;
  L.FileScopeNames[Name] = TD;
  LocalNeeds Needs(L.Ctx.getSourceManager(), SourceRange());
  Needs.TraverseType(TD->getUnderlyingType());
  makeNeedsVisible(L, Needs);
  const auto *Fn = cast<FunctionDecl>(TD->getParentFunctionOrMethod());
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(), "/* omp2numa: typedef '" + Name +
                                                  "' repeated here from '" +
                                                  Fn->getName().str() + "' */\ntypedef " +
                                                  L.Types.declare(TD->getUnderlyingType(), Name) +
                                                  ";\n");
}

/// Gives Tag, an unnamed struct, union or enum declared with its variables, a name, so that the
/// variables and the outlined code can name its type once its definition has moved: in Text,
/// its definition (after the keyword), and in the AST, where the emitted code's types are spelled.
void nameUnnamed(LoweringContext &L, TagDecl *Tag, std::string &Text) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  const std::string Name = "__o2n_" + Tag->getKindName().str() + "_" +
                           std::to_string(SM.getExpansionLineNumber(Tag->getBeginLoc())) + "_" +
                           std::to_string(SM.getExpansionColumnNumber(Tag->getBeginLoc()));
  Text.insert(Tag->getKindName().size(), " " + Name);
  Tag->setDeclName(DeclarationName(&L.Ctx.Idents.get(Name)));
}

/// Moves the movable part of S before its function, with a #line marker so the compiler's
/// messages about it keep pointing at the user's line; a comment stays where it was.
void move(LoweringContext &L, const DeclStmt *S) {
  if (!L.MovedDeclarations.insert(S).second)
    return;
  std::string Why;
  const MovablePart Part = *movablePart(S, Why);
  for (const NamedDecl *D : Part.names())
    L.FileScopeNames[fileScopeKey(D)] = D;
  makeNeedsVisible(L, needsOf(L, Part));
  const auto *Fn = cast<FunctionDecl>(cast<NamedDecl>(*S->decl_begin())->getParentFunctionOrMethod());
  const std::string FnName = Fn->getName().str();
  const CharSourceRange Range = CharSourceRange::getTokenRange(Part.range());
  const SourceManager &SM = L.Ctx.getSourceManager();
  std::string Text = Lexer::getSourceText(Range, SM, L.Ctx.getLangOpts()).str();
  if (Part.Split) {
    const std::string Kind = Part.Split->getKindName().str();
    if (Part.Split->getName().empty())
      nameUnnamed(L, const_cast<TagDecl *>(Part.Split), Text);
    L.Out.replace(Range, "/* omp2numa: definition moved before '" + FnName + "' */ " + Kind +
                             " " + Part.Split->getName().str());
  } else {
    L.Out.replace(Range, "/* omp2numa: moved before '" + FnName + "' */");
  }
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(), "/* omp2numa: moved here from '" + FnName +
                                                  "' */\n" + L.Out.lineMarker(Range.getBegin()) +
                                                  Text + (Part.Split ? ";\n" : "\n"));
}

void makeVisible(LoweringContext &L, const NamedDecl *D) {
  std::string Why;
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D); TD && canRepeatTypedef(L, TD, Why))
    repeatTypedef(L, TD);
  else
    move(L, declarationOf(L.Ctx, D));
}

} // namespace

bool makeVisibleAtFileScope(LoweringContext &L, const NamedDecl *D, std::string &Why) {
  if (!canMakeVisible(L, D, Why))
    return false;
  makeVisible(L, D);
  return true;
}

} // namespace omp2numa
