//===- ReductionLowering.h - reduction(op: list) --------------------------===//
#ifndef OMP2NUMA_LOWERING_REDUCTIONLOWERING_H
#define OMP2NUMA_LOWERING_REDUCTIONLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The code a construct's reduction clauses need.
struct ReductionCode {
  std::string Definitions; ///< file-scope structs and combiner
  std::string Targets;     ///< before the private copies: where results go
  std::string Privates;    ///< the private copies, initialised to the identity
  std::string Combine;     ///< at the end: hand the partials to the runtime
  /// Whether Combine stands for the construct's barrier: __omp2numa_reduce holds one, and at a
  /// region's end the join is one.  A construct whose Combine does not (atomic updates before
  /// the construct's own barrier, or none) keeps its barrier unless nowait.
  bool ReplacesBarrier = false;
  /// Expressions, each followed by a comma, that end every logical iteration __o2n_k (in the
  /// loop's increment, which `continue` reaches too): conditional lastprivates note the
  /// iterations that assigned them.
  std::string IterationEnd;
};

/// The reductions C privatises at Level (its region, or its worksharing block), and at the
/// worksharing level its conditional lastprivates, which combine like a reduction.  Serial: the
/// encountering thread runs the construct alone (a simd loop), and combines its private copies
/// into the originals itself, without the runtime.  EndsRegion: the Combine code is the last of
/// a parallel region's code (but for frees of the thread's private copies and leaving the loop),
/// so that the join may combine the partials if they are values (__omp2numa_reduce_at_join).
/// Integer sums and bit operations go into the originals by atomic updates, where nothing else
/// needs the partials (no tasks, inscan or cancel): before the join at a region's end, before
/// the construct's barrier in a worksharing construct.
std::optional<ReductionCode> lowerReductions(LoweringContext &L, const Construct *C,
                                             PrivateLevel Level, bool Serial = false,
                                             bool EndsRegion = false);

/// Whether C privatises the items of reduction clauses at Level.
bool reducesAt(LoweringContext &L, const Construct *C, PrivateLevel Level);

/// The task_reduction clauses of C, a taskgroup: in Targets the originals (__o2n_tgt), in
/// Privates an accumulator for each list item, initialised as a task's private copy, and
/// `__o2n_taskred`, the array of struct __omp2numa_task_reduction that the group registers; in
/// Combine the accumulators' combination into the originals, after the group's end.  The group's
/// in_reduction tasks combine into the accumulators (__omp2numa_task_reduction_target).  Items
/// of a declare reduction get none: their tasks combine into the originals.
std::optional<ReductionCode> lowerTaskReductions(LoweringContext &L, const Construct *C);

/// For V named by an in_reduction clause of Task: the name (in scope where Task is created) of
/// what Task's capture of V holds to reach the original that a `reduction(task, ...)` clause of
/// an enclosing construct reduces, when that clause is what V's in_reduction binds to; empty
/// otherwise (a taskgroup's task_reduction).  The task reduces into the original at its end,
/// not into the private copy of the thread that created it, which that thread keeps updating.
std::string taskModifierTarget(LoweringContext &L, const Construct *Task, const clang::VarDecl *V);

/// Statements that give Var its initial value for CV's reduction in C: the operator's identity
/// or a declare reduction's initializer (Orig, an lvalue, stands for omp_orig).  With Declare,
/// Var is declared with the variable's type.  Nothing, after an error, when no reduction applies.
Lowered reductionInitialiser(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                             const std::string &Var, const std::string &Orig, bool Declare);

/// `Target = Target op Part;` for CV's reduction in C (a declare reduction's combiner), on
/// lvalues; `+` for `-`, whose partial results are added.
Lowered reductionCombiner(LoweringContext &L, const Construct *C, const ClauseVar &CV,
                          const std::string &Target, const std::string &Part);

} // namespace omp2numa

#endif
