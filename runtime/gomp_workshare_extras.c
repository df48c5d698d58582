/*
 * gomp_workshare_extras.c -- the `reductions` and `mem` arguments of libgomp's OpenMP 5.0
 * worksharing entry points (GOMP_loop_start, GOMP_loop_ordered_start, GOMP_sections2_start and
 * the ull forms).
 *
 * gcc passes `reductions` for task reductions on the construct and `mem` for
 * lastprivate(conditional:) and inscan reductions.  Part 2 of issue #18 (tasks) implements them;
 * until then a construct that has one stops the program, naming the entry point and its caller.
 */
#include "gomp.h"

void o2n_gomp_workshare_extras(const char *entry, const void *caller, uintptr_t *reductions,
                               void **mem)
{
  if (!reductions && !mem)
    return;
  char where[256];
  o2n_fatal("%s: %s: %s are not implemented yet (part 2 of issue #18); docs/gomp-abi.md",
            o2n_gomp_where(caller, where, sizeof where), entry,
            reductions ? "task reductions on a worksharing construct"
                       : "lastprivate(conditional:) and inscan reductions on a worksharing "
                         "construct (the mem argument)");
}
