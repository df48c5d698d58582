/*
 * reduction.c -- the end of a construct with a reduction clause.
 *
 * Every thread publishes a pointer to its partial result in its descriptor; after a barrier,
 * thread 0 folds the partials into the shared variables in thread order 0, 1, ..., n-1; a second
 * barrier releases the threads.  The fixed order makes floating-point results reproducible with a
 * static schedule, at the cost of a serial combine (n calls of a few instructions each).
 */
#include "internal.h"

O2N_ABI void __omp2numa_reduce(void *partial, __omp2numa_combine_fn combine, void *shared)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_team *team = self->team;
  if (team->nthreads == 1) {
    combine(shared, partial);
    return;
  }
  /* A plain store: the barrier publishes it to thread 0. */
  self->partial = partial;
  o2n_team_barrier(self);
  if (self->tid == 0)
    for (unsigned t = 0; t < team->nthreads; t++)
      combine(shared, team->members[t].partial);
  /* Publishes the combined result to every thread, and keeps every partial alive until thread 0
     has read it. */
  o2n_team_barrier(self);
}
