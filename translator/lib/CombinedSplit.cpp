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
  default: return {DK::Target, DK::Simd};
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
    else
      splitTaskloopClause(C, Outer, Inner);
  return {std::move(Outer), std::move(Inner)};
}

} // namespace omp2numa
