//===- LocalTypes.cpp -----------------------------------------------------===//
#include "LocalTypes.h"
#include "MacroState.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <iterator>
#include <map>
#include <set>
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

/// 'name', or for an unnamed struct, union or enum what it is (`the struct of 'pair'`).
std::string quotedName(const NamedDecl *D) {
  const auto *Tag = dyn_cast<TagDecl>(D);
  if (!Tag || !D->getName().empty())
    return "'" + D->getNameAsString() + "'";
  const std::string Kind = Tag->getKindName().str();
  if (const TypedefNameDecl *Typedef = Tag->getTypedefNameForAnonDecl())
    return "the " + Kind + " of '" + Typedef->getName().str() + "'";
  return "an unnamed " + Kind;
}

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
  std::string Text = L.Out.text(Range); // with the names renameClashingLocalNames gave
  if (Part.Split) {
    const std::string Kind = Part.Split->getKindName().str();
    if (Part.Split->getName().empty())
      nameUnnamed(L, const_cast<TagDecl *>(Part.Split), Text);
    L.Out.replace(Range, "/* omp2numa: definition moved before '" + FnName + "' */ " + Kind +
                             " " + Part.Split->getName().str());
  } else {
    L.Out.replace(Range, "/* omp2numa: moved before '" + FnName + "' */");
  }
  const auto [SetMacros, RestoreMacros] = macrosForMovedDeclaration(L, Fn, Range.getBegin());
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(), "/* omp2numa: moved here from '" + FnName +
                                                  "' */\n" + SetMacros +
                                                  L.Out.lineMarker(Range.getBegin()) + Text +
                                                  (Part.Split ? ";\n" : "\n") + RestoreMacros);
}

void makeVisible(LoweringContext &L, const NamedDecl *D) {
  std::string Why;
  if (const auto *TD = dyn_cast<TypedefNameDecl>(D); TD && canRepeatTypedef(L, TD, Why))
    repeatTypedef(L, TD);
  else
    move(L, declarationOf(L.Ctx, D));
}

/// Where each local type, typedef and enumerator of one function is named, and which of them
/// the function's constructs use from outside their own text (directly, in a clause, or through
/// the type of a variable): those may have to be made visible at file scope.
class LocalNameUses : public RecursiveASTVisitor<LocalNameUses> {
public:
  LocalNameUses(const SourceManager &SM, const std::vector<const Construct *> &Constructs)
      : SM(SM) {
    std::copy_if(Constructs.begin(), Constructs.end(), std::back_inserter(Roots),
                 [](const Construct *K) { return !K->Parent; });
    std::sort(Roots.begin(), Roots.end(), [&](const Construct *A, const Construct *B) {
      return SM.isBeforeInTranslationUnit(A->Range.getBegin(), B->Range.getBegin());
    });
    for (const Construct *K : Constructs)
      for (const auto &[Tok, D] : K->ExprLocalNames)
        if (!within(K, D->getLocation()))
          need(D);
  }
  std::map<const NamedDecl *, std::set<SourceLocation>> Uses;
  std::vector<const NamedDecl *> Needed; ///< in the order first met

  bool VisitNamedDecl(NamedDecl *D) {
    if (isa<TagDecl>(D) || isa<TypedefNameDecl>(D) || isa<EnumConstantDecl>(D))
      Uses[D].insert(D->getLocation());
    return true;
  }
  bool VisitTypeLoc(TypeLoc TL) {
    if (auto T = TL.getAs<TypedefTypeLoc>())
      use(T.getTypedefNameDecl(), T.getNameLoc());
    else if (auto T = TL.getAs<TagTypeLoc>(); T && !T.getDecl()->getName().empty())
      use(T.getDecl(), T.getNameLoc());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<EnumConstantDecl>(E->getDecl()))
      use(E->getDecl(), E->getLocation());
    else if (const auto *V = dyn_cast<VarDecl>(E->getDecl());
             V && isLocal(V) && usedOutside(E->getLocation(), V->getLocation()))
      needTypesOf(V);
    return true;
  }

private:
  const SourceManager &SM;
  /// The function's outermost constructs, in the order of their text (their texts are disjoint).
  std::vector<const Construct *> Roots;

  bool within(const Construct *K, SourceLocation Loc) const {
    return rangeContains(SM, K->Range, SM.getExpansionLoc(Loc));
  }
  void need(const NamedDecl *D) {
    if (!llvm::is_contained(Needed, D))
      Needed.push_back(D);
  }
  /// Whether a construct uses at Loc what is declared at DeclLoc, outside it.  Constructs nest,
  /// so the innermost one holding Loc decides; it is found from the one outermost construct that
  /// may hold Loc (asking every construct of the function for each name made a function with
  /// thousands of them quadratic).
  bool usedOutside(SourceLocation Loc, SourceLocation DeclLoc) const {
    Loc = SM.getExpansionLoc(Loc);
    auto After = std::upper_bound(Roots.begin(), Roots.end(), Loc,
                                  [&](SourceLocation At, const Construct *K) {
                                    return SM.isBeforeInTranslationUnit(At, K->Range.getBegin());
                                  });
    if (After == Roots.begin() || !within(*std::prev(After), Loc))
      return false;
    return !within(innermostAt(*std::prev(After), Loc, SM), DeclLoc);
  }
  /// The local types V's type names: the outlined code declares V's copy or pointer.
  void needTypesOf(const VarDecl *V) {
    if (!TypesNeeded.insert(V).second)
      return;
    LocalNeeds Needs(SM, SourceRange());
    Needs.TraverseType(V->getType());
    llvm::for_each(Needs.Needed, [&](const NamedDecl *D) { need(D); });
  }
  std::set<const VarDecl *> TypesNeeded;
  void use(const NamedDecl *D, SourceLocation Loc) {
    if (!isLocal(D))
      return;
    Uses[D].insert(Loc);
    if (usedOutside(Loc, D->getLocation()))
      need(D);
  }
};

/// The local declarations that making Needed visible at file scope may bring there too: what
/// their declarations declare and need, transitively.
std::vector<const NamedDecl *> closureOf(LoweringContext &L,
                                         std::vector<const NamedDecl *> Needed) {
  for (size_t I = 0; I < Needed.size(); ++I) {
    LocalNeeds Needs(L.Ctx.getSourceManager(), SourceRange());
    if (const auto *TD = dyn_cast<TypedefNameDecl>(Needed[I]))
      Needs.TraverseType(TD->getUnderlyingType());
    std::string Why;
    const DeclStmt *S = declarationOf(L.Ctx, Needed[I]);
    if (std::optional<MovablePart> Part = S ? movablePart(S, Why) : std::nullopt) {
      Needs.Needed = needsOf(L, *Part).Needed;
      for (const NamedDecl *D : Part->names())
        Needs.Needed.push_back(D);
    }
    for (const NamedDecl *D : Needs.Needed)
      if (!llvm::is_contained(Needed, D))
        Needed.push_back(D);
  }
  return Needed;
}

/// Whether a directive of Constructs names D other than by a clause expression that spells its
/// current name (Construct::spelling): renaming D would leave that name behind.
bool namedInPragmas(LoweringContext &L, const std::vector<const Construct *> &Constructs,
                    const NamedDecl *D) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  const std::string Name = D->getName().str();
  for (const Construct *K : Constructs) {
    const std::string Text = Lexer::getSourceText(K->PragmaRange, SM, L.Ctx.getLangOpts()).str();
    for (size_t At = Text.find(Name); At != std::string::npos; At = Text.find(Name, At + 1)) {
      const size_t End = At + Name.size();
      if ((At > 0 && isAsciiIdentifierContinue(Text[At - 1])) ||
          (End < Text.size() && isAsciiIdentifierContinue(Text[End])))
        continue; // part of another identifier
      const SourceLocation Loc = K->PragmaRange.getBegin().getLocWithOffset(At);
      if (!llvm::any_of(K->ExprLocalNames, [&](const auto &Named) {
            return Named.second == D && Named.first->Loc == Loc;
          }))
        return true;
    }
  }
  return false;
}

/// Gives D the name New everywhere its function names it, if every place is text of the file
/// (macro arguments included) and no directive names it otherwise; false, changing nothing, if
/// not.
bool rename(LoweringContext &L, const std::vector<const Construct *> &Constructs,
            const NamedDecl *D, const std::set<SourceLocation> &Uses, const std::string &New) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  std::set<SourceLocation> Written; // a macro argument's token where the file spells it
  for (SourceLocation Loc : Uses) {
    if (Loc.isMacroID() && SM.isMacroArgExpansion(Loc))
      Loc = SM.getSpellingLoc(Loc);
    if (Loc.isMacroID() || !SM.getFileEntryForID(SM.getFileID(Loc)))
      return false; // in a macro's definition
    Written.insert(Loc);
  }
  const auto *Tag = dyn_cast<TagDecl>(D);
  if ((Tag && ++Tag->redecls_begin() != Tag->redecls_end()) || namedInPragmas(L, Constructs, D))
    return false;
  for (SourceLocation Loc : Written)
    L.Out.replaceToken(CharSourceRange::getTokenRange(Loc), New);
  const_cast<NamedDecl *>(D)->setDeclName(DeclarationName(&L.Ctx.Idents.get(New)));
  return true;
}

/// Whether D would share its file-scope name with something else there: a declaration of the
/// file, or Kept, the local declaration that keeps that name (a typedef of the same type may
/// repeat).
bool clashes(LoweringContext &L, const NamedDecl *D, const NamedDecl *Kept) {
  const auto *TD = dyn_cast<TypedefNameDecl>(D);
  const QualType Type = TD ? L.Ctx.getCanonicalType(TD->getUnderlyingType()) : QualType();
  if (namedAtFileScope(L, D, Type))
    return true;
  const auto *KeptTD = dyn_cast_or_null<TypedefNameDecl>(Kept);
  return Kept && !(TD && KeptTD && L.Ctx.getCanonicalType(KeptTD->getUnderlyingType()) == Type);
}

/// `__o2n_<name>_<line>_<col>`: D's name at file scope when its own is taken.
std::string fileScopeName(LoweringContext &L, const NamedDecl *D) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  return "__o2n_" + D->getName().str() + "_" +
         std::to_string(SM.getExpansionLineNumber(D->getLocation())) + "_" +
         std::to_string(SM.getExpansionColumnNumber(D->getLocation()));
}

/// The functions that hold constructs, each with its constructs, in source order.
std::vector<std::pair<const FunctionDecl *, std::vector<const Construct *>>>
constructsByFunction(const BoundFile &File) {
  std::vector<std::pair<const FunctionDecl *, std::vector<const Construct *>>> ByFunction;
  for (const std::unique_ptr<Construct> &K : File.All) {
    if (!K->Function)
      continue;
    if (ByFunction.empty() || ByFunction.back().first != K->Function)
      ByFunction.push_back({K->Function, {}});
    ByFunction.back().second.push_back(K.get());
  }
  return ByFunction;
}

} // namespace

void renameClashingLocalNames(LoweringContext &L) {
  std::map<std::string, const NamedDecl *> Kept; // by fileScopeKey
  for (const auto &[F, Constructs] : constructsByFunction(L.File)) {
    LocalNameUses Uses(L.Ctx.getSourceManager(), Constructs);
    Uses.TraverseDecl(const_cast<FunctionDecl *>(F));
    for (const NamedDecl *D : closureOf(L, Uses.Needed)) {
      if (D->getName().empty())
        continue;
      const NamedDecl *&Holder = Kept[fileScopeKey(D)];
      if (!clashes(L, D, Holder))
        Holder = Holder ? Holder : D;
      else
        rename(L, Constructs, D, Uses.Uses[D], fileScopeName(L, D));
    }
  }
}

bool makeVisibleAtFileScope(LoweringContext &L, const NamedDecl *D, std::string &Why) {
  if (!canMakeVisible(L, D, Why))
    return false;
  makeVisible(L, D);
  return true;
}

} // namespace omp2numa
