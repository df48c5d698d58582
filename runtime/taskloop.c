/*
 * taskloop.c -- the taskloop construct: logical iterations 0..n-1 cut into tasks.
 *
 * How many tasks, and of what sizes (OpenMP 5.1, 2.12.2):
 *   grainsize(g)          n / g tasks (at least one), sizes differing by at most one, so each
 *                         has at least min(g, n) and fewer than 2g iterations;
 *   grainsize(strict: g)  ceil(n / g) tasks of exactly g iterations, the last one of the rest;
 *   num_tasks([strict:] k)  min(k, n) tasks, sizes differing by at most one;
 *   neither               as libgomp: one task per thread of the team (min(nthreads, n)).
 * The encountering thread creates them in order, each with its own copy of the data block, in an
 * implicit taskgroup unless nogroup.  n == 0 creates no task.  (libgomp cuts them the same way:
 * GOMP_taskloop, gomp_taskloop.c, uses o2n_taskloop with its own copy function.)
 */
#include "internal.h"

#include <string.h>

/* What a taskloop task's block holds before its copy of the program's data. */
struct chunk {
  __omp2numa_taskloop_fn fn;
  uint64_t lo, hi;
  size_t offset; /* of the copy, from the start of this struct */
};

static void run_chunk(void *data)
{
  struct chunk *c = data;
  c->fn((char *)data + c->offset, c->lo, c->hi);
}

void o2n_taskloop(const struct __omp2numa_task_site *site, __omp2numa_taskloop_fn fn,
                  const void *data, size_t size, size_t align, uint64_t n, uint64_t count,
                  int flags, int priority, o2n_taskloop_copy_fn *copy)
{
  if (align > O2N_CACHE_LINE || (align & (align - 1)))
    o2n_fatal_at(site->file, site->line,
                 "a taskloop's data needs an alignment of %zu bytes; at most %d is supported",
                 align, O2N_CACHE_LINE);
  const bool grainsize = flags & __OMP2NUMA_TASKLOOP_GRAINSIZE;
  const bool num_tasks = flags & __OMP2NUMA_TASKLOOP_NUM_TASKS;
  if ((grainsize || num_tasks) && count == 0)
    o2n_fatal_at(site->file, site->line, "%s(0): the value must be positive",
                 grainsize ? "grainsize" : "num_tasks");
  if (n == 0)
    return;

  /* ntasks tasks; the first `big` of them have step + 1 iterations, the others step; strict
     grainsize: every task has step iterations but the last, which has the rest. */
  uint64_t ntasks, step, big = 0;
  const bool strict = grainsize && (flags & __OMP2NUMA_TASKLOOP_STRICT);
  if (strict) {
    ntasks = n / count + (n % count != 0);
    step = count;
  } else {
    if (grainsize)
      ntasks = n / count ? n / count : 1;
    else if (num_tasks)
      ntasks = count < n ? count : n;
    else {
      const uint64_t nthreads = o2n_self()->team->nthreads;
      ntasks = nthreads < n ? nthreads : n;
    }
    step = n / ntasks;
    big = n % ntasks;
  }

  const size_t offset = (sizeof(struct chunk) + (align ? align : 1) - 1) / (align ? align : 1) *
                        (align ? align : 1);
  const int task_flags = flags & (__OMP2NUMA_TASK_UNDEFERRED | __OMP2NUMA_TASK_FINAL |
                                  __OMP2NUMA_TASK_UNTIED | __OMP2NUMA_TASK_MERGEABLE |
                                  __OMP2NUMA_TASK_PRIORITY);
  const bool group = !(flags & __OMP2NUMA_TASKLOOP_NOGROUP);
  if (group)
    __omp2numa_taskgroup_start();
  uint64_t lo = 0;
  for (uint64_t t = 0; t < ntasks; t++) {
    const uint64_t hi = strict ? (n - lo < step ? n : lo + step) : lo + step + (t < big);
    struct chunk *c = __omp2numa_task_alloc(site, offset + size, O2N_CACHE_LINE);
    *c = (struct chunk){fn, lo, hi, offset};
    if (copy)
      copy((char *)c + offset, data, size);
    else if (size)
      memcpy((char *)c + offset, data, size);
    __omp2numa_task_submit(c, run_chunk, task_flags, priority, NULL, 0);
    lo = hi;
  }
  if (group)
    __omp2numa_taskgroup_end();
}

O2N_ABI void __omp2numa_taskloop(const struct __omp2numa_task_site *site,
                                 __omp2numa_taskloop_fn fn, const void *data, size_t size,
                                 size_t align, uint64_t n, uint64_t count, int flags,
                                 int priority)
{
  o2n_taskloop(site, fn, data, size, align, n, count, flags, priority, NULL);
}
