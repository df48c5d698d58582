//===- SectionsLowering.h - sections --------------------------------------===//
#ifndef OMP2NUMA_LOWERING_SECTIONSLOWERING_H
#define OMP2NUMA_LOWERING_SECTIONSLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Lowers sections construct C (or the sections of parallel sections); with Nowait, its nowait
/// clause is honoured.
Lowered lowerSections(LoweringContext &L, const Construct *C, bool Nowait);

} // namespace omp2numa

#endif
