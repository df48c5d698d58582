/*
 * reduction.c -- the end of a construct with a reduction clause.
 *
 * Every thread publishes a pointer to its partial result in its descriptor and counts itself in;
 * the last one to arrive folds the partials into the shared variables in thread order 0, 1, ...,
 * n-1 and then releases the others, who wait for that.  This is a barrier with the combine in it:
 * one count per thread and one release, and only the threads that arrive before the last one
 * wait (the last never does; thread 0 combining would make it wait for the others and them for
 * it, two sleeps and two wake-ups when waiting threads sleep).  The fixed order makes
 * floating-point results reproducible with a static schedule, at the cost of a serial combine (n
 * calls of a few instructions each).
 *
 * A reduction that ends a parallel region needs no barrier of its own, since the join is one
 * (__omp2numa_reduce_at_join): each thread copies its partial into a slot of its descriptor and
 * leaves, and the primary thread combines the slots in the same order at the join, after the
 * team's tasks (one synchronisation per region instead of two).
 *
 * The private copies of variable-length arrays and array sections live on the heap
 * (__omp2numa_reduction_alloc).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* __omp2numa_reduce for thread self. */
static void reduce(struct o2n_thread *self, void *partial, __omp2numa_combine_fn combine,
                   void *shared)
{
  struct o2n_team *team = self->team;
  if (team->nthreads == 1) {
    if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed))
      o2n_task_barrier_close(self); /* detached tasks */
    combine(shared, partial);
    return;
  }
  /* The count cannot move before this thread arrives, so this read gets the current one; it
     cannot sink below the count-down, whose release keeps earlier accesses before it.  Only a
     cancellation moves it early (cancel.c): acquire, then the flag.  A cancelled region's
     partials are not combined: some of its threads never come. */
  const uint32_t done = o2n_futex_value(&team->reduce_done, memory_order_acquire);
  if (o2n_team_cancelled(team))
    return;
  self->partial = partial; /* published by the count-down's release */
  /* acq_rel: every arrival releases its partial; the last one acquires them all (the count-downs
     form one release sequence). */
  if (atomic_fetch_sub_explicit(&team->reduce_pending, 1, memory_order_acq_rel) != 1) {
    /* Acquire: the combined result.  Until then the last arriver may read the partial, which
       therefore stays alive. */
    o2n_task_wait_futex(self, &team->reduce_done, done);
    return;
  }
  /* The construct's barrier: tasks complete before anybody leaves (task.c). */
  if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed))
    o2n_task_barrier_close(self);
  for (unsigned t = 0; t < team->nthreads; t++)
    combine(shared, team->members[t].partial);
  /* Nobody counts down again before the release below. */
  atomic_store_explicit(&team->reduce_pending, team->nthreads, memory_order_relaxed);
  o2n_futex_store(&team->reduce_done,
                  o2n_futex_value(&team->reduce_done, memory_order_relaxed) + 1);
  o2n_task_wake(team);
}

O2N_ABI void __omp2numa_reduce(void *partial, __omp2numa_combine_fn combine, void *shared)
{
  reduce(o2n_self(), partial, combine, shared);
}

/* memcpy for the usual sizes of a partial or a target (one or two scalars or pointers) as a
   constant-size copy, which the compiler makes one or two moves, instead of a library call. */
static inline void copy_slot(void *to, const void *from, size_t size)
{
  switch (size) {
  case 8:
    memcpy(to, from, 8);
    break;
  case 16:
    memcpy(to, from, 16);
    break;
  default:
    memcpy(to, from, size);
  }
}

_Static_assert(offsetof(struct o2n_team, join_packed) / O2N_CACHE_LINE ==
                   offsetof(struct o2n_team, running) / O2N_CACHE_LINE &&
               (offsetof(struct o2n_team, join_packed) + O2N_JOIN_PACKED - 1) / O2N_CACHE_LINE ==
                   offsetof(struct o2n_team, running) / O2N_CACHE_LINE,
               "the packed partials share the cache line of the running count");

/* The place of each worker's packed partial (struct o2n_team's join_packed): 16 bytes, so that
   any partial of 16 bytes or less is aligned there (its alignment divides its size). */
enum { JOIN_STRIDE = 16 };

/* Whether the workers' partials of size bytes wait packed next to the team's running count,
   which they do when they fit there, instead of in their descriptors. */
static inline bool join_packed(const struct o2n_team *team, size_t size)
{
  return size <= JOIN_STRIDE && team->nthreads - 1 <= O2N_JOIN_PACKED / JOIN_STRIDE;
}

/* Where the partial of worker `member` of team waits for the join (the primary thread's waits
   in its descriptor): packed, or in the worker's descriptor. */
static inline void *worker_join_slot(struct o2n_team *team, struct o2n_thread *member,
                                     bool packed)
{
  return packed ? team->join_packed + (member->tid - 1) * JOIN_STRIDE : member->join_partial;
}

/* The primary thread's part of __omp2numa_reduce_at_join: its partial, the target, and what the
   join needs to combine them.  Out of line, so that a worker's call saves no registers. */
static __attribute__((noinline)) void join_note_primary(struct o2n_team *team, void *partial,
                                                        size_t partial_size,
                                                        __omp2numa_combine_fn combine,
                                                        void *shared, size_t shared_size)
{
  copy_slot(team->members[0].join_partial, partial, partial_size);
  copy_slot(team->join_target, shared, shared_size);
  team->join_combine = combine;
  team->join_size = partial_size;
}

/* __omp2numa_reduce_at_join in a thread the runtime has not met yet (as task.c's submit_initial). */
static __attribute__((noinline, cold)) void reduce_at_join_initial(void *partial,
                                                                   size_t partial_size,
                                                                   __omp2numa_combine_fn combine,
                                                                   void *shared,
                                                                   size_t shared_size)
{
  (void)o2n_thread_initial();
  __omp2numa_reduce_at_join(partial, partial_size, combine, shared, shared_size);
}

O2N_ABI void __omp2numa_reduce_at_join(void *partial, size_t partial_size,
                                       __omp2numa_combine_fn combine, void *shared,
                                       size_t shared_size)
{
  struct o2n_thread *self = o2n_current;
  if (__builtin_expect(self == NULL, 0)) {
    reduce_at_join_initial(partial, partial_size, combine, shared, shared_size);
    return;
  }
  struct o2n_team *team = self->team;
  /* Every thread of the team takes the same branch: the sizes are the call site's, which all of
     them run, and the team's size is fixed.  A team of one combines at once, as before. */
  if (team->nthreads == 1 || partial_size > O2N_REDUCE_SLOT || shared_size > O2N_REDUCE_SLOT) {
    reduce(self, partial, combine, shared);
    return;
  }
  if (self->tid == 0) {
    join_note_primary(team, partial, partial_size, combine, shared, shared_size);
    return;
  }
  /* Read by the primary thread at the join: a worker's count-down out of the region releases
     it. */
  copy_slot(worker_join_slot(team, self, join_packed(team, partial_size)), partial, partial_size);
}

void o2n_reduce_combine_joined(struct o2n_team *team)
{
  const __omp2numa_combine_fn combine = team->join_combine;
  team->join_combine = NULL; /* the block may serve the next region as it is (team.c) */
  /* As in __omp2numa_reduce, a cancelled region's partials are not combined. */
  if (o2n_team_cancelled(team))
    return;
  void *target = team->join_target;
  combine(target, team->members[0].join_partial);
  const bool packed = join_packed(team, team->join_size);
  for (unsigned t = 1; t < team->nthreads; t++)
    combine(target, worker_join_slot(team, &team->members[t], packed));
}

O2N_ABI void *__omp2numa_reduction_alloc(size_t count, size_t size)
{
  return o2n_xmalloc_array(count, size, "a reduction's private copy");
}

O2N_ABI void __omp2numa_reduction_free(void *copy)
{
  free(copy);
}
