//===- Nesting.h - Which constructs may be closely nested in which ---------===//
//
// OpenMP's rules on closely nested regions that gcc enforces (its check_omp_nesting_restrictions),
// each a located error with a note at the enclosing construct:
//  - a worksharing construct (for, sections, single, scope) or a barrier binds to the whole team:
//    not in a worksharing loop or sections, single, master, masked, critical, ordered, task or
//    taskloop region, which its threads do not all reach together (its barrier would wait for
//    ever, or its iterations be shared by the wrong threads);
//  - master and masked: not in a worksharing loop or sections, single, task or taskloop region;
//  - a block `ordered` region: in a loop with the `ordered` clause (a distribute loop has none),
//    not in a critical, ordered, task or taskloop region;
//  - critical: not in a critical region of the same name, which its thread already holds;
//  - teams: in target or in no construct; distribute: in teams (or orphaned).
// "Closely" looks outward to the nearest parallel, teams or target region; through scope,
// taskgroup, target data, distribute and the like.  A construct in a function a region calls is
// not checked, as in gcc: the runtime checks what it can (an orphaned ordered region).
//
//===----------------------------------------------------------------------===//
#ifndef OMP2NUMA_NESTING_H
#define OMP2NUMA_NESTING_H

#include "Binder.h"
#include "Diag.h"

namespace omp2numa {

/// Reports C when the constructs around it in its function may not hold it.
void checkNesting(const Construct &C, Diag &Diags);

} // namespace omp2numa

#endif
