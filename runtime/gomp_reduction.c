/*
 * gomp_reduction.c -- libgomp's ABI for task reductions (task_reduction on taskgroup, reduction
 * on taskloop, the task modifier of reduction on parallel and worksharing constructs, and
 * in_reduction).
 *
 * gcc does the reduction itself: it initialises each thread's private copies lazily, in the
 * tasks, and combines them after the construct, reading thread t's copies at
 * data[2] + t * data[1].  The runtime only allocates the copies, one zeroed slice per thread of
 * the team, and maps the address of a list item to the calling thread's copy
 * (GOMP_task_reduction_remap).  gcc's array (libgomp's task.c describes it):
 *   data[0] the number of items, data[1] the size of one thread's slice, data[2] its alignment
 *   (on return: the address of thread 0's slice), data[3] an allocator (ignored, as libgomp does),
 *   data[4] the next array of the same registration, or 0 (on return: of the chain, whose last
 *   array then links to the reductions of the enclosing taskgroup), data[5] unused here,
 *   data[6] (on return) the end of the slices, then per item: its address, its offset in a slice,
 *   and a word unused here.
 * One registration's arrays share one allocation; the first array's slices start it, and
 * GOMP_taskgroup_reduction_unregister frees it.  The registered chain hangs from the taskgroup
 * (struct o2n_taskgroup's `reductions`); a task sees the chain of its innermost taskgroup that has
 * one.  Lookups walk the chain (a construct has few items), where libgomp hashes.
 *
 * A worksharing construct with task reductions is a taskgroup of each thread of the team, whose
 * arrays all point to one allocation, the team's block of the construct (gomp_workshare_extras.c);
 * its thread 0 frees it.
 */
#include "gomp.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The innermost registered chain that the current task sees, or NULL. */
static uintptr_t *registered(const struct o2n_task *task)
{
  for (const struct o2n_taskgroup *g = task->taskgroup; g; g = g->outer)
    if (g->reductions)
      return g->reductions;
  return NULL;
}

/* The size of one registration's allocation for nthreads threads: every array's slices, each at
   its alignment (data[2] on entry), which the allocation's (a cache line) must cover. */
static size_t layout_size(const uintptr_t *data, unsigned nthreads)
{
  size_t size = 0;
  for (const uintptr_t *d = data; d; d = (const uintptr_t *)d[4]) {
    if (d[2] > O2N_CACHE_LINE)
      o2n_fatal("a task reduction's private copies need an alignment of %zu bytes; at most %d "
                "is supported", (size_t)d[2], O2N_CACHE_LINE);
    size = (size + d[2] - 1) / d[2] * d[2] + d[1] * nthreads;
  }
  return size;
}

/* Points the arrays of a registration into block (laid out as layout_size says) and links the
   last one to the enclosing chain, old. */
static void assign(uintptr_t *data, uintptr_t *old, char *block, unsigned nthreads)
{
  size_t at = 0;
  for (uintptr_t *d = data;; d = (uintptr_t *)d[4]) {
    at = (at + d[2] - 1) / d[2] * d[2];
    d[2] = (uintptr_t)(block + at);
    at += d[1] * nthreads;
    d[6] = (uintptr_t)(block + at);
    if (d[4] == 0) {
      d[4] = (uintptr_t)old;
      return;
    }
  }
}

/* Registers data in group, for nthreads threads, in a block of its own or in the team's at
   *shared (NULL: its own). */
static void register_in(struct o2n_taskgroup *group, uintptr_t *data, uintptr_t *old,
                        unsigned nthreads, void *_Atomic *shared)
{
  const size_t size = layout_size(data, nthreads);
  assign(data, old, shared ? o2n_gomp_team_block(shared, size) : o2n_xcalloc_aligned(size),
         nthreads);
  group->reductions = data;
}

void o2n_gomp_reduction_register(uintptr_t *data, void *_Atomic *shared)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_taskgroup *group = self->task->taskgroup;
  if (!group)
    o2n_fatal("GOMP_taskgroup_reduction_register outside a taskgroup");
  /* The old chain: the enclosing taskgroups' (this one has none yet). */
  register_in(group, data, registered(self->task), self->team->nthreads, shared);
}

O2N_ABI void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
  o2n_gomp_reduction_register(data, NULL);
}

O2N_ABI void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
  free((void *)data[2]);
}

/* The item of the chain whose address is addr, or NULL. */
static const uintptr_t *item_at(const uintptr_t *data, uintptr_t addr, const uintptr_t **array)
{
  for (const uintptr_t *d = data; d; d = (const uintptr_t *)d[4])
    for (uintptr_t j = 0; j < d[0]; j++)
      if (d[7 + 3 * j] == addr) {
        *array = d;
        return d + 7 + 3 * j;
      }
  return NULL;
}

/* The item of array d at offset off in a slice. */
static const uintptr_t *item_of(const uintptr_t *d, uintptr_t off)
{
  for (uintptr_t j = 0; j < d[0]; j++)
    if (d[8 + 3 * j] == off)
      return d + 7 + 3 * j;
  return NULL;
}

/* Thread tid's copy of the item whose original, or some thread's copy, is at addr; *orig gets the
   original's address when orig is not NULL. */
static void *remap(const uintptr_t *data, unsigned tid, void *addr, void **orig)
{
  const uintptr_t a = (uintptr_t)addr;
  const uintptr_t *d, *item = item_at(data, a, &d);
  if (!item) {
    for (d = data; d && !(a >= d[2] && a < d[6]); d = (const uintptr_t *)d[4])
      ;
    item = d ? item_of(d, (a - d[2]) % d[1]) : NULL;
    if (!item)
      o2n_fatal("GOMP_task_reduction_remap: %p is neither a list item of a task reduction nor "
                "a private copy of one", addr);
  }
  if (orig)
    *orig = (void *)item[0];
  return (void *)(d[2] + tid * d[1] + item[1]);
}

O2N_ABI void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
  struct o2n_thread *self = o2n_self();
  const uintptr_t *data = registered(self->task);
  if (!data && cnt)
    o2n_fatal("GOMP_task_reduction_remap: no task reduction is registered for this task");
  for (size_t i = 0; i < cnt; i++)
    ptrs[i] = remap(data, self->tid, ptrs[i], i < cntorig ? &ptrs[cnt + i] : NULL);
}

O2N_ABI void GOMP_workshare_task_reduction_unregister(bool cancelled)
{
  struct o2n_thread *self = o2n_self();
  uintptr_t *data = self->task->taskgroup->reductions;
  __omp2numa_taskgroup_end();
  /* Thread 0 has combined the copies (gcc's code, before this call). */
  if (self->tid == 0)
    GOMP_taskgroup_reduction_unregister(data);
  if (!cancelled)
    __omp2numa_barrier();
}

/* A region with task reductions: its implicit tasks are in one taskgroup, which holds them. */
struct parallel_reductions {
  struct o2n_taskgroup group;
  unsigned nthreads;
};

static void parallel_enter(void *arg)
{
  struct parallel_reductions *p = arg;
  struct o2n_thread *self = o2n_self();
  self->task->taskgroup = &p->group;
  if (self->tid == 0)
    p->nthreads = self->team->nthreads;
}

O2N_ABI unsigned GOMP_parallel_reductions(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                          unsigned flags)
{
  /* gcc's block starts with the reductions array's address.  The private copies are made for
     the most threads the region may get (the team may get fewer); gcc combines those of the
     team size this returns, and then calls GOMP_taskgroup_reduction_unregister. */
  uintptr_t *rdata;
  memcpy(&rdata, data, sizeof rdata);
  const unsigned most =
      o2n_team_request(o2n_self(), num_threads > INT_MAX ? INT_MAX : (int)num_threads, 1);
  struct parallel_reductions p = {.nthreads = 1};
  atomic_init(&p.group.count, 0);
  atomic_init(&p.group.cancelled, false);
  register_in(&p.group, rdata, NULL, most, NULL);
  o2n_gomp_parallel(fn, data, num_threads, flags, parallel_enter, &p);
  return p.nthreads;
}
