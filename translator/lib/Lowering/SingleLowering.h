//===- SingleLowering.h - single and copyprivate --------------------------===//
#ifndef OMP2NUMA_LOWERING_SINGLELOWERING_H
#define OMP2NUMA_LOWERING_SINGLELOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// The first thread to arrive runs the block; copyprivate hands its values to the others through
/// the runtime (omp2numa-abi.h shows the protocol).
Lowered lowerSingle(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
