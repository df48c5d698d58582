//===- RegionContents.cpp - What teams, simd and concurrent regions may hold ===//
#include "RegionContents.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace omp2numa {

bool makesNoRegion(const Directive &K) {
  return K.isAnywhere() || K.Kind == DirectiveKind::Flush || K.Kind == DirectiveKind::Error ||
         K.Kind == DirectiveKind::Depobj || K.Kind == DirectiveKind::Threadprivate ||
         K.Kind == DirectiveKind::Allocate;
}

namespace {

/// The restrictions on what a construct's own region may contain.
struct Rules {
  bool Teams = false;       ///< a teams region's own statements
  bool Simd = false;        ///< a simd region
  bool Concurrent = false;  ///< order(concurrent), or a loop construct
  bool WrittenLoop = false; ///< a loop construct, whose nested constructs the binder checks

  explicit Rules(const Directive &D) {
    WrittenLoop = clauseAllowedOn(D.Written.value_or(D.Kind), ClauseKind::Bind);
    Concurrent = WrittenLoop || D.has(ClauseKind::Order);
    Simd = D.hasSimdPart() && !WrittenLoop;
    Teams = D.Kind == DirectiveKind::Teams || D.Kind == DirectiveKind::TargetTeams;
  }
  bool any() const { return Teams || Simd || Concurrent; }
};

/// Why a region under R may not contain construct K (gcc's message), or null if it may.
const char *forbiddenConstruct(const Rules &R, const Directive &K) {
  if (makesNoRegion(K))
    return nullptr;
  const llvm::StringRef Name = directiveSpelling(K.Written.value_or(K.Kind));
  const bool Parallel = Name.startswith("parallel"), Loop = Name == "loop", Simd = Name == "simd";
  if (R.Simd && !(Simd || Loop || K.Kind == DirectiveKind::Atomic ||
                  K.Kind == DirectiveKind::Scan ||
                  (K.Kind == DirectiveKind::Ordered && K.OrderedSimd)))
    return "OpenMP constructs other than 'ordered simd', 'simd', 'loop' or 'atomic' may not be "
           "nested inside 'simd' region";
  if (R.Concurrent && !R.WrittenLoop && !(Parallel || Loop || Simd))
    return "OpenMP constructs other than 'parallel', 'loop' or 'simd' may not be nested inside a "
           "region with the 'order(concurrent)' clause";
  if (R.Teams && !(Name.startswith("distribute") || Parallel || Loop))
    return "only 'distribute', 'parallel' or 'loop' regions are allowed to be strictly nested "
           "inside 'teams' region";
  return nullptr;
}

/// Whether F is an OpenMP runtime routine: omp_*, declared in a header named omp.h.
bool isRoutine(const FunctionDecl *F, const SourceManager &SM) {
  if (!F || !F->getIdentifier() || !F->getName().startswith("omp_"))
    return false;
  const FunctionDecl *First = F->getFirstDecl();
  return llvm::sys::path::filename(SM.getFilename(SM.getExpansionLoc(First->getLocation()))) ==
         "omp.h";
}

/// Reports the routine calls in C's own region that its rules forbid.
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(const Construct &C, const Rules &R, const SourceManager &SM, Diag &Diags)
      : C(C), R(R), SM(SM), Diags(Diags) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!isRoutine(F, SM) || innermostAt(&C, Call->getBeginLoc(), SM) != &C)
      return true;
    if (R.Concurrent)
      Diags.error(Call->getBeginLoc(), "OpenMP runtime API call '" + F->getName().str() +
                                           "' in a region with 'order(concurrent)' clause");
    else if (R.Teams && F->getName() != "omp_get_num_teams" && F->getName() != "omp_get_team_num")
      Diags.error(Call->getBeginLoc(), "OpenMP runtime API call '" + F->getName().str() +
                                           "' strictly nested in a 'teams' region");
    return true;
  }

private:
  const Construct &C;
  const Rules &R;
  const SourceManager &SM;
  Diag &Diags;
};

} // namespace

void checkRegionContents(const Construct &C, const SourceManager &SM, Diag &Diags) {
  const Rules R(C.Dir);
  if (!R.any())
    return;
  for (const Construct *K : C.Children)
    if (const char *Why = forbiddenConstruct(R, K->Dir))
      Diags.error(K->Dir.NameLoc, Why);
  if (C.Body && (R.Concurrent || R.Teams))
    CallFinder(C, R, SM, Diags).TraverseStmt(const_cast<Stmt *>(C.Body));
}

} // namespace omp2numa
