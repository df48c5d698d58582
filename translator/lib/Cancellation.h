//===- Cancellation.h - What cancel and cancellation point bind to --------===//
//
// `cancel <kind>` and `cancellation point <kind>` bind to the construct closely around them, as
// gcc requires: a parallel region, a loop, a sections construct (or one of its sections), or, for
// taskgroup, a task or taskloop.  The binder checks the rule; the lowering asks the same
// functions which construct a jump goes to and which constructs and barriers can be cancelled.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_CANCELLATION_H
#define OMP2NUMA_CANCELLATION_H

#include "Binder.h"
#include "Diag.h"

namespace omp2numa {

/// Whether C is a cancel or cancellation point directive.
bool isCancellation(const Construct &C);

/// The construct a cancel or cancellation point directive C binds to: its end is where the
/// cancelled thread goes.  Null if C is not closely nested in a construct of its kind.
const Construct *cancelTarget(const Construct &C);

/// Reports an error if cancellation directive C does not bind to a construct of its kind (or, for
/// taskgroup, its task is not in a taskgroup of the same function).  Warns, as gcc does, when it
/// cancels a loop that has nowait or ordered.
bool checkCancelNesting(const Construct &C, Diag &Diags);

/// Whether a cancel (Activating) or any cancellation directive binds to Target.
bool isCancelledFrom(const Construct &Target, bool Activating);

/// The parallel region whose barriers are cancellation points at construct C (a barrier or a
/// worksharing construct whose implicit barrier it is): the region C is closely nested in, if a
/// cancel parallel directive binds to it; else null.
const Construct *cancellableRegion(const Construct &C);

} // namespace omp2numa

#endif
