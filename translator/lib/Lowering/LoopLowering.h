//===- LoopLowering.h - Worksharing loops ---------------------------------===//
#ifndef OMP2NUMA_LOWERING_LOOPLOWERING_H
#define OMP2NUMA_LOWERING_LOOPLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Lowers loop construct C (for, or the loop of parallel for) to runtime calls; with Nowait, its
/// nowait clause is honoured (the combined construct's join is its barrier).
Lowered lowerLoop(LoweringContext &L, const Construct *C, bool Nowait);

} // namespace omp2numa

#endif
