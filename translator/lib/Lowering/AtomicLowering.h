//===- AtomicLowering.h - atomic ------------------------------------------===//
#ifndef OMP2NUMA_LOWERING_ATOMICLOWERING_H
#define OMP2NUMA_LOWERING_ATOMICLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Lowers an atomic construct (read, write, update, capture) to __atomic builtins.
Lowered lowerAtomic(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
