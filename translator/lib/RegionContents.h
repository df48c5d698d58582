//===- RegionContents.h - What teams, simd and concurrent regions may hold -===//
//
// OpenMP's restrictions on what a region may contain that gcc enforces, with gcc's messages:
//  - a teams region's own statements: only distribute, parallel and loop constructs, and no
//    OpenMP routine but omp_get_num_teams and omp_get_team_num;
//  - a simd region: only simd, loop, atomic, `ordered simd` and scan;
//  - a region with order(concurrent): only parallel, loop and simd constructs, and no OpenMP
//    routine (a `loop` construct is such a region too; the binder checks the constructs in it).
// Directives that gcc lowers to no region (flush, depobj, nothing, error, declarations) may stand
// anywhere; gcc lets a simd region hold any loop construct, OpenMP (and omp2numa) only these.  A
// routine is a function named omp_* declared in <omp.h>; calls through pointers and in the
// functions a region calls are not seen, as in gcc.
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_REGIONCONTENTS_H
#define OMP2NUMA_REGIONCONTENTS_H

#include "Binder.h"
#include "Diag.h"

namespace omp2numa {

/// Directives that gcc lowers to plain code or declarations, not to a region (flush, depobj,
/// error, nothing, threadprivate, allocate): they may stand in any region.
bool makesNoRegion(const Directive &K);

/// Reports each construct and routine call in C's own region (not in a construct nested in it)
/// that C's region may not contain.
void checkRegionContents(const Construct &C, const clang::SourceManager &SM, Diag &Diags);

} // namespace omp2numa

#endif
