/*
 * target.c -- target regions on the host, the only device (as libgomp runs them without an
 * offload device): the encountering thread runs the region at once, as a new initial thread
 * (team.c's o2n_run_initial), whose contention group has the construct's thread limit.  Inside,
 * omp_get_level() is 0 and a parallel region is outermost, even when the target construct is in
 * a parallel region.  A translated target region (__omp2numa_target_submit) and a gcc-compiled
 * one (gomp_target.c) both run through o2n_target_run.  nowait runs the region at once too: an
 * undeferred target task, which OpenMP allows.
 */
#include "internal.h"

void o2n_target_run(void (*fn)(void *), void *data, unsigned thread_limit)
{
  /* The region runs before this returns: its group can live here.  Without a thread_limit clause
     it starts from OMP_THREAD_LIMIT, as a new initial thread's does (libgomp too). */
  o2n_init();
  struct o2n_group group;
  o2n_group_init(&group, thread_limit ? thread_limit : (unsigned)o2n_global.thread_limit);
  o2n_run_initial(fn, data, &group);
}

O2N_ABI void __omp2numa_target_submit(void *data, __omp2numa_task_fn fn, int thread_limit,
                                      const struct __omp2numa_depend *deps, size_t ndeps)
{
  /* The target task's predecessors first, as an undeferred task waits for them. */
  if (ndeps)
    __omp2numa_taskwait_depend(deps, ndeps);
  o2n_target_run(fn, data, thread_limit > 0 ? (unsigned)thread_limit : 0);
  o2n_task_discard(data);
}
