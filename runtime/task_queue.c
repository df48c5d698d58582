/*
 * task_queue.c -- where ready tasks wait: one deque per thread of a team, and the team's shared
 * queue (priorities, tasks made ready from outside).
 *
 * A deque is a ring of task pointers under a spinlock.  The owner pushes and pops at the tail
 * (newest first: the depth-first order that keeps a recursive program's working set small and
 * its queues short); thieves take from the head (the oldest task, usually the root of the largest
 * piece of work left); a thief in a barrier, which no tied task constrains, takes up to half of
 * them at once (O2N_TASK_STEAL_MAX in config.h) and queues all but the oldest on its own deque.
 * The lock is taken by the owner too: an uncontended exchange per push and
 * per pop, measured at a few nanoseconds, and it lets a thief look at the tasks it may take
 * before taking one, which the tied-task scheduling constraint needs (below).  Empty deques are
 * skipped without touching the lock, by relaxed looks at head and tail.
 *
 * The task-scheduling constraint of tied tasks: a thread that waits inside a task T (taskwait,
 * taskgroup, an undeferred task's dependences, taskyield) may only start descendants of T, or
 * a program that holds a lock across a taskwait could deadlock on itself.  Callers pass T as the
 * `anchor`.  In the thread's own deque, the tasks at indices >= T->base (its tail when T
 * started) are descendants of T: while T runs, this thread pushes only children of T or of tasks
 * it runs inside T's waits, which are descendants themselves, and no other thread pushes on
 * this deque (a batch steal happens only in a barrier, where it runs no task of its own: what it
 * queues is below the base of every task it starts later).  Elsewhere (other deques, the shared queue) the taker walks each candidate's
 * parent links up to T's depth (o2n_task_is_descendant): the blocks of a queued task's
 * ancestors all exist (task.c's reference counts), and the queue's lock keeps the candidate
 * queued while it looks.  Barrier waits pass no anchor: a thread in a barrier has no suspended
 * task but its implicit task, which does not constrain it.
 */
#include "internal.h"

#include <sched.h>
#include <stdlib.h>

/* ------------------------------------------------------------------------------------------- */
/* Spinlocks                                                                                   */
/* ------------------------------------------------------------------------------------------- */

void o2n_spin_lock_wait(_Atomic uint32_t *lock)
{
  /* Held for a few dozen instructions; yield after a while in case the holder was preempted. */
  for (unsigned round = 0; !o2n_spin_trylock(lock); round++) {
    if (round < 128)
      o2n_cpu_relax();
    else
      sched_yield();
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Descendants                                                                                 */
/* ------------------------------------------------------------------------------------------- */

bool o2n_task_is_descendant(const struct o2n_task *task, const struct o2n_task *anchor)
{
  const unsigned depth = anchor->depth;
  while (task && task->depth > depth)
    task = task->parent;
  return task == anchor;
}

static bool allowed(const struct o2n_task *task, const struct o2n_task *anchor)
{
  return !anchor || o2n_task_is_descendant(task, anchor);
}

/* ------------------------------------------------------------------------------------------- */
/* Deques                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/* Doubles the ring (64 entries at first), keeping every task at its index; the lock is held. */
static void deque_grow(struct o2n_task_deque *d, uint64_t head, uint64_t tail)
{
  const uint64_t cap = d->cap ? 2 * d->cap : 64;
  struct o2n_task **buf = o2n_xmalloc(cap * sizeof *buf);
  for (uint64_t i = head; i < tail; i++)
    buf[i & (cap - 1)] = d->buf[i & (d->cap - 1)];
  free(d->buf);
  d->buf = buf;
  d->cap = cap;
}

void o2n_deque_push(struct o2n_task_deque *d, struct o2n_task *task)
{
  o2n_spin_lock(&d->lock);
  /* Relaxed: exact under the lock. */
  const uint64_t head = atomic_load_explicit(&d->head, memory_order_relaxed);
  const uint64_t tail = atomic_load_explicit(&d->tail, memory_order_relaxed);
  if (tail - head == d->cap)
    deque_grow(d, head, tail);
  d->buf[tail & (d->cap - 1)] = task;
  atomic_store_explicit(&d->tail, tail + 1, memory_order_relaxed);
  o2n_spin_unlock(&d->lock);
}

struct o2n_task *o2n_deque_pop(struct o2n_task_deque *d, uint64_t base)
{
  /* The owner's look: its own tail is exact, a stale head only sends it to the lock. */
  if (atomic_load_explicit(&d->tail, memory_order_relaxed) <=
      atomic_load_explicit(&d->head, memory_order_relaxed))
    return NULL;
  struct o2n_task *task = NULL;
  o2n_spin_lock(&d->lock);
  const uint64_t head = atomic_load_explicit(&d->head, memory_order_relaxed);
  const uint64_t tail = atomic_load_explicit(&d->tail, memory_order_relaxed);
  if (tail > head && tail - 1 >= base) {
    task = d->buf[(tail - 1) & (d->cap - 1)];
    atomic_store_explicit(&d->tail, tail - 1, memory_order_relaxed);
  }
  o2n_spin_unlock(&d->lock);
  return task;
}

/* Takes the oldest allowed task from a victim's deque, or returns NULL (empty, nothing allowed,
   or the lock busy: the thief tries elsewhere rather than wait).  Without an anchor every task is
   allowed, and the thief takes half of them, at most O2N_TASK_STEAL_MAX: it runs the oldest and
   queues the others on its own deque. */
static struct o2n_task *deque_steal(struct o2n_thread *self, struct o2n_task_deque *d,
                                    const struct o2n_task *anchor)
{
  if (o2n_deque_size(d) == 0 || !o2n_spin_trylock(&d->lock))
    return NULL;
  const uint64_t head = atomic_load_explicit(&d->head, memory_order_relaxed);
  const uint64_t tail = atomic_load_explicit(&d->tail, memory_order_relaxed);
  const uint64_t mask = d->cap - 1;
  struct o2n_task *task = NULL, *more[O2N_TASK_STEAL_MAX];
  unsigned nmore = 0;
  if (!anchor && tail > head) {
    task = d->buf[head & mask];
    const uint64_t half = (tail - head - 1) / 2, /* of the others: half of all, rounded up */
        limit = O2N_TASK_STEAL_MAX - 1;
    nmore = (unsigned)(half < limit ? half : limit);
    for (unsigned i = 0; i < nmore; i++)
      more[i] = d->buf[(head + 1 + i) & mask];
    atomic_store_explicit(&d->head, head + 1 + nmore, memory_order_relaxed);
  }
  for (uint64_t i = head; anchor && i < tail; i++) {
    struct o2n_task *candidate = d->buf[i & mask];
    if (allowed(candidate, anchor)) {
      /* Close the gap: the older tasks move up by one, the head follows. */
      for (uint64_t j = i; j > head; j--)
        d->buf[j & mask] = d->buf[(j - 1) & mask];
      atomic_store_explicit(&d->head, head + 1, memory_order_relaxed);
      task = candidate;
      break;
    }
  }
  o2n_spin_unlock(&d->lock);
  if (nmore) {
    /* Oldest first, so that this thread runs the newest next and other thieves take the oldest;
       then sleepers may come for them (o2n_task_ready's protocol). */
    for (unsigned i = 0; i < nmore; i++)
      o2n_deque_push(&self->deque, more[i]);
    atomic_thread_fence(memory_order_seq_cst);
    o2n_task_wake(self->team);
  }
  return task;
}

void o2n_task_queues_free(struct o2n_team *team)
{
  for (unsigned t = 0; t < team->nthreads; t++) {
    struct o2n_task_deque *d = &team->members[t].deque;
    free(d->buf);
    d->buf = NULL;
    d->cap = 0;
  }
}

/* ------------------------------------------------------------------------------------------- */
/* The shared queue                                                                            */
/* ------------------------------------------------------------------------------------------- */

void o2n_task_shared_push(struct o2n_team *team, struct o2n_task *task)
{
  struct o2n_task_shared *q = &team->shared;
  o2n_spin_lock(&q->lock);
  /* Highest priority first; first in, first out among equals. */
  struct o2n_task **link = &q->head;
  while (*link && (*link)->priority >= task->priority)
    link = &(*link)->next;
  task->next = *link;
  *link = task;
  atomic_fetch_add_explicit(&q->count, 1, memory_order_relaxed);
  o2n_spin_unlock(&q->lock);
}

static struct o2n_task *shared_take(struct o2n_team *team, const struct o2n_task *anchor)
{
  struct o2n_task_shared *q = &team->shared;
  o2n_spin_lock(&q->lock);
  struct o2n_task **link = &q->head, *task = NULL;
  for (; *link; link = &(*link)->next) {
    if (allowed(*link, anchor)) {
      task = *link;
      *link = task->next;
      atomic_fetch_sub_explicit(&q->count, 1, memory_order_relaxed);
      break;
    }
  }
  o2n_spin_unlock(&q->lock);
  return task;
}

/* ------------------------------------------------------------------------------------------- */
/* Finding work                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* A uniform number in [0, n), n > 0. */
static unsigned random_below(uint64_t *state, unsigned n)
{
  return (unsigned)((o2n_random(state) >> 32) * n >> 32);
}

struct o2n_task *o2n_task_find(struct o2n_thread *self, const struct o2n_task *anchor)
{
  struct o2n_team *team = self->team;
  /* Relaxed looks: a task missed now is found at the next look, and the sleep protocol of the
     waits (task.c) orders a last look after announcing the sleep. */
  if (!atomic_load_explicit(&team->tasks_used, memory_order_relaxed))
    return NULL;
  struct o2n_task *task;
  if (atomic_load_explicit(&team->shared.count, memory_order_relaxed) &&
      (task = shared_take(team, anchor)))
    return task;
  if ((task = o2n_deque_pop(&self->deque, anchor ? anchor->base : 0)))
    return task;
  const unsigned n = team->nthreads;
  if (n == 1)
    return NULL;
  /* Victims: the threads of our NUMA domain first (the task's data was probably written there),
     then the others, each round from a random thread. */
  const unsigned start = random_below(&self->rng, n);
  for (unsigned pass = 0; pass < 2; pass++) {
    for (unsigned k = 0; k < n; k++) {
      const unsigned v = (start + k) % n;
      struct o2n_thread *victim = &team->members[v];
      if (v == self->tid || (victim->domain == self->domain) != (pass == 0))
        continue;
      if ((task = deque_steal(self, &victim->deque, anchor))) {
        if (pass == 0)
          self->task_stats.steals_same++;
        else
          self->task_stats.steals_other++;
        return task;
      }
    }
  }
  return NULL;
}
