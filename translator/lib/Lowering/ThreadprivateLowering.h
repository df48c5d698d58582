//===- ThreadprivateLowering.h - threadprivate ----------------------------===//
#ifndef OMP2NUMA_LOWERING_THREADPRIVATELOWERING_H
#define OMP2NUMA_LOWERING_THREADPRIVATELOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Makes the directive's variables _Thread_local (block-scope statics move to file scope); the
/// returned text replaces the pragma line.
Lowered lowerThreadprivate(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
