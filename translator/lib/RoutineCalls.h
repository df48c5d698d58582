//===- RoutineCalls.h - OpenMP routines called where OpenMP forbids them --===//
//
// Two restrictions of OpenMP that gcc enforces: a region of a construct with order(concurrent),
// `loop` included, calls no OpenMP runtime routine, and the statements of a teams region itself
// (not those of a parallel or distribute region in it) call none but omp_get_num_teams and
// omp_get_team_num.  A routine is a function named omp_* declared in <omp.h>; calls through
// pointers and calls in the functions a region calls are not seen, as in gcc.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_ROUTINECALLS_H
#define OMP2NUMA_ROUTINECALLS_H

#include "Binder.h"
#include "Diag.h"

namespace omp2numa {

/// Reports each call in C's own region (not in a construct nested in it) that C forbids.
void checkRoutineCalls(const Construct &C, const clang::SourceManager &SM, Diag &Diags);

} // namespace omp2numa

#endif
