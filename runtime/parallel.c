/*
 * parallel.c -- the parallel construct: how many threads a region gets, then team.c runs it.
 */
#include "internal.h"

/* The number of threads to request, before the thread limit and dyn-var (pool.c) cut it down:
   OpenMP's algorithm for the if and num_threads clauses and max-active-levels-var. */
unsigned o2n_team_request(const struct o2n_thread *parent, int num_threads, int if_true)
{
  if (!if_true)
    return 1;
  int max_levels = atomic_load_explicit(&o2n_global.max_active_levels, memory_order_relaxed);
  if (parent->team->active_level >= (unsigned)max_levels)
    return 1;
  return num_threads > 0 ? (unsigned)num_threads : parent->icv.nthreads;
}

O2N_ABI void __omp2numa_parallel(const struct __omp2numa_region_site *site,
                                 __omp2numa_region_fn fn, void *data, int num_threads,
                                 int if_true)
{
  struct o2n_thread *parent = o2n_self();
  if (!(site->flags & __OMP2NUMA_REGION_NUM_THREADS))
    num_threads = 0;
  else if (num_threads <= 0)
    o2n_fatal_at(site->file, site->line, "num_threads(%d): the number of threads must be positive",
                 num_threads);
  struct o2n_team *team =
      o2n_team_new(parent, o2n_team_request(parent, num_threads, if_true), site->proc_bind);
  o2n_team_run(team, fn, data);
}
