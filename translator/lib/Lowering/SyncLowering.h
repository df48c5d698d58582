//===- SyncLowering.h - critical, master/masked, ordered, barrier, flush --===//
#ifndef OMP2NUMA_LOWERING_SYNCLOWERING_H
#define OMP2NUMA_LOWERING_SYNCLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

Lowered lowerCritical(LoweringContext &L, const Construct *C);
/// master, and masked [filter(thread)].
Lowered lowerMasked(LoweringContext &L, const Construct *C);
/// `{ if (__omp2numa_masked(filter)) { Body } }` for C's filter clause (thread 0 without one).
std::string maskedBlock(LoweringContext &L, const Construct *C, const std::string &Body);
Lowered lowerOrdered(LoweringContext &L, const Construct *C);
/// barrier and flush: the pragma line becomes the call.
Lowered lowerStandalone(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
