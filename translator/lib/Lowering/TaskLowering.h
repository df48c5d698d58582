//===- TaskLowering.h - task, taskloop, taskwait, taskgroup, taskyield ----===//
#ifndef OMP2NUMA_LOWERING_TASKLOWERING_H
#define OMP2NUMA_LOWERING_TASKLOWERING_H

#include "LoweringContext.h"

namespace omp2numa {

/// Outlines the task's body (the lowered text of its statement) and replaces the construct with
/// the task's creation, after SiteText (text that stays where C was).  False after an error.
bool lowerTask(LoweringContext &L, const Construct *C, const std::string &Body,
               const std::string &SiteText);
/// Outlines the taskloop's loop and replaces the construct with the call that runs its tasks.
bool lowerTaskloop(LoweringContext &L, const Construct *C);
/// taskwait [depend(...)], taskyield: the calls that replace the pragma.
Lowered lowerTaskwait(LoweringContext &L, const Construct *C);
/// depobj(o) depend(...) / update(...) / destroy: the runtime call on &o.
Lowered lowerDepobj(LoweringContext &L, const Construct *C);
/// taskgroup: its block between the group's start and end.
Lowered lowerTaskgroup(LoweringContext &L, const Construct *C);

} // namespace omp2numa

#endif
