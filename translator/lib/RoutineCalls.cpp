//===- RoutineCalls.cpp - OpenMP routines called where OpenMP forbids them ===//
#include "RoutineCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace omp2numa {

namespace {

/// What the statements of a construct's own region may call.
enum class Allowed { AnyRoutine, NoRoutine, TeamsRoutines };

Allowed allowedIn(const Directive &D) {
  // `loop` (alone or combined, as written) is order(concurrent) by definition.
  if (D.has(ClauseKind::Order) || clauseAllowedOn(D.Written.value_or(D.Kind), ClauseKind::Bind))
    return Allowed::NoRoutine;
  if (D.Kind == DirectiveKind::Teams || D.Kind == DirectiveKind::TargetTeams)
    return Allowed::TeamsRoutines;
  return Allowed::AnyRoutine;
}

/// Whether F is an OpenMP runtime routine: omp_*, declared in a header named omp.h.
bool isRoutine(const FunctionDecl *F, const SourceManager &SM) {
  if (!F || !F->getIdentifier() || !F->getName().startswith("omp_"))
    return false;
  const FunctionDecl *First = F->getFirstDecl();
  return llvm::sys::path::filename(SM.getFilename(SM.getExpansionLoc(First->getLocation()))) ==
         "omp.h";
}

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(const Construct &C, Allowed Rule, const SourceManager &SM, Diag &Diags)
      : C(C), Rule(Rule), SM(SM), Diags(Diags) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!isRoutine(F, SM) || innermostAt(&C, Call->getBeginLoc(), SM) != &C)
      return true;
    if (Rule == Allowed::NoRoutine)
      Diags.error(Call->getBeginLoc(), "OpenMP runtime API call '" + F->getName().str() +
                                           "' in a region with 'order(concurrent)' clause");
    else if (F->getName() != "omp_get_num_teams" && F->getName() != "omp_get_team_num")
      Diags.error(Call->getBeginLoc(), "OpenMP runtime API call '" + F->getName().str() +
                                           "' strictly nested in a 'teams' region");
    return true;
  }

private:
  const Construct &C;
  const Allowed Rule;
  const SourceManager &SM;
  Diag &Diags;
};

} // namespace

void checkRoutineCalls(const Construct &C, const SourceManager &SM, Diag &Diags) {
  const Allowed Rule = allowedIn(C.Dir);
  if (Rule != Allowed::AnyRoutine && C.Body)
    CallFinder(C, Rule, SM, Diags).TraverseStmt(const_cast<Stmt *>(C.Body));
}

} // namespace omp2numa
