//===- CombinedSplit.cpp --------------------------------------------------===//
#include "CombinedSplit.h"

namespace omp2numa {

namespace {

DirectiveKind innerKind(DirectiveKind K) {
  switch (K) {
  case DirectiveKind::ParallelMasterTaskloop: return DirectiveKind::MasterTaskloop;
  case DirectiveKind::ParallelMasterTaskloopSimd: return DirectiveKind::MasterTaskloopSimd;
  case DirectiveKind::ParallelMaskedTaskloop: return DirectiveKind::MaskedTaskloop;
  default: return DirectiveKind::MaskedTaskloopSimd;
  }
}

/// shared(list) for the variables of C (the whole variable of an array section).
Clause sharedOf(const Clause &C) {
  Clause Shared;
  Shared.Kind = ClauseKind::Shared;
  Shared.Loc = C.Loc;
  for (VarName V : C.Vars) {
    V.Section.reset();
    Shared.Vars.push_back(std::move(V));
  }
  return Shared;
}

} // namespace

std::vector<Directive> splitCombined(Directive D) {
  if (!(directiveFlags(D.Kind) & DF_SPLIT))
    return {std::move(D)};
  Directive Outer = D, Inner = D;
  Outer.Kind = DirectiveKind::Parallel;
  Inner.Kind = innerKind(D.Kind);
  Inner.InnerPart = true;
  Outer.Clauses.clear();
  Inner.Clauses.clear();
  for (const Clause &C : D.Clauses) {
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
  return {std::move(Outer), std::move(Inner)};
}

} // namespace omp2numa
