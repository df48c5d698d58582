//===- DoacrossLowering.h - The stand-alone ordered of doacross loops -----===//
#ifndef OMP2NUMA_LOWERING_DOACROSSLOWERING_H
#define OMP2NUMA_LOWERING_DOACROSSLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// `ordered depend(source)` / `doacross(source:)`: the pragma line posts the current iteration
/// vector; `ordered depend(sink: i-1, j)` / `doacross(sink: ...)`: it waits for each sink
/// iteration in the loop's iteration space.  C must be closely nested in a loop with ordered(n).
Lowered lowerDoacross(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
