//===- ParallelLowering.h - Outlined parallel regions ---------------------===//
#ifndef OMP2NUMA_LOWERING_PARALLELLOWERING_H
#define OMP2NUMA_LOWERING_PARALLELLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Outlines Body (the lowered text of C's statement) into a function run by a new team, and
/// replaces C with the call, after SiteText (text that stays where C was).  False after an error.
bool lowerParallel(LoweringContext &L, const Construct *C, const std::string &Body,
                   const std::string &SiteText);

} // namespace omp2numa

#endif
