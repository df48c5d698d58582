//===- TargetLowering.h - target data, enter/exit data, update ------------===//
//
// Device constructs on the host, its only device, where a device's variable is the original
// itself: nothing moves.  What stays is what the construct evaluates and checks where it is:
// its if and device expressions are evaluated (for their effects, as gcc evaluates them), the
// items of map, to, from and the device address lists are checked by the compiler and never
// evaluated (`(void)sizeof(&(a[0]));`), and the depend clauses of enter/exit data and update
// wait for their predecessors as the undeferred target task would (__omp2numa_taskwait_depend).
//
//   #pragma omp target data map(tofrom: a[0:n]) if(n > 100)
//   { body }                    ->  { (void)(n > 100); (void)sizeof(&(a[0])); { body } }
//
// A target region itself is a task the runtime runs at once as a new initial thread
// (TaskLowering.cpp, __omp2numa_target_submit).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_TARGETLOWERING_H
#define OMP2NUMA_LOWERING_TARGETLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The statements that evaluate a device construct's if and device expressions and check its
/// list items, spelled where the construct is; empty when it has none.
std::string deviceClauseChecks(LoweringContext &L, const Construct *C);

/// The value of target C's thread_limit clause, `0` without one.
std::string targetThreadLimit(LoweringContext &L, const Construct *C);

/// target data: its clause checks, then its statement.
Lowered lowerTargetData(LoweringContext &L, const Construct *C);

/// target enter data, target exit data, target update: the clause checks, and a wait for the
/// depend clauses' predecessors.
Lowered lowerTargetMotion(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
