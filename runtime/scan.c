/*
 * scan.c -- the prefix across threads of a loop with inscan reductions.
 *
 * The loop runs its input phase over each thread's block of iterations (a static schedule
 * without a chunk: thread t has block t), accumulating the thread's partial.  Here every thread
 * publishes its partial and waits for the others; then each folds the partials of the threads
 * before it into its own prefix, in thread order 0, 1, ..., t-1, and waits again so that no
 * partial goes out of scope while another thread reads it.  A serial prefix per thread costs
 * t calls of a few instructions each, less than the two barriers around it for the team sizes
 * of one machine.
 */
#include "internal.h"
#include <stdlib.h>

O2N_ABI void __omp2numa_scan_prefix(void *partial, __omp2numa_combine_fn combine, void *prefix)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_team *team = self->team;
  if (team->nthreads == 1)
    return;
  /* Published by the barrier's release; read by the later threads after its acquire. */
  self->partial = partial;
  o2n_team_barrier(self);
  for (unsigned t = 0; t < self->tid; t++)
    combine(prefix, team->members[t].partial);
  /* The partials stay alive until every thread has read them. */
  o2n_team_barrier(self);
}

O2N_ABI void *__omp2numa_scan_buffer(uint64_t count, size_t size)
{
  return o2n_xmalloc_array(count, size, "a scan loop's buffer");
}

O2N_ABI void __omp2numa_scan_buffer_free(void *buffer)
{
  free(buffer);
}
