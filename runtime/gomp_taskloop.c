/*
 * gomp_taskloop.c -- libgomp's ABI for the taskloop construct: GOMP_taskloop and
 * GOMP_taskloop_ull, for code compiled with gcc -fopenmp (docs/gomp-abi.md).
 *
 * gcc outlines a taskloop's body as a task function whose argument block starts with the bounds
 * of its chunk, two words (long or unsigned long long) that the runtime fills in: the task runs
 * the user's iterations start <= i < end (or >) by step.  Everything else is taskloop.c's
 * (o2n_taskloop): the loop is normalised to n logical iterations, which it cuts into tasks as
 * libgomp does, each with a copy of the block made by gcc's copy function, if any.  A task's
 * block is a header (struct chunk) followed by gcc's block; the task maps its logical chunk
 * [lo, hi) back to user values, start + k * step modulo 2^64, which is right for both types.
 *
 * With the reduction flag (and no nogroup), gcc's block has a third word after the bounds: the
 * reductions array (gomp_reduction.c), registered in the taskloop's taskgroup.  gcc combines
 * the private copies after GOMP_taskloop returns, when ptr[2] is not 0.
 */
#include "gomp.h"

#include <string.h>

static const struct __omp2numa_task_site gomp_site = {"GOMP_taskloop", 0};

/* The header of a task's block; gcc's block follows at `offset`. */
struct chunk {
  o2n_gomp_fn fn;
  void (*cpyfn)(void *, void *);
  void *src; /* gcc's block, while the tasks are created */
  size_t size, offset;
  uint64_t start, step;
};

/* o2n_taskloop's copy: the header, then gcc's block by gcc's copy function or byte for byte. */
static void chunk_copy(void *dst, const void *src, size_t size)
{
  (void)size;
  const struct chunk *c = src;
  memcpy(dst, c, sizeof *c);
  char *arg = (char *)dst + c->offset;
  if (c->cpyfn)
    c->cpyfn(arg, c->src);
  else
    memcpy(arg, c->src, c->size);
}

static void chunk_run(void *data, uint64_t lo, uint64_t hi)
{
  const struct chunk *c = data;
  const uint64_t bounds[2] = {c->start + lo * c->step, c->start + hi * c->step};
  char *arg = (char *)data + c->offset;
  memcpy(arg, bounds, sizeof bounds);
  c->fn(arg);
}

/* omp2numa's taskloop flags for gcc's (libgomp takes the priority argument as it comes). */
static int taskloop_flags(unsigned flags, unsigned long num_tasks, int priority)
{
  return (flags & GOMP_TASK_FLAG_IF ? 0 : __OMP2NUMA_TASK_UNDEFERRED) |
         (flags & GOMP_TASK_FLAG_FINAL ? __OMP2NUMA_TASK_FINAL : 0) |
         (flags & GOMP_TASK_FLAG_UNTIED ? __OMP2NUMA_TASK_UNTIED : 0) |
         (flags & GOMP_TASK_FLAG_MERGEABLE ? __OMP2NUMA_TASK_MERGEABLE : 0) |
         (flags & GOMP_TASK_FLAG_PRIORITY || priority ? __OMP2NUMA_TASK_PRIORITY : 0) |
         (flags & GOMP_TASK_FLAG_GRAINSIZE ? __OMP2NUMA_TASKLOOP_GRAINSIZE
          : num_tasks                      ? __OMP2NUMA_TASKLOOP_NUM_TASKS
                                           : 0) |
         (flags & GOMP_TASK_FLAG_STRICT ? __OMP2NUMA_TASKLOOP_STRICT : 0) |
         __OMP2NUMA_TASKLOOP_NOGROUP; /* the taskgroup is taskloop()'s */
}

/* Both entry points, once the trip count n is known (0: no task). */
static void taskloop(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *), long arg_size,
                     long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                     uint64_t n, uint64_t start, uint64_t step)
{
  const bool group = !(flags & GOMP_TASK_FLAG_NOGROUP);
  const bool reduction = group && (flags & GOMP_TASK_FLAG_REDUCTION);
  /* gcc's block: the bounds, then the reductions array when there is one. */
  uintptr_t *reductions = NULL;
  if (reduction)
    memcpy(&reductions, (char *)data + 2 * sizeof(uint64_t), sizeof reductions);
  if (n == 0 || (o2n_global.cancel && o2n_team_cancelled(o2n_self()->team))) {
    if (reduction)
      reductions[2] = 0; /* as libgomp: nothing registered, nothing to combine */
    return;
  }
  const size_t align = (size_t)arg_align > _Alignof(struct chunk) ? (size_t)arg_align
                                                                   : _Alignof(struct chunk);
  const size_t offset = (sizeof(struct chunk) + align - 1) / align * align;
  const struct chunk c = {fn, cpyfn, data, (size_t)arg_size, offset, start, step};
  if (group)
    __omp2numa_taskgroup_start();
  if (reduction)
    GOMP_taskgroup_reduction_register(reductions);
  o2n_taskloop(&gomp_site, chunk_run, &c, offset + (size_t)arg_size, align, n, num_tasks,
               taskloop_flags(flags, num_tasks, priority), priority, chunk_copy);
  if (group)
    __omp2numa_taskgroup_end();
}

O2N_ABI void GOMP_taskloop(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *),
                           long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                           int priority, long start, long end, long step)
{
  uint64_t n = 0;
  if (step > 0 && start < end)
    n = ((uint64_t)end - (uint64_t)start - 1) / (uint64_t)step + 1;
  else if (step < 0 && start > end)
    n = ((uint64_t)start - (uint64_t)end - 1) / -(uint64_t)step + 1;
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, n, (uint64_t)start,
           (uint64_t)step);
}

O2N_ABI void GOMP_taskloop_ull(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *),
                               long arg_size, long arg_align, unsigned flags,
                               unsigned long num_tasks, int priority, o2n_ull start, o2n_ull end,
                               o2n_ull step)
{
  uint64_t n = 0;
  /* GOMP_TASK_FLAG_UP: the loop counts up; else step is a negative number, modulo 2^64. */
  if ((flags & GOMP_TASK_FLAG_UP) && start < end)
    n = (end - start - 1) / step + 1;
  else if (!(flags & GOMP_TASK_FLAG_UP) && start > end)
    n = (start - end - 1) / -step + 1;
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, n, start, step);
}
