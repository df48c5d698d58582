//===- CombinedSplit.h - Combined constructs lowered as two nested ones ---===//
//
// `parallel master taskloop [simd]` and `parallel masked taskloop [simd]` are a parallel region
// whose body is a master/masked taskloop.  They are split right after parsing into those two
// directives on the one pragma (the inner one marked InnerPart), so that binding, data sharing
// and lowering treat them as the stacked directives they stand for.  The clauses go where gcc
// puts them (c_omp_split_clauses): num_threads, proc_bind, copyin and default to the region;
// shared and firstprivate to both; lastprivate and reduction to the taskloop, with the variable
// shared in the region; an if clause by its modifier, to both without one; the rest to the
// taskloop.
//
// target parallel, target parallel for [simd], target parallel loop, target simd and target teams
// ... are a target region whose body is the construct after `target`; the device's clauses go to
// target, the rest to the construct in it.  teams distribute [simd | parallel for [simd]] is a
// teams region whose body is the distribute construct; the league's clauses go to teams.  A part
// that is combined again is split again (target teams distribute: target, teams, distribute).
// Where each clause goes: CombinedSplit.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_COMBINEDSPLIT_H
#define OMP2NUMA_COMBINEDSPLIT_H

#include "OmpModel.h"
#include <vector>

namespace omp2numa {

/// The directives D stands for: D itself, or the outer and inner parts of a split construct.
std::vector<Directive> splitCombined(Directive D);

} // namespace omp2numa

#endif
