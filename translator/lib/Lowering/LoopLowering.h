//===- LoopLowering.h - Worksharing loops ---------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOOPLOWERING_H
#define OMP2NUMA_LOWERING_LOOPLOWERING_H

#include "../LoopForm.h"
#include "LoweringContext.h"

namespace omp2numa {

/// Lowers loop construct C (for, or the loop of parallel for) to runtime calls; with Nowait, its
/// nowait clause is honoured (the combined construct's join is its barrier).
Lowered lowerLoop(LoweringContext &L, const Construct *C, bool Nowait);

/// The canonical forms of the loops associated with loop construct C (collapse(n) or
/// ordered(n) of them), or nothing after reporting why the nest is not one.
std::optional<std::vector<LoopForm>> loopNestForms(LoweringContext &L, const Construct *C);

/// The distance from From to To, two values of loop F's variable, in its direction, as a
/// uint64_t (exact modulo 2^64).
std::string loopDistance(const LoopForm &F, const std::string &From, const std::string &To);
/// The same for two values of an integer type or, with IsPointer, of a pointer type.
std::string loopDistance(bool IsPointer, const std::string &From, const std::string &To);

/// The name of a per-loop value in the emitted code of a nest of Depth loops: `Base` for one
/// loop, `Base_J` for loop J of a deeper nest (`__o2n_step_1`).
std::string loopNestName(llvm::StringRef Base, unsigned J, unsigned Depth);

/// The loop nest of a taskloop, in the pieces TaskLowering places: the trip count is computed
/// where the taskloop is, and each task runs logical iterations [__o2n_lo, __o2n_hi).
struct TaskloopNest {
  std::string Header;  ///< at the construct: bounds, steps and trip counts (__o2n_n in all)
  /// What the tasks need of the header: a context member and the task's const local.
  struct CarriedValue {
    std::string Member, Local, Name;
  };
  std::vector<CarriedValue> Carried;
  std::string Locals;  ///< in the task: loop variables declared before the loop
  std::string Loop;    ///< in the task: the loop over [__o2n_lo, __o2n_hi) with the body
  /// Lastprivate loop variables' values after the loop, written through `__o2n_ctx->name`.
  std::string LastValues;
};
/// PerIteration runs at the start of each logical iteration __o2n_k, before the body.
std::optional<TaskloopNest> lowerTaskloopNest(LoweringContext &L, const Construct *C,
                                              const std::string &PerIteration);

} // namespace omp2numa

#endif
