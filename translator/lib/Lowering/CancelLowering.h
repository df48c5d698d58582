//===- CancelLowering.h - cancel, cancellation point, cancellable barriers -===//
//
// A cancelled thread jumps to the end of the construct's body, before the code that ends the
// construct (reductions, the runtime call):
//
//   if (__omp2numa_cancel(__OMP2NUMA_CANCEL_FOR, !!(x))) goto __o2n_cancel_14;
//   ...
//   __o2n_cancel_14:;
//
// In a parallel region with a cancel parallel directive, the barriers of the region are
// cancellation points too: `if (__omp2numa_barrier_cancel()) goto __o2n_cancel_12;`.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_CANCELLOWERING_H
#define OMP2NUMA_LOWERING_CANCELLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// cancel and cancellation point: the runtime call and the jump.
Lowered lowerCancel(LoweringContext &L, const Construct *C);

/// `__o2n_cancel_<n>:;`, the end of Target's body where its cancelled threads go, if a
/// cancellation directive binds to Target; else empty.
std::string cancelLabel(LoweringContext &L, const Construct *Target);

/// The statement of C's barrier (a barrier directive, or the implicit barrier of worksharing
/// construct C), on one line without indentation: `__omp2numa_barrier();`, or the cancellable
/// barrier and its jump.
std::string barrierStatement(LoweringContext &L, const Construct *C);

/// The statements that end worksharing loop or sections construct C, indented lines: where its
/// cancelled threads go (cancelLabel), Combine (its reductions, if Reduces, and frees), then
/// `__omp2numa_loop_end();`, its nowait form, or the nowait form and a cancellable barrier.  A
/// construct that Reduces ends with the nowait form: __omp2numa_reduce holds its barrier.
std::string loopEnd(LoweringContext &L, const Construct *C, const std::string &Combine,
                    bool Reduces, bool Nowait);

} // namespace omp2numa

#endif
