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

struct target_run {
  void (*fn)(void *);
  void *data;
  unsigned thread_limit;
};

static void target_body(void *arg)
{
  const struct target_run *r = arg;
  const int old = o2n_thread_limit_lower(r->thread_limit);
  r->fn(r->data);
  o2n_thread_limit_restore(old);
}

void o2n_target_run(void (*fn)(void *), void *data, unsigned thread_limit)
{
  struct target_run r = {fn, data, thread_limit};
  o2n_run_initial(target_body, &r);
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
