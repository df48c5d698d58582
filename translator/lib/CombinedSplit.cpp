//===- CombinedSplit.cpp --------------------------------------------------===//
#include "CombinedSplit.h"
#include <tuple>

namespace omp2numa {

namespace {

/// The two directives a split construct stands for.
std::pair<DirectiveKind, DirectiveKind> parts(DirectiveKind K) {
  using DK = DirectiveKind;
  switch (K) {
  case DK::ParallelMasterTaskloop: return {DK::Parallel, DK::MasterTaskloop};
  case DK::ParallelMasterTaskloopSimd: return {DK::Parallel, DK::MasterTaskloopSimd};
  case DK::ParallelMaskedTaskloop: return {DK::Parallel, DK::MaskedTaskloop};
  case DK::ParallelMaskedTaskloopSimd: return {DK::Parallel, DK::MaskedTaskloopSimd};
  case DK::TargetParallel: return {DK::Target, DK::Parallel};
  case DK::TargetParallelFor: return {DK::Target, DK::ParallelFor};
  case DK::TargetParallelForSimd: return {DK::Target, DK::ParallelForSimd};
  case DK::TargetParallelLoop: return {DK::Target, DK::ParallelLoop};
  case DK::TargetSimd: return {DK::Target, DK::Simd};
  case DK::TeamsDistribute: return {DK::Teams, DK::Distribute};
  case DK::TeamsDistributeSimd: return {DK::Teams, DK::DistributeSimd};
  case DK::TeamsDistributeParallelFor: return {DK::Teams, DK::DistributeParallelFor};
  case DK::TeamsDistributeParallelForSimd: return {DK::Teams, DK::DistributeParallelForSimd};
  case DK::TeamsLoop: return {DK::Teams, DK::Loop};
  case DK::TargetTeams: return {DK::Target, DK::Teams};
  case DK::TargetTeamsLoop: return {DK::Target, DK::TeamsLoop};
  case DK::TargetTeamsDistribute: return {DK::Target, DK::TeamsDistribute};
  case DK::TargetTeamsDistributeSimd: return {DK::Target, DK::TeamsDistributeSimd};
  case DK::TargetTeamsDistributeParallelFor: return {DK::Target, DK::TeamsDistributeParallelFor};
  default: return {DK::Target, DK::TeamsDistributeParallelForSimd};
  }
}

/// shared(list) for the variables of C (the whole variable of an array section).
Clause sharedOf(const Clause &C) {
  Clause Shared;
  Shared.Kind = ClauseKind::Shared;
  Shared.Loc = C.Loc;
  for (VarName V : C.Vars) {
    V.Sections.clear();
    Shared.Vars.push_back(std::move(V));
  }
  return Shared;
}

/// map(tofrom: list) for the variables of C: OpenMP's implicit map of a combined target
/// construct's reduction, lastprivate and linear variables.
Clause mapOf(const Clause &C) {
  Clause Map;
  Map.Kind = ClauseKind::Map;
  Map.Loc = C.Loc;
  Map.Keyword = "tofrom";
  for (const VarName &V : C.Vars) {
    PragmaToken Name{V.Name, V.Loc, /*IsIdentifier=*/true, /*IsKeyword=*/false};
    Map.Depends.push_back({DependKind::In, {{Name}}});
  }
  return Map;
}

/// Where a clause of parallel master/masked taskloop goes (gcc's c_omp_split_clauses).
void splitTaskloopClause(const Clause &C, Directive &Outer, Directive &Inner) {
  switch (C.Kind) {
  case ClauseKind::NumThreads:
  case ClauseKind::ProcBind:
  case ClauseKind::Copyin:
  case ClauseKind::Default: Outer.Clauses.push_back(C); break;
  case ClauseKind::Shared:
  case ClauseKind::Firstprivate:
    Outer.Clauses.push_back(C);
    Inner.Clauses.push_back(C);
    break;
  case ClauseKind::Lastprivate:
  case ClauseKind::Reduction:
    Outer.Clauses.push_back(sharedOf(C));
    Inner.Clauses.push_back(C);
    break;
  case ClauseKind::If:
    if (C.Keyword != "taskloop" && C.Keyword != "simd")
      Outer.Clauses.push_back(C);
    if (C.Keyword != "parallel")
      Inner.Clauses.push_back(C);
    break;
  default: Inner.Clauses.push_back(C); break;
  }
}

/// Where a clause of target parallel/simd/... goes: the device's clauses to target, the rest to
/// the construct in it; firstprivate to both; reduction, lastprivate and linear to the inner
/// construct, their variables mapped tofrom.
void splitTargetClause(const Clause &C, Directive &Outer, Directive &Inner) {
  // thread_limit limits the target region and the teams in it.
  if (C.Kind == ClauseKind::ThreadLimit && clauseAllowedOn(Inner.Kind, C.Kind))
    Inner.Clauses.push_back(C);
  if (clauseAllowedOn(DirectiveKind::Target, C.Kind) && C.Kind != ClauseKind::Private &&
      C.Kind != ClauseKind::Firstprivate && C.Kind != ClauseKind::If &&
      C.Kind != ClauseKind::Allocate) {
    Outer.Clauses.push_back(C);
    return;
  }
  switch (C.Kind) {
  case ClauseKind::Firstprivate:
    Outer.Clauses.push_back(C);
    Inner.Clauses.push_back(C);
    break;
  case ClauseKind::Lastprivate:
  case ClauseKind::Reduction:
  case ClauseKind::Linear:
    Outer.Clauses.push_back(mapOf(C));
    Inner.Clauses.push_back(C);
    break;
  case ClauseKind::If:
    if (C.Keyword.empty() || C.Keyword == "target")
      Outer.Clauses.push_back(C);
    if (C.Keyword != "target")
      Inner.Clauses.push_back(C);
    break;
  default: Inner.Clauses.push_back(C); break;
  }
}

/// Where a clause of teams distribute ... goes: the league's clauses to teams; reduction to
/// teams and to the construct in it when it takes one (each team's copy reduced by its loop);
/// firstprivate to both; lastprivate to the loop, the variable shared in the teams; the rest to
/// the construct in it where it takes them, else to teams.
void splitTeamsClause(const Clause &C, Directive &Outer, Directive &Inner) {
  const bool InnerTakes = clauseAllowedOn(Inner.Kind, C.Kind);
  switch (C.Kind) {
  case ClauseKind::NumTeams:
  case ClauseKind::ThreadLimit:
  case ClauseKind::Default:
  case ClauseKind::Shared: Outer.Clauses.push_back(C); break;
  case ClauseKind::Reduction:
  case ClauseKind::Firstprivate:
    Outer.Clauses.push_back(C);
    if (InnerTakes)
      Inner.Clauses.push_back(C);
    break;
  case ClauseKind::Lastprivate:
    Outer.Clauses.push_back(sharedOf(C));
    Inner.Clauses.push_back(C);
    break;
  default: (InnerTakes ? Inner : Outer).Clauses.push_back(C); break;
  }
}

} // namespace

std::vector<Directive> splitCombined(Directive D) {
  if (!(directiveFlags(D.Kind) & DF_SPLIT))
    return {std::move(D)};
  Directive Outer = D, Inner = D;
  std::tie(Outer.Kind, Inner.Kind) = parts(D.Kind);
  Inner.InnerPart = true;
  Outer.Clauses.clear();
  Inner.Clauses.clear();
  for (const Clause &C : D.Clauses)
    if (Outer.Kind == DirectiveKind::Target)
      splitTargetClause(C, Outer, Inner);
    else if (Outer.Kind == DirectiveKind::Teams)
      splitTeamsClause(C, Outer, Inner);
    else
      splitTaskloopClause(C, Outer, Inner);
  // target teams distribute ...: the inner part may be combined again.
  std::vector<Directive> Parts = {std::move(Outer)};
  for (Directive &Part : splitCombined(std::move(Inner)))
    Parts.push_back(std::move(Part));
  return Parts;
}

} // namespace omp2numa
