//===- ThreadprivateLowering.cpp - threadprivate --------------------------===//
//
// A threadprivate variable becomes _Thread_local: every thread names its own copy, so outlined
// regions never capture it.  The storage class applies to a whole declaration, so the variable
// must be declared on its own.
//
//===----------------------------------------------------------------------===//
#include "ThreadprivateLowering.h"
#include "clang/AST/ParentMapContext.h"
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

/// A block-scope static made threadprivate moves to file scope as _Thread_local, so that the
/// regions outlined from its function see it; its name must not clash there.
bool hoistStaticLocal(LoweringContext &L, const VarDecl *V, SourceLocation ClauseLoc) {
  const std::string Name = V->getName().str();
  const DeclStmt *Declaration = nullptr;
  for (const DynTypedNode &P : L.Ctx.getParents(*V))
    Declaration = P.get<DeclStmt>();
  if (!Declaration || !Declaration->isSingleDecl()) {
    L.Diags.error(V->getLocation(), "threadprivate variable '" + Name +
                                        "' must be declared on its own");
    return false;
  }
  if (!fileScopeNameFree(L, V, ClauseLoc) ||
      !L.checkFileScopeType(V->getType(), V->getLocation(),
                            "threadprivate variable '" + Name + "'"))
    return false;
  const auto *Fn = cast<FunctionDecl>(V->getDeclContext());
  CharSourceRange Range = statementRange(Declaration, L.Ctx);
  // Already _Thread_local (or __thread): it only moves.
  const char *Storage = V->getTLSKind() == VarDecl::TLS_None ? "_Thread_local " : "";
  L.Out.insertBeforeLineOf(Fn->getBeginLoc(),
                           "/* omp2numa: threadprivate '" + Name + "' moved here from '" +
                               Fn->getName().str() + "' */\n" +
                               L.Out.lineMarker(Range.getBegin()) + Storage +
                               L.Out.text(Range) + "\n");
  L.Out.replace(Range, "/* omp2numa: '" + Name + "' moved to file scope (threadprivate) */");
  return true;
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
    // `int a, b;`: one _Thread_local makes the whole declaration thread-local, which is right
    // only if every variable it declares is threadprivate.
    for (const Decl *Other : R->getDeclContext()->decls())
      if (Other != R && isa<VarDecl>(Other) &&
          SM.getExpansionLoc(Other->getBeginLoc()) == Begin &&
          !L.File.isThreadprivate(cast<VarDecl>(Other))) {
        L.Diags.error(R->getLocation(), "threadprivate variable '" + Name +
                                            "' shares its declaration with '" +
                                            cast<VarDecl>(Other)->getName().str() +
                                            "', which is not threadprivate: declare it on its own");
        return false;
      }
    if (std::find(L.ThreadLocalDecls.begin(), L.ThreadLocalDecls.end(), Begin) ==
        L.ThreadLocalDecls.end()) {
      L.ThreadLocalDecls.push_back(Begin);
      L.Out.insertBefore(Begin, "_Thread_local ");
    }
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
