/*
 * gomp_depend_hook.c -- the depend clauses of gcc-compiled target constructs (GOMP_target_ext,
 * GOMP_target_update_ext, GOMP_target_enter_exit_data): the encountering task waits for the
 * sibling tasks they depend on, as for `taskwait depend` (gcc's depend array has the same
 * format; gomp_task.c converts it).
 */
#include "gomp.h"

void o2n_gomp_depend_wait(const char *entry, const void *caller, void **depend)
{
  (void)entry;
  (void)caller;
  GOMP_taskwait_depend(depend);
}
