/*
 * gomp_reduction.c -- libgomp's ABI for task reductions (task_reduction on taskgroup, reduction
 * on taskloop, the task modifier of reduction on parallel and worksharing constructs, and
 * in_reduction), and the shared blocks of a GOMP worksharing construct (its `mem` argument).
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
 * arrays all point to one allocation: the first thread to arrive makes it (a compare-and-swap on
 * the work-share slot, struct o2n_ws's `gomp_reductions`), the others take it.  The construct's
 * `mem` block (zeroed, shared by the team, freed when the construct ends) is made the same way.
 */
#include "internal.h"
#include "gomp.h"

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

/* One registration's allocation for nthreads threads: every array's slices, each at its
   alignment (data[2] on entry). */
struct layout {
  size_t size, align;
};

static struct layout layout_of(const uintptr_t *data, unsigned nthreads)
{
  struct layout l = {0, sizeof(void *)};
  for (const uintptr_t *d = data; d; d = (const uintptr_t *)d[4]) {
    const size_t align = d[2] > l.align ? d[2] : l.align;
    l.size = (l.size + align - 1) / align * align + d[1] * nthreads;
    l.align = align;
  }
  return l;
}

/* Zeroed memory for a layout; never NULL. */
static void *block_alloc(struct layout l)
{
  const size_t size = l.size ? (l.size + l.align - 1) / l.align * l.align : l.align;
  void *block = aligned_alloc(l.align, size);
  if (!block)
    o2n_fatal("out of memory for task reductions or a worksharing construct (%zu bytes)", size);
  return memset(block, 0, size);
}

/* Points the arrays of a registration into block (laid out as layout_of says) and links the
   last one to the enclosing chain, old. */
static void assign(uintptr_t *data, uintptr_t *old, char *block, unsigned nthreads)
{
  size_t at = 0, align = sizeof(void *);
  for (uintptr_t *d = data;; d = (uintptr_t *)d[4]) {
    align = d[2] > align ? d[2] : align;
    at = (at + align - 1) / align * align;
    d[2] = (uintptr_t)(block + at);
    at += d[1] * nthreads;
    d[6] = (uintptr_t)(block + at);
    if (d[4] == 0) {
      d[4] = (uintptr_t)old;
      return;
    }
  }
}

O2N_ABI void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_taskgroup *group = self->task->taskgroup;
  if (!group)
    o2n_fatal("GOMP_taskgroup_reduction_register outside a taskgroup");
  const unsigned nthreads = self->team->nthreads;
  assign(data, registered(self->task), block_alloc(layout_of(data, nthreads)), nthreads);
  group->reductions = data;
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

/* The team's block in *slot, made by the first thread to ask: zeroed memory of the layout. */
static void *shared_block(void *_Atomic *slot, struct layout l)
{
  /* Acquire: the winner's zeroed block. */
  void *block = atomic_load_explicit(slot, memory_order_acquire);
  if (block)
    return block;
  void *mine = block_alloc(l);
  /* acq_rel: publishes our zeroes, or acquires the winner's. */
  if (atomic_compare_exchange_strong_explicit(slot, &block, mine, memory_order_acq_rel,
                                              memory_order_acquire))
    return mine;
  free(mine);
  return block;
}

void o2n_gomp_workshare_extras(const char *entry, const void *caller, uintptr_t *reductions,
                               void **mem)
{
  (void)entry;
  (void)caller;
  struct o2n_thread *self = o2n_self();
  struct o2n_ws *ws = self->ws;
  if (reductions) {
    uintptr_t *old = registered(self->task);
    const unsigned nthreads = self->team->nthreads;
    __omp2numa_taskgroup_start();
    assign(reductions, old,
           shared_block(&ws->gomp_reductions, layout_of(reductions, nthreads)), nthreads);
    self->task->taskgroup->reductions = reductions;
  }
  if (mem)
    *mem = shared_block(&ws->gomp_mem,
                        (struct layout){(size_t)(uintptr_t)*mem, _Alignof(long long)});
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
