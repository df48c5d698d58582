//===- ThreadprivateLowering.cpp - threadprivate --------------------------===//
//
// A threadprivate variable becomes _Thread_local: every thread names its own copy, so outlined
// regions never capture it.  The storage class applies to a whole declaration, so the variable
// must be declared on its own.
//
//===----------------------------------------------------------------------===//
#include "ThreadprivateLowering.h"
#include "MacroState.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace omp2numa {

namespace {

/// Whether Name is free at file scope for block-scope static V; reports the clash otherwise.
bool fileScopeNameFree(LoweringContext &L, const VarDecl *V, SourceLocation ClauseLoc) {
  const std::string Name = V->getName().str();
  for (const Decl *D : L.Ctx.getTranslationUnitDecl()->decls())
    if (const auto *Other = dyn_cast<NamedDecl>(D); Other && Other->getName() == Name) {
      L.Diags.error(ClauseLoc, "threadprivate block-scope variable '" + Name + "' must move to "
                               "file scope, where '" + Name + "' already names something else: "
                               "rename one of them");
      L.Diags.note(Other->getLocation(), "declared here");
      return false;
    }
  for (const VarDecl *Moved : L.ThreadLocalVars)
    if (Moved->isStaticLocal() && Moved->getName() == Name) {
      L.Diags.error(ClauseLoc, "two threadprivate block-scope variables named '" + Name +
                               "' would both move to file scope: rename one of them");
      return false;
    }
  return true;
}

/// One declarator of a declaration that declares several, as a declaration of its own:
/// `static _Thread_local double y = 1;`.  Nothing (after an error) for a type without a name,
/// which a second declaration would make another type.
std::optional<std::string> declarationOf(LoweringContext &L, const VarDecl *V, bool ThreadLocal) {
  const std::string Name = V->getName().str();
  std::string S = V->getStorageClass() == SC_Static   ? "static "
                  : V->getStorageClass() == SC_Extern ? "extern "
                                                      : "";
  if (ThreadLocal || V->getTLSKind() != VarDecl::TLS_None)
    S += "_Thread_local ";
  S += L.Types.declare(V->getType(), Name);
  if (const Expr *Init = V->getInit()) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Init->getSourceRange()), L.Ctx.getSourceManager(),
        L.Ctx.getLangOpts());
    if (R.isInvalid()) {
      L.Diags.error(V->getLocation(), "the initializer of threadprivate variable '" + Name +
                                          "' comes from a macro: declare it on its own");
      return std::nullopt;
    }
    S += " = " + L.Out.text(R);
  }
  return S + ";";
}

/// The declarations of Vars, one each, the threadprivate ones _Thread_local; for Named, the
/// threadprivate variable that asks for it.
std::optional<std::string> splitDeclaration(LoweringContext &L,
                                            const std::vector<const VarDecl *> &Vars,
                                            const VarDecl *Named) {
  if (TypeSpelling::hasUnnamedTag(Named->getType())) {
    L.Diags.error(Named->getLocation(), "threadprivate variable '" + Named->getName().str() +
                                            "' shares its declaration of a type without a name "
                                            "with variables that are not threadprivate: declare "
                                            "it on its own");
    return std::nullopt;
  }
  std::string S;
  for (const VarDecl *V : Vars) {
    std::optional<std::string> D = declarationOf(L, V, L.File.isThreadprivate(V));
    if (!D)
      return std::nullopt;
    S += (S.empty() ? "" : " ") + *D;
  }
  return S;
}

/// A block-scope static made threadprivate moves to file scope as _Thread_local, so that the
/// regions outlined from its function see it; its name must not clash there.  The other
/// threadprivate variables of its declaration (`static int a, b = 4;`) move with it; variables
/// of the declaration that are not threadprivate stay, declared one by one.
bool hoistStaticLocal(LoweringContext &L, const VarDecl *V, SourceLocation ClauseLoc) {
  const std::string Name = V->getName().str();
  const DeclStmt *Declaration = nullptr;
  for (const DynTypedNode &P : L.Ctx.getParents(*V))
    Declaration = P.get<DeclStmt>();
  CharSourceRange Range = Declaration ? statementRange(Declaration, L.Ctx) : CharSourceRange();
  if (!Declaration || !Range.isValid()) {
    L.Diags.error(V->getLocation(), "threadprivate variable '" + Name +
                                        "' must be declared on its own");
    return false;
  }
  std::vector<const VarDecl *> Moved, Staying;
  for (const Decl *D : Declaration->decls())
    if (const auto *W = dyn_cast<VarDecl>(D))
      (L.File.isThreadprivate(W) ? Moved : Staying).push_back(W);
  for (const VarDecl *W : Moved)
    if (!fileScopeNameFree(L, W, ClauseLoc) ||
        !L.checkFileScopeType(W->getType(), W->getLocation(),
                              "threadprivate variable '" + W->getName().str() + "'"))
      return false;
  const auto *Fn = cast<FunctionDecl>(V->getDeclContext());
  std::string Names;
  for (const VarDecl *W : Moved)
    Names += (Names.empty() ? "'" : ", '") + W->getName().str() + "'";
  std::optional<std::string> MovedText, StayingText = std::string();
  if (Staying.empty()) {
    // Already _Thread_local (or __thread): it only moves.
    const char *Storage = V->getTLSKind() == VarDecl::TLS_None ? "_Thread_local " : "";
    MovedText = Storage + L.Out.text(Range);
  } else {
    MovedText = splitDeclaration(L, Moved, V);
    StayingText = MovedText ? splitDeclaration(L, Staying, V) : std::nullopt;
  }
  if (!MovedText || !StayingText)
    return false;
  const auto [SetMacros, RestoreMacros] = macrosForMovedDeclaration(L, Fn, Range.getBegin());
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(),
                           "/* omp2numa: threadprivate " + Names + " moved here from '" +
                               Fn->getName().str() + "' */\n" + SetMacros +
                               L.Out.lineMarker(Range.getBegin()) + *MovedText + "\n" +
                               RestoreMacros);
  L.Out.replace(Range, "/* omp2numa: " + Names + " moved to file scope (threadprivate) */" +
                           (StayingText->empty() ? "" : " " + *StayingText));
  for (const VarDecl *W : Moved)
    if (W != V)
      L.ThreadLocalVars.push_back(W->getCanonicalDecl());
  return true;
}

/// The end of file-scope declaration Group (its declarators share their first token), after its
/// ';'.
SourceLocation declarationEnd(LoweringContext &L, const std::vector<const VarDecl *> &Group) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  SourceLocation Last;
  for (const VarDecl *V : Group) {
    SourceLocation E = SM.getExpansionRange(V->getEndLoc()).getEnd();
    if (Last.isInvalid() || SM.isBeforeInTranslationUnit(Last, E))
      Last = E;
  }
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, L.Ctx.getLangOpts());
  Token Next;
  if (!Lexer::getRawToken(End, Next, SM, L.Ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true) &&
      Next.is(tok::semi))
    return Next.getEndLoc();
  return SourceLocation();
}

/// Marks every declaration of file-scope V _Thread_local.
bool makeThreadLocal(LoweringContext &L, const VarDecl *V, SourceLocation ClauseLoc) {
  const SourceManager &SM = L.Ctx.getSourceManager();
  const std::string Name = V->getName().str();
  for (const VarDecl *R : V->redecls()) {
    SourceLocation Begin = SM.getExpansionLoc(R->getBeginLoc());
    if (!L.Out.includes().translated(Begin)) {
      L.Diags.error(ClauseLoc, "threadprivate variable '" + Name + "' is declared in a system "
                                                                  "header, which omp2numa does "
                                                                  "not change");
      L.Diags.note(R->getLocation(), "declared here");
      return false;
    }
    if (std::find(L.ThreadLocalDecls.begin(), L.ThreadLocalDecls.end(), Begin) !=
        L.ThreadLocalDecls.end())
      continue; // its declaration is done
    L.ThreadLocalDecls.push_back(Begin);
    // `int a, b;`: one _Thread_local makes the whole declaration thread-local, which is right
    // if every variable it declares is threadprivate; otherwise each gets a declaration.
    std::vector<const VarDecl *> Group;
    bool All = true;
    for (const Decl *Other : R->getDeclContext()->decls())
      if (const auto *W = dyn_cast<VarDecl>(Other);
          W && SM.getExpansionLoc(W->getBeginLoc()) == Begin) {
        Group.push_back(W);
        All &= L.File.isThreadprivate(W);
      }
    if (All) {
      L.Out.insertBefore(Begin, "_Thread_local ");
      continue;
    }
    SourceLocation End = declarationEnd(L, Group);
    std::optional<std::string> Split =
        End.isValid() && !R->getBeginLoc().isMacroID() ? splitDeclaration(L, Group, R)
                                                        : std::nullopt;
    if (!Split) {
      if (!L.Diags.hasErrors())
        L.Diags.error(R->getLocation(), "threadprivate variable '" + Name +
                                            "' shares a declaration written by a macro with "
                                            "variables that are not threadprivate: declare it "
                                            "on its own");
      return false;
    }
    L.Out.replace(CharSourceRange::getCharRange(Begin, End), *Split);
  }
  return true;
}

} // namespace

Lowered lowerThreadprivate(LoweringContext &L, const Construct *C) {
  bool Ok = true;
  for (const ClauseVar &CV : C->Vars) {
    const VarDecl *V = CV.Var;
    if (!V->hasGlobalStorage()) {
      L.Diags.error(CV.Loc, "threadprivate variable '" + V->getName().str() +
                                "' must be a file-scope or static variable");
      Ok = false;
    } else if ((V->getTLSKind() != VarDecl::TLS_None && !V->isStaticLocal()) ||
               std::find(L.ThreadLocalVars.begin(), L.ThreadLocalVars.end(),
                         V->getCanonicalDecl()) != L.ThreadLocalVars.end()) {
      continue;
    } else if (V->isStaticLocal() ? hoistStaticLocal(L, V, CV.Loc)
                                  : makeThreadLocal(L, V, CV.Loc)) {
      L.ThreadLocalVars.push_back(V->getCanonicalDecl());
    } else {
      Ok = false;
    }
  }
  if (!Ok)
    return std::nullopt;
  return std::string(" /* thread-local storage */");
}

} // namespace omp2numa
