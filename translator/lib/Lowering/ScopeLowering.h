//===- ScopeLowering.h - scope ---------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_SCOPELOWERING_H
#define OMP2NUMA_LOWERING_SCOPELOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// `scope [private] [firstprivate] [reduction] [nowait]`: a worksharing block that every thread
/// of the team runs, with its private copies, then the reductions and the barrier (none with
/// nowait, except the one a reduction's combination holds).
Lowered lowerScope(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
