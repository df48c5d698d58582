/*
 * gomp_depend_hook.c -- the depend clauses of gcc-compiled target constructs (GOMP_target_ext,
 * GOMP_target_update_ext, GOMP_target_enter_exit_data): the encountering task waits for the
 * sibling tasks they depend on.  Part 2 of issue #18 (tasks, depend) implements the wait; until
 * then a target construct with depend clauses stops the program, naming the entry point and its
 * caller.
 */
#include "gomp.h"

void o2n_gomp_depend_wait(const char *entry, const void *caller, void **depend)
{
  (void)depend;
  char where[256];
  o2n_fatal("%s: %s: depend clauses on target constructs are not implemented yet (part 2 of "
            "issue #18); docs/gomp-abi.md", o2n_gomp_where(caller, where, sizeof where), entry);
}
