//===- LoopLowering.cpp - Worksharing loops -------------------------------===//
//
// A loop in canonical form is normalised to a trip count n and logical iterations k in [0, n);
// the runtime hands out chunks [lo, hi) and the emitted code maps k back to the user's index:
//
//   { static struct __omp2numa_loop_site __o2n_loop = {...};
//     const int __o2n_lb = (0), __o2n_ub = (n);  const uint64_t __o2n_step = 1, __o2n_n = ...;
//     <reduction targets, private copies>
//     if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, chunk, map, &__o2n_lo, &__o2n_hi)) do {
//       for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
//         int i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
//         <body> } } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
//     <combine reductions>  __omp2numa_loop_end(); }
//
// All index arithmetic is done in uint64_t, where wrap-around is defined: the difference of two
// values of a type of at most 64 bits is exact modulo 2^64, so the trip count never overflows.
//
//===----------------------------------------------------------------------===//
#include "Lowering.h"

using namespace clang;

namespace omp2numa {

static const char *scheduleKindName(const Directive &D) {
  const Clause *C = D.find(ClauseKind::Schedule);
  if (!C)
    return "__OMP2NUMA_SCHED_DEFAULT";
  switch (C->Schedule) {
  case ScheduleKind::Static: return "__OMP2NUMA_SCHED_STATIC";
  case ScheduleKind::Dynamic: return "__OMP2NUMA_SCHED_DYNAMIC";
  case ScheduleKind::Guided: return "__OMP2NUMA_SCHED_GUIDED";
  case ScheduleKind::Auto: return "__OMP2NUMA_SCHED_AUTO";
  case ScheduleKind::Runtime: return "__OMP2NUMA_SCHED_RUNTIME";
  case ScheduleKind::Adaptive: return "__OMP2NUMA_SCHED_ADAPTIVE";
  case ScheduleKind::Fac2: return "__OMP2NUMA_SCHED_FAC2";
  case ScheduleKind::Tss: return "__OMP2NUMA_SCHED_TSS";
  case ScheduleKind::Wf2: return "__OMP2NUMA_SCHED_WF2";
  case ScheduleKind::Rand: return "__OMP2NUMA_SCHED_RAND";
  case ScheduleKind::Genblock: return "__OMP2NUMA_SCHED_GENBLOCK";
  case ScheduleKind::Indirect: return "__OMP2NUMA_SCHED_INDIRECT";
  }
  return "__OMP2NUMA_SCHED_DEFAULT";
}

static std::string loopFlags(const Directive &D, bool Nowait) {
  std::vector<std::string> Flags;
  if (const Clause *C = D.find(ClauseKind::Schedule)) {
    if (!C->Expr.Tokens.empty())
      Flags.push_back("__OMP2NUMA_LOOP_CHUNK");
    if (C->Modifier == ScheduleModifier::Monotonic)
      Flags.push_back("__OMP2NUMA_LOOP_MONOTONIC");
    if (C->Modifier == ScheduleModifier::Nonmonotonic)
      Flags.push_back("__OMP2NUMA_LOOP_NONMONOTONIC");
  }
  if (Nowait && D.has(ClauseKind::Nowait))
    Flags.push_back("__OMP2NUMA_LOOP_NOWAIT");
  std::string S;
  for (const std::string &F : Flags)
    S += (S.empty() ? "" : " | ") + F;
  return S.empty() ? "0" : S;
}

std::string Lowering::lowerLoop(const Construct *C, bool Nowait) {
  const std::string Directive = std::string("'#pragma omp ") + directiveSpelling(C->Dir.Kind) + "'";
  std::optional<LoopForm> L = analyzeLoop(C->Body, Directive, Ctx, Diags);
  if (!L)
    return "";
  const std::string Suffix = uniqueSuffix(C);
  const std::string Var = L->Var->getName().str();
  const QualType VarType = L->Var->getType().getUnqualifiedType();
  auto bound = [&](const Expr *E) { return "(" + sourceText(E, false) + ")"; };

  std::string S = "{\n";
  if (!DataSharing::isOutlined(C)) // a parallel for does this at its call
    for (const VarDecl *V : Sharing.privatisedOriginals(C))
      S += "  (void)" + Sharing.spell(V, C->Parent) + ";\n";
  S += "  static struct __omp2numa_loop_site __o2n_loop = {" + Out.fileLiteral(C->Dir.Loc) + ", " +
       std::to_string(Out.line(C->Dir.Loc)) + ", " + scheduleKindName(C->Dir) + ", " +
       loopFlags(C->Dir, Nowait) + ", 0, 0};\n";
  S += "  " + declare(VarType.withConst(), "__o2n_lb") + " = " + bound(L->Lower) + ";\n";
  S += "  " + declare(VarType.withConst(), "__o2n_ub") + " = " + bound(L->Upper) + ";\n";

  // The step's magnitude: a step that points against the loop's direction is negated.
  std::string Step = "1";
  if (L->Step) {
    std::string Raw = "(uint64_t)" + bound(L->Step);
    Step = (L->Increasing != L->StepSubtracts) ? Raw : "(uint64_t)0 - " + Raw;
  }
  S += "  const uint64_t __o2n_step = " + Step + ";\n";

  // Distance from the first to the last value, in the loop's direction.
  std::string Distance;
  if (L->IsPointer)
    Distance = L->Increasing ? "(uint64_t)(__o2n_ub - __o2n_lb)" : "(uint64_t)(__o2n_lb - __o2n_ub)";
  else
    Distance = L->Increasing ? "((uint64_t)__o2n_ub - (uint64_t)__o2n_lb)"
                             : "((uint64_t)__o2n_lb - (uint64_t)__o2n_ub)";
  const char *Cmp = L->Increasing ? (L->inclusive() ? "<=" : "<") : (L->inclusive() ? ">=" : ">");
  S += std::string("  const uint64_t __o2n_n = (__o2n_lb ") + Cmp + " __o2n_ub) ? (" + Distance +
       (L->inclusive() ? "" : " - 1") + ") / __o2n_step + 1 : 0;\n";

  const Clause *Sched = C->Dir.find(ClauseKind::Schedule);
  std::string Chunk = Sched && !Sched->Expr.Tokens.empty()
                          ? "(int64_t)" + exprText(C, C, Sched->Expr, /*InLoopHeader=*/true)
                          : "0";
  std::string Map = C->ScheduleMap ? "(const void *)" + Sharing.spell(C->ScheduleMap, C, true)
                                   : "(const void *)0";
  S += "  const int64_t __o2n_chunk = " + Chunk + ";\n";
  S += "  uint64_t __o2n_lo, __o2n_hi;\n";

  // Private copies of a loop construct; a parallel for privatises in its region instead.
  std::string Privates, FirstprivateValues;
  for (const ClauseVar &CV : C->Vars) {
    if (Sharing.privateLevel(C, CV.Var) != PrivateLevel::Loop || CV.Kind == ClauseKind::Reduction)
      continue;
    const std::string Name = CV.Var->getName().str();
    if (CV.Kind == ClauseKind::Firstprivate) {
      if (CV.Var->getType()->isArrayType()) {
        Diags.error(CV.Loc, "firstprivate arrays are not supported yet");
        return "";
      }
      FirstprivateValues += "  " + declare(CV.Var->getType(), "__o2n_first_" + Name) + " = " +
                            Sharing.spell(CV.Var, C, true) + ";\n";
      Privates += "  " + declare(CV.Var->getType(), Name) + " = __o2n_first_" + Name + ";\n";
    } else {
      Privates += "  " + declare(CV.Var->getType(), Name) + ";\n";
    }
    Privates += "  (void)" + Name + ";\n";
  }
  if (!L->DeclaredInInit && !C->clauseFor(L->Var))
    Privates += "  " + declare(VarType, Var) + ";\n";

  ReductionCode Red = lowerReductions(C, PrivateLevel::Loop, Suffix);
  if (Diags.hasErrors())
    return "";
  if (!Red.Definitions.empty())
    Out.insertBeforeLineOf(C->Function->getBeginLoc(), Red.Definitions);
  S += FirstprivateValues + Red.Targets + Privates + Red.Privates;

  std::string Value =
      L->IsPointer ? std::string("__o2n_lb ") + (L->Increasing ? "+" : "-") +
                         " (ptrdiff_t)(__o2n_k * __o2n_step)"
                   : "(" + declare(VarType, "") + ")((uint64_t)__o2n_lb " +
                         (L->Increasing ? "+" : "-") + " __o2n_k * __o2n_step)";
  S += "  if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, " + Map +
       ", &__o2n_lo, &__o2n_hi)) do {\n";
  S += "    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {\n";
  S += "      " + (L->DeclaredInInit ? declare(VarType, Var) : Var) + " = " + Value + ";\n";
  S += "      (void)" + Var + ";\n";
  S += Out.lineMarker(L->For->getBody()->getBeginLoc()) + sourceText(L->For->getBody(), true) +
       "\n";
  S += "    }\n  } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));\n";
  S += Red.Combine;
  S += std::string("  __omp2numa_loop_end") + (Nowait ? "_nowait" : "") + "();\n}";
  return S;
}

} // namespace omp2numa
