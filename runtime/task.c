/*
 * task.c -- explicit tasks: creation, execution, completion, taskwait, taskgroup, detach events,
 * and the task-aware waits that barriers and the end of a region use.
 *
 * A task is one block (struct o2n_task, then the emitted code's data block), taken from a
 * per-thread free list.  Submitting it counts it in its parent (and its taskgroup), registers its
 * dependences (task_depend.c), and then either runs it at once -- undeferred (if(false)),
 * included (below a final task), in a team of one (outside a region too) when its dependences
 * are met, or past the cut-off (the thread's deque already holds O2N_TASK_CUTOFF tasks) -- or
 * pushes it on the thread's deque
 * (task_queue.c), from which the owner pops newest first and other threads steal oldest first.
 *
 * Completion (after the body returns, and the event is fulfilled for detach): successors become
 * ready, the taskgroup and the parent count it down, and the block is freed once no child block
 * refers to it (struct o2n_task explains the counts).
 *
 * Waiting.  Every wait for tasks -- taskwait, taskgroup end, an undeferred task's dependences,
 * barriers of a team that has created tasks, the end of such a region -- is one loop (task_wait):
 * check the condition, else run a task found by o2n_task_find, else spin, else sleep.  Sleepers
 * sleep on the team's wake word (beside the barrier's generation), whose value is a sequence
 * number and whose bit 0 is a sleepers flag: a waiter sets the flag (or finds it set), fences,
 * looks at its condition and for work once more, and sleeps while the word is unchanged;
 * whoever makes work available or may end a wait (a push, a completion that empties a parent or
 * a taskgroup, an opened barrier, the count-downs that a reduction or the join waits for) makes
 * its change with a seq_cst operation and, if the flag is set, moves the sequence on and clears
 * the flag with one CAS, then wakes every sleeper (o2n_task_wake).  The fences guarantee that one
 * side sees the other, and the sequence that a sleeper which found the flag already set cannot
 * sleep through a wake-up made after its announcement (task_wait says why).  The waker pays one
 * load of a line that changes only at barriers and wake-ups, plus the fence on a push.
 *
 * The end of a region.  Its join stays as cheap as without tasks: a worker that finishes the
 * region's function before the team has queued a task leaves at once (one exchange on its own
 * `join` word).  When the team queues its first task, team_recall marks the workers still in
 * the function to stay at its end, dispatches again those that have left (they are still
 * reserved by the team), and ends the primary thread's task-free wait at the join.  Workers that
 * stay run tasks (`helpers`) until the primary thread has finished the function, every worker
 * has, and every task is complete.  The primary thread waits for the workers, then for the tasks
 * and the helpers.
 *
 * Task reductions.  A taskgroup with task_reduction clauses registers an accumulator for each
 * list item (the emitted code's, on the stack of the task that runs the group).  An in_reduction
 * task combines its private copy, under one lock, into the accumulator of the innermost group of
 * its chain that holds the item's address (__omp2numa_task_reduction_target); the task that runs
 * the group combines the accumulators into the originals after the group's end.  So that task may
 * use the originals in the group's body: no other task writes them meanwhile (as in libgomp).
 *
 * Tasks that run at once with nothing to wait for (no dependences, no detach) take a fast path
 * (task_run_at_once): not counted in the parent or taskgroup, block back to the free list.
 */
#include "internal.h"

#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static_assert(sizeof(struct o2n_task) <= O2N_TASK_HEADER, "struct o2n_task outgrew its header");

/* Bit 0 of a futex word: somebody sleeps on it (barrier.c). */
#define SLEEPERS 1u

/* A bit of the value of a team's `running` count (above any count of workers): team_recall has
   called the primary thread to the team's tasks.  Set once per region at most; the primary
   thread clears it at the join, before it waits for the count again (o2n_task_primary_end). */
#define RUNNING_RECALL (1u << 30)

static inline void *task_data(struct o2n_task *task)
{
  return (char *)task + O2N_TASK_HEADER;
}

static inline struct o2n_task *task_of(void *data)
{
  return (struct o2n_task *)((char *)data - O2N_TASK_HEADER);
}

/* ------------------------------------------------------------------------------------------- */
/* Blocks and free lists                                                                       */
/* ------------------------------------------------------------------------------------------- */

/* Block sizes of the free lists (header included); larger blocks (class NCLASSES) come from
   malloc each time. */
enum { NCLASSES = 3 };
static const size_t class_size[NCLASSES] = {256, 512, 1024};

static inline unsigned size_class(size_t total)
{
  return total <= 256 ? 0 : total <= 512 ? 1 : total <= 1024 ? 2 : NCLASSES;
}

/* A thread's free lists.  A block always goes back to the thread that made it (its `home`): onto
   `head` when that thread frees it, onto `remote`, a lock-free stack, when another thread does
   (the thief that ran a stolen task, or the last child to complete).  The owner takes its remote
   stack whole when its own list is empty.  So a thread that creates the tasks that others run
   (master_task, the top of a recursion) reuses its blocks, instead of taking a new one from
   malloc for each task while the threads that run them hand theirs back to free, which moves
   every block across threads under glibc's arena lock.  The blocks a thread keeps are bounded by
   how many of its tasks live at once: a thread's blocks never pile up on another.
   room[c]: how many more blocks list c may take; 0 until the thread has registered the lists
   for their release at its exit (its first block does), and always for the malloc class, so
   that a free tests one counter.  No block is freed after its home thread has exited: a thread
   waits for the tasks of its regions, which free their blocks before they count down. */
struct o2n_task_free_lists {
  struct o2n_task *head[NCLASSES + 1]; /* head[NCLASSES] stays NULL */
  unsigned room[NCLASSES + 1];         /* room[NCLASSES] stays 0 */
  bool registered;                     /* for free_lists_destroy at the thread's exit */
  /* Other threads' frees: a line of its own, away from the owner's every allocation. */
  alignas(O2N_CACHE_LINE) _Atomic(struct o2n_task *) remote[NCLASSES];
};

static _Thread_local struct o2n_task_free_lists free_lists
    __attribute__((tls_model(O2N_TLS_MODEL)));
static pthread_key_t free_lists_key;
static pthread_once_t free_lists_once = PTHREAD_ONCE_INIT;

static void free_chain(struct o2n_task *task)
{
  while (task) {
    struct o2n_task *next = task->next;
    free(task);
    task = next;
  }
}

static void free_lists_destroy(void *arg)
{
  struct o2n_task_free_lists *lists = arg;
  for (unsigned c = 0; c < NCLASSES; c++) {
    free_chain(lists->head[c]);
    free_chain(atomic_exchange_explicit(&lists->remote[c], NULL, memory_order_acquire));
    lists->head[c] = NULL;
    lists->room[c] = 0; /* blocks freed after this go back to malloc */
  }
}

static void make_free_lists_key(void)
{
  if (pthread_key_create(&free_lists_key, free_lists_destroy) != 0)
    o2n_fatal("cannot create a thread-specific key");
}

/* A block of this thread's onto its own list c, or back to malloc when the list has no room. */
static inline void block_free_home(struct o2n_task *task, unsigned c)
{
  if (__builtin_expect(free_lists.room[c] == 0, 0)) {
    free(task);
    return;
  }
  free_lists.room[c]--;
  task->next = free_lists.head[c];
  free_lists.head[c] = task;
}

/* A block of class c for a data block of size bytes when its free list is empty: the blocks
   that other threads gave back, else a new one.  The thread's first block registers its lists. */
static __attribute__((noinline)) struct o2n_task *block_alloc_slow(size_t size, unsigned c)
{
  if (c < NCLASSES) {
    /* Acquire: the freeing threads' last uses of the blocks (their release in block_free). */
    struct o2n_task *task = atomic_exchange_explicit(&free_lists.remote[c], NULL,
                                                     memory_order_acquire);
    if (task) {
      for (struct o2n_task *rest = task->next, *next; rest; rest = next) {
        next = rest->next;
        block_free_home(rest, c);
      }
      return task;
    }
  }
  if (__builtin_expect(!free_lists.registered, 0)) {
    free_lists.registered = true;
    pthread_once(&free_lists_once, make_free_lists_key);
    pthread_setspecific(free_lists_key, &free_lists);
    for (unsigned k = 0; k < NCLASSES; k++)
      free_lists.room[k] = O2N_TASK_FREE_MAX;
  }
  const size_t total = O2N_TASK_HEADER + size;
  if (total < size) /* wrapped around */
    o2n_fatal("a task's data block of %zu bytes is too large", size);
  const size_t bytes =
      c < NCLASSES ? class_size[c]
                   : (total + O2N_CACHE_LINE - 1) / O2N_CACHE_LINE * O2N_CACHE_LINE;
  struct o2n_task *task = aligned_alloc(O2N_CACHE_LINE, bytes);
  if (!task)
    o2n_fatal("out of memory for a task of %zu bytes", size);
  task->block = c;
  task->home = &free_lists;
  return task;
}

static inline struct o2n_task *block_alloc(size_t size)
{
  const unsigned c = size_class(O2N_TASK_HEADER + size);
  struct o2n_task *task = free_lists.head[c];
  if (__builtin_expect(task == NULL, 0))
    return block_alloc_slow(size, c);
  free_lists.head[c] = task->next;
  free_lists.room[c]++;
  return task; /* its `block` is still c, its `home` this thread's lists */
}

/* Another thread's block: onto its home's remote stack (malloc's class: back to malloc). */
static __attribute__((noinline)) void block_free_remote(struct o2n_task *task)
{
  const unsigned c = task->block;
  if (c == NCLASSES) {
    free(task);
    return;
  }
  _Atomic(struct o2n_task *) *top = &task->home->remote[c];
  struct o2n_task *old = atomic_load_explicit(top, memory_order_relaxed);
  do
    task->next = old;
  while (!atomic_compare_exchange_weak_explicit(top, &old, task, memory_order_release,
                                                memory_order_relaxed));
}

void *o2n_task_spare(struct o2n_task *task, size_t *bytes)
{
  const size_t used = O2N_TASK_HEADER + (((size_t)task->size + 7) & ~(size_t)7);
  *bytes = task->block < NCLASSES ? class_size[task->block] - used : 0;
  return (char *)task + used;
}

static inline void block_free(struct o2n_task *task)
{
  if (__builtin_expect(task->deps || task->table, 0))
    o2n_task_depend_free(task);
  if (__builtin_expect(task->home != &free_lists, 0)) {
    block_free_remote(task);
    return;
  }
  block_free_home(task, task->block);
}

/* ------------------------------------------------------------------------------------------- */
/* Implicit tasks                                                                              */
/* ------------------------------------------------------------------------------------------- */

void o2n_task_thread_init(struct o2n_thread *thread)
{
  struct o2n_task *implicit = &thread->implicit;
  implicit->team = thread->team;
  implicit->flags = O2N_TASK_IMPLICIT;
  /* Its own reference, never dropped: the block is part of the thread's descriptor. */
  atomic_init(&implicit->count, 1);
  thread->task = implicit;
  thread->rng = o2n_seed(0x7a5c, thread->tid);
}

/* ------------------------------------------------------------------------------------------- */
/* Waking and waiting                                                                          */
/* ------------------------------------------------------------------------------------------- */

void o2n_task_wake(struct o2n_team *team)
{
  _Atomic uint32_t *word = &team->barrier.wake.word;
  /* seq_cst: pairs with the waiter's announcement (task_wait), after the caller's seq_cst
     read-modify-write or fence that made the change. */
  uint32_t seen = atomic_load_explicit(word, memory_order_seq_cst);
  /* The next value, flag cleared.  A failed CAS means that another waker moved the value since
     (waiters never touch a set flag), and that waker wakes every sleeper. */
  if ((seen & SLEEPERS) &&
      atomic_compare_exchange_strong_explicit(word, &seen, (seen + 2) & ~SLEEPERS,
                                              memory_order_relaxed, memory_order_relaxed))
    o2n_futex_wake(word, INT_MAX);
}

typedef bool wait_done_fn(const void *arg);

/* Runs a task for a wait, counting the time it took when statistics are on. */
static __attribute__((noinline)) void run_for_wait(struct o2n_thread *self, struct o2n_task *task, uint64_t *busy)
{
  if (__builtin_expect(o2n_stats_enabled, 0)) {
    const uint64_t start = o2n_stats_now();
    o2n_task_run(self, task);
    *busy += o2n_stats_now() - start;
  } else {
    o2n_task_run(self, task);
  }
}

/*
 * Waits until done(arg), running tasks that o2n_task_find gives for anchor meanwhile (NULL: any
 * task of the team).  Spins for the team's budget, then sleeps on the team's wake word, which
 * every change that may end the wait or give it a task moves (o2n_task_wake).
 */
static inline __attribute__((always_inline)) void
task_wait(struct o2n_thread *self, wait_done_fn *done, const void *arg,
          const struct o2n_task *anchor)
{
  struct o2n_team *team = self->team;
  _Atomic uint32_t *wake = &team->barrier.wake.word;
  const unsigned spins = team->spins;
  const bool timed = o2n_stats_enabled;
  const uint64_t start = timed ? o2n_stats_now() : 0;
  uint64_t busy = 0;
  struct o2n_backoff backoff;
  o2n_backoff_init(&backoff, spins);
  for (;;) {
    if (done(arg))
      break;
    /* Inlined into each caller with its condition (always_inline), and each look for tasks is
       one load in a team without tasks (here and before the sleep): a task-free barrier spins as
       fast as o2n_futex_wait, and sleeps without a call that saves registers for nothing. */
    struct o2n_task *task;
    if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed) &&
        (task = o2n_task_find(self, anchor))) {
      run_for_wait(self, task, &busy);
      o2n_backoff_init(&backoff, spins);
      continue;
    }
    if (o2n_backoff_step(&backoff))
      continue;
    o2n_load_refresh_before_sleep();
    /* The wake word's value counts the wake-ups that found the sleepers flag set, each of which
       clears it.  Announce: set the flag, or find it set (by another waiter) at this value. */
    uint32_t word = atomic_load_explicit(wake, memory_order_relaxed);
    if (!(word & SLEEPERS)) {
      if (!atomic_compare_exchange_strong_explicit(wake, &word, word | SLEEPERS,
                                                   memory_order_relaxed, memory_order_relaxed))
        continue;
      word |= SLEEPERS;
    }
    /* Announced: pairs with the seq_cst operation of whoever makes work or ends the wait, before
       it reads the word (o2n_task_wake), so one of us sees the other: either the checks below see
       the change, or the waker sees the word at `word` or later.  At `word` it moves the value;
       later, the value has moved already (the word leaves `word` only by a wake-up's move).  So
       the sleep below, which the kernel starts only while the word is still `word`, cannot miss
       the wake-up: a waiter that found the flag set by another sleeps on the same value, and a
       wake-up between its announcement and its sleep changes that value (no ABA, as with
       libgomp's team barrier generation or libomp's flag words). */
    atomic_thread_fence(memory_order_seq_cst);
    if (done(arg))
      break;
    if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed) &&
        (task = o2n_task_find(self, anchor))) {
      run_for_wait(self, task, &busy);
      o2n_backoff_init(&backoff, spins);
      continue;
    }
    /* A wake-up goes back to these checks and to sleep without a new spin. */
    o2n_futex_sleep(wake, word);
  }
  if (timed && atomic_load_explicit(&team->tasks_used, memory_order_relaxed)) {
    const uint64_t spent = o2n_stats_now() - start;
    self->task_stats.idle_ns += spent > busy ? spent - busy : 0;
  }
}

static bool children_done(const void *arg)
{
  const struct o2n_task *task = arg;
  return atomic_load_explicit(&task->count, memory_order_seq_cst) >> 32 == 0;
}

static bool group_done(const void *arg)
{
  const struct o2n_taskgroup *group = arg;
  return atomic_load_explicit(&group->count, memory_order_seq_cst) == 0;
}

static bool npred_done(const void *arg)
{
  const struct o2n_task *task = arg;
  return atomic_load_explicit(&task->npred, memory_order_seq_cst) == 0;
}

/* Every task of the team has completed: each implicit task holds only its own reference (a
   live task holds a reference on its parent, which holds one on its own, up to an implicit
   task).  Exact once no implicit task creates tasks any more (every thread is at the barrier,
   or has finished the region's function). */
static bool team_tasks_done(const void *arg)
{
  const struct o2n_team *team = arg;
  for (unsigned t = 0; t < team->nthreads; t++)
    if (atomic_load_explicit(&team->members[t].implicit.count, memory_order_seq_cst) != 1)
      return false;
  return true;
}

struct futex_arg {
  struct o2n_futex *f;
  uint32_t old;
};

static bool futex_moved(const void *arg)
{
  const struct futex_arg *a = arg;
  return o2n_futex_value(a->f, memory_order_seq_cst) != a->old;
}

/* ------------------------------------------------------------------------------------------- */
/* Completion                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* Drops dec from task's count (O2N_TASK_CHILD: a child completed; 1: a reference), waking
   waiters it may concern, and frees the blocks that it leaves unreferenced, up the parents. */
static void task_release(struct o2n_team *team, struct o2n_task *task, uint64_t dec)
{
  for (;;) {
    /* Read before the count-down: once it is done, another thread may free the block (when the
       count left is the task's own reference and the task completes meanwhile) and reuse it. */
    const bool implicit = task->flags & O2N_TASK_IMPLICIT;
    /* seq_cst: ends waits (children_done, team_tasks_done); acq_rel in it orders the child's
       work before the parent's taskwait and every user of the block before its free. */
    const uint64_t left = atomic_fetch_sub_explicit(&task->count, dec, memory_order_seq_cst) - dec;
    if (((dec & O2N_TASK_CHILD) && left >> 32 == 0) || (left == 1 && implicit))
      o2n_task_wake(team);
    if (left != 0)
      return;
    /* Completed, and no child block refers to it: free it, and its reference on the parent. */
    struct o2n_task *parent = task->parent;
    block_free(task);
    task = parent;
    dec = 1;
  }
}

/* Completes a task whose body has returned (and whose event is fulfilled).  self: the calling
   thread's descriptor, NULL for a thread of the program's own; own: successors may go on self's
   deque (task_depend.c). */
static void task_complete(struct o2n_thread *self, struct o2n_task *task, bool own)
{
  struct o2n_team *team = task->team;
  if (task->deps)
    o2n_task_depend_release(self, task, own);
  struct o2n_taskgroup *group = task->group;
  /* seq_cst: ends a taskgroup's wait. */
  if (group && atomic_fetch_sub_explicit(&group->count, 1, memory_order_seq_cst) == 1)
    o2n_task_wake(team);
  struct o2n_task *parent = task->parent;
  /* Acquire: the children that dropped their references are done with the block.  With none left
     none can come (the body has returned), so the block is ours to free. */
  if (atomic_load_explicit(&task->count, memory_order_acquire) == 1) {
    block_free(task);
    task_release(team, parent, O2N_TASK_CHILD | 1);
  } else {
    /* The block stays while it has children's blocks; it holds its reference on the parent. */
    task_release(team, parent, O2N_TASK_CHILD);
    task_release(team, task, 1);
  }
}

/* The ICVs.  A task's changes (omp_set_num_threads...) end with it: the setters call
   o2n_icv_will_change, which keeps the thread's ICVs the first time a task changes them, and the
   end of the task's body puts them back.  A task that changes none (nearly all) costs one test. */
void o2n_task_icv_save(struct o2n_thread *self)
{
  struct o2n_task *task = self->task;
  task->saved_icv = o2n_xmalloc(sizeof *task->saved_icv);
  *task->saved_icv = self->icv;
}

static inline void icv_restore(struct o2n_thread *self, struct o2n_task *task)
{
  if (__builtin_expect(task->saved_icv != NULL, 0)) {
    self->icv = *task->saved_icv;
    free(task->saved_icv);
    task->saved_icv = NULL;
  }
}

/* Whether a task that has not started is discarded: its region or its taskgroup was cancelled
   (cancel.c).  One load when cancellation is off. */
static inline bool task_discarded(const struct o2n_thread *self, struct o2n_taskgroup *group)
{
  return __builtin_expect(o2n_global.cancel, 0) &&
         (o2n_team_cancelled(self->team) ||
          (group && atomic_load_explicit(&o2n_taskgroup_cancellable(group)->cancelled,
                                         memory_order_relaxed)));
}

void o2n_task_run(struct o2n_thread *self, struct o2n_task *task)
{
  struct o2n_task *outer = self->task;
  /* Relaxed: our own deque's tail (task_queue.c on constrained pops). */
  task->base = atomic_load_explicit(&self->deque.tail, memory_order_relaxed);
  self->task = task;
  if (!task_discarded(self, task->group))
    task->fn(task_data(task));
  icv_restore(self, task);
  self->task = outer;
  self->task_stats.run++;
  /* detach: the body and the event each count down once; the second completes the task. */
  if ((task->flags & __OMP2NUMA_TASK_DETACH) &&
      atomic_fetch_sub_explicit(&task->detach, 1, memory_order_acq_rel) != 1)
    return;
  task_complete(self, task, true);
}

/*
 * Calls every thread of the team to its first queued task (once per region; the caller has
 * queued it and fenced).  A worker still in the region's function is marked to stay at its end
 * (IN -> STAY); one that has left already (LEFT: it finished the function before the team had a
 * task to share) is dispatched again, as a helper (LEFT -> RECALLED; it is still reserved by the
 * team, which the join releases only after its helpers).  Each worker's `join` is changed by
 * one read-modify-write on either side, the worker's exchange at its end (o2n_task_worker_end)
 * and this CAS, so exactly one of them sees the other.  The caller is marked like the others if
 * it is a worker in the region's function.  The primary thread may wait at the join for
 * `running`, without looking for tasks: the RUNNING_RECALL bit ends that wait.
 */
static __attribute__((noinline)) void team_recall(struct o2n_thread *self, struct o2n_team *team)
{
  /* seq_cst: the primary thread chooses its wait at the join by it (o2n_task_primary_end). */
  if (atomic_exchange_explicit(&team->recalled, true, memory_order_seq_cst) ||
      team->nthreads == 1)
    return;
  const unsigned me = self && self->team == team ? self->tid : UINT32_MAX;
  /* The caller too, if it is a worker in the region's function: it stays at its end. */
  for (unsigned t = 1; t < team->nthreads; t++) {
    _Atomic uint32_t *join = &team->members[t].join;
    uint32_t state = O2N_JOIN_IN;
    /* seq_cst: after the push (the worker that sees STAY finds the task); acquire on LEFT: the
       worker's dispatch, which the re-dispatch follows. */
    if (atomic_compare_exchange_strong_explicit(join, &state, O2N_JOIN_STAY, memory_order_seq_cst,
                                                memory_order_seq_cst) ||
        state != O2N_JOIN_LEFT)
      continue;
    atomic_store_explicit(join, O2N_JOIN_RECALLED, memory_order_relaxed);
    /* Counted before the dispatch (which releases it), while the caller keeps the region open
       (it runs the region's function or a task of the team, or counts as a helper): the join
       reads the helpers after the region is done. */
    atomic_fetch_add_explicit(&team->helpers.word, 1u << 1, memory_order_relaxed);
    o2n_pool_dispatch(team->workers[t], team, t);
  }
  if (me != 0) {
    /* The primary thread may wait at the join for `running` without looking for tasks
       (o2n_task_primary_end): move the value, which ends that wait, clearing the flag and waking
       it if it sleeps.  seq_cst: after the push. */
    struct o2n_futex *f = &team->running;
    uint32_t word = atomic_load_explicit(&f->word, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&f->word, &word,
                                                  (word | RUNNING_RECALL << 1) & ~SLEEPERS,
                                                  memory_order_seq_cst, memory_order_relaxed))
      ;
    if (word & SLEEPERS)
      o2n_futex_wake(&f->word, INT_MAX);
    /* ...or in a task-aware wait, if it read `recalled` already. */
    o2n_task_wake(team);
  }
}

void o2n_task_ready(struct o2n_thread *self, struct o2n_task *task, bool own)
{
  struct o2n_team *team = task->team;
  if (task->priority > 0 || !own || !self || self->team != team)
    o2n_task_shared_push(team, task);
  else
    o2n_deque_push(&self->deque, task);
  /* The push before the look at the sleepers flag (task_wait's announcement). */
  atomic_thread_fence(memory_order_seq_cst);
  o2n_task_wake(team);
  if (__builtin_expect(!atomic_load_explicit(&team->recalled, memory_order_relaxed), 0))
    team_recall(self, team);
}

/* ------------------------------------------------------------------------------------------- */
/* Creation                                                                                    */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void *__omp2numa_task_alloc(const struct __omp2numa_task_site *site, size_t size,
                                    size_t align)
{
  if (align > O2N_CACHE_LINE || (align & (align - 1)))
    o2n_fatal_at(site->file, site->line,
                 "a task's data needs an alignment of %zu bytes; at most %d is supported", align,
                 O2N_CACHE_LINE);
  struct o2n_task *task = block_alloc(size);
  task->size = (uint32_t)size; /* exact in the free lists' classes */
  task->deps = NULL;
  task->table = NULL;
  task->saved_icv = NULL;
  atomic_init(&task->count, 1);
  task->flags = 0; /* until submitted: not an event omp_fulfill_event accepts */
  return task_data(task);
}

void o2n_task_discard(void *data)
{
  block_free(task_of(data));
}

O2N_ABI uintptr_t __omp2numa_task_event(void *data)
{
  return (uintptr_t)task_of(data);
}

/* Counts the team as one that uses tasks (once). */
static void team_uses_tasks(struct o2n_team *team)
{
  if (__builtin_expect(!atomic_load_explicit(&team->tasks_used, memory_order_relaxed), 0)) {
    o2n_stats_init();
    /* Relaxed: barriers and the end of the region read it after the arrivals and count-downs
       that release it. */
    atomic_store_explicit(&team->tasks_used, true, memory_order_relaxed);
  }
}

/*
 * Runs a task at once that needs nothing but its body: no dependences, no detach event, and the
 * encountering task (parent) waits for it right here.  So it is not counted in its parent nor in
 * its taskgroup, and no atomic operation is needed unless its body leaves children running: the
 * parent cannot wait for it (it is suspended in this call), and the team's barriers and the
 * region's end cannot complete before the parent does.  A body that returns with children still
 * running (it did not wait for them) leaves its block to them: it takes a reference on the
 * parent, as a deferred task's block does, and drops its own (task_release).
 */
static __attribute__((noinline)) void task_run_at_once(struct o2n_thread *self,
                                                        struct o2n_task *task,
                                                        struct o2n_task *parent)
{
  team_uses_tasks(self->team);
  task->group = task->taskgroup = parent->taskgroup; /* not counted in the group */
  task->priority = 0;
  /* Relaxed: our own deque's tail (task_queue.c on constrained pops). */
  task->base = atomic_load_explicit(&self->deque.tail, memory_order_relaxed);
  self->task = task;
  if (!task_discarded(self, task->group))
    task->fn(task_data(task));
  icv_restore(self, task);
  self->task = parent;
  self->task_stats.run++;
  /* Acquire: the children that dropped their references are done with the block. */
  if (__builtin_expect(atomic_load_explicit(&task->count, memory_order_acquire) == 1, 1)) {
    block_free(task);
    return;
  }
  atomic_fetch_add_explicit(&parent->count, 1, memory_order_relaxed);
  task_release(task->team, task, 1);
}

static void task_submit(struct o2n_thread *self, struct o2n_task *task, struct o2n_task *parent,
                        int priority, const struct __omp2numa_depend *deps, size_t ndeps);

/* __omp2numa_task_submit from a thread without a descriptor yet: out of line, so that the
   submission's fast path makes only tail calls (no stack frame). */
static __attribute__((noinline, cold)) void submit_initial(void *data, __omp2numa_task_fn fn,
                                                          int flags, int priority,
                                                          const struct __omp2numa_depend *deps,
                                                          size_t ndeps)
{
  (void)o2n_thread_initial();
  __omp2numa_task_submit(data, fn, flags, priority, deps, ndeps);
}

O2N_ABI void __omp2numa_task_submit(void *data, __omp2numa_task_fn fn, int flags, int priority,
                                    const struct __omp2numa_depend *deps, size_t ndeps)
{
  struct o2n_thread *self = o2n_current;
  if (__builtin_expect(self == NULL, 0)) {
    submit_initial(data, fn, flags, priority, deps, ndeps);
    return;
  }
  struct o2n_task *task = task_of(data), *parent = self->task;
  struct o2n_team *team = self->team;
  task->fn = fn;
  task->parent = parent;
  task->team = team;
  task->depth = parent->depth + 1;
  uint32_t f = (uint32_t)flags & O2N_TASK_ABI_FLAGS;
  /* A final task's descendants are final and included. */
  if (parent->flags & __OMP2NUMA_TASK_FINAL)
    f |= __OMP2NUMA_TASK_FINAL | O2N_TASK_INCLUDED;
  task->flags = f;
  /* Undeferred, included, in a team of one, or past the cut-off, with nothing to wait for. */
  if (ndeps == 0 && !(f & __OMP2NUMA_TASK_DETACH) &&
      ((f & (__OMP2NUMA_TASK_UNDEFERRED | O2N_TASK_INCLUDED)) || team->nthreads == 1 ||
       (!(f & __OMP2NUMA_TASK_PRIORITY) &&
        o2n_deque_size(&self->deque) >= O2N_TASK_CUTOFF))) {
    task_run_at_once(self, task, parent);
    return;
  }
  task_submit(self, task, parent, priority, deps, ndeps);
}

/* __omp2numa_task_submit for the other tasks: deferred, or with dependences or an event. */
static __attribute__((noinline)) void task_submit(struct o2n_thread *self, struct o2n_task *task,
                                                  struct o2n_task *parent, int priority,
                                                  const struct __omp2numa_depend *deps,
                                                  size_t ndeps)
{
  struct o2n_team *team = self->team;
  const uint32_t f = task->flags;
  atomic_init(&task->npred, 0);
  atomic_init(&task->detach, 2);
  const int max = o2n_global.max_task_priority;
  task->priority = !(f & __OMP2NUMA_TASK_PRIORITY) || priority < 0 ? 0
                   : priority > max                                ? max
                                                                    : priority;
  task->group = task->taskgroup = parent->taskgroup;
  if (task->group)
    atomic_fetch_add_explicit(&task->group->count, 1, memory_order_relaxed);
  /* Relaxed: the parent reads the count after the child's release (task_release). */
  atomic_fetch_add_explicit(&parent->count, O2N_TASK_CHILD | 1, memory_order_relaxed);
  team_uses_tasks(team);

  const bool ready = ndeps == 0 || o2n_task_depend_register(task, deps, ndeps);
  if (f & (__OMP2NUMA_TASK_UNDEFERRED | O2N_TASK_INCLUDED)) {
    /* At once, on this thread, once the predecessors are done (they are the parent's children:
       descendants of the current task, which the wait may run). */
    if (!ready)
      task_wait(self, npred_done, task, parent);
    o2n_task_run(self, task);
    return;
  }
  if (!ready)
    return; /* the last predecessor to complete makes it ready */
  /* A team of one runs a task at once (outside a region too), as libgomp does, unless its
     dependences are not met (a detached predecessor): it waits in the deque then. */
  if (team->nthreads == 1 ||
      (task->priority == 0 && o2n_deque_size(&self->deque) >= O2N_TASK_CUTOFF)) {
    o2n_task_run(self, task);
    return;
  }
  o2n_task_ready(self, task, true);
}

/* ------------------------------------------------------------------------------------------- */
/* taskwait, taskgroup, taskyield                                                              */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void __omp2numa_taskwait(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_task *task = self->task;
  if (!children_done(task))
    task_wait(self, children_done, task, task);
}

static void empty_body(void *data)
{
  (void)data;
}

O2N_ABI void __omp2numa_taskwait_depend(const struct __omp2numa_depend *deps, size_t ndeps)
{
  static const struct __omp2numa_task_site site = {"taskwait depend", 0};
  /* An undeferred task with an empty body and these dependences. */
  void *data = __omp2numa_task_alloc(&site, 0, 1);
  __omp2numa_task_submit(data, empty_body, __OMP2NUMA_TASK_UNDEFERRED, 0, deps, ndeps);
}

O2N_ABI void __omp2numa_taskgroup_start_reduction(const struct __omp2numa_task_reduction *items,
                                                  size_t count)
{
  struct o2n_task *task = o2n_self()->task;
  struct o2n_taskgroup *group = o2n_xmalloc(sizeof *group);
  atomic_init(&group->count, 0);
  atomic_init(&group->cancelled, false);
  group->outer = task->taskgroup;
  group->reductions = NULL;
  group->items = items;
  group->nitems = count;
  group->workshare = false;
  task->taskgroup = group;
}

O2N_ABI void __omp2numa_taskgroup_start(void)
{
  __omp2numa_taskgroup_start_reduction(NULL, 0);
}

O2N_ABI void __omp2numa_taskgroup_end(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_task *task = self->task;
  struct o2n_taskgroup *group = task->taskgroup;
  if (!group || group == task->group)
    o2n_fatal("__omp2numa_taskgroup_end without __omp2numa_taskgroup_start in the same task");
  if (!group_done(group))
    task_wait(self, group_done, group, task);
  task->taskgroup = group->outer;
  free(group);
}

O2N_ABI void __omp2numa_taskyield(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_task *task = o2n_task_find(self, self->task);
  if (task)
    o2n_task_run(self, task);
}

/* ------------------------------------------------------------------------------------------- */
/* Reductions                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* One lock for every task reduction of the program.  Not striped by `shared`: that is the
   address of the emitted code's block of target addresses, which may be each task's own copy
   (a taskloop's data block), so two tasks reducing into one variable may pass different ones.
   Combines are a few instructions, once per task.  Zero-initialised means free. */
static struct o2n_lock reduce_lock;

O2N_ABI void __omp2numa_task_reduce(void *partial, __omp2numa_combine_fn combine, void *shared)
{
  o2n_lock_acquire(&reduce_lock);
  combine(shared, partial);
  o2n_lock_release(&reduce_lock, "__omp2numa_task_reduce");
}

/* The groups of the chain were registered before the current task (or its ancestor) was
   created in them, and end after it completes: their items are read without a lock.  The walk
   starts at the group the task's children would count in, so that a list item of a taskgroup
   the task itself runs binds there first. */
O2N_ABI void *__omp2numa_task_reduction_target(const volatile void *original)
{
  const uintptr_t address = (uintptr_t)original;
  for (const struct o2n_taskgroup *group = o2n_self()->task->taskgroup; group;
       group = group->outer)
    for (size_t i = 0; i < group->nitems; i++) {
      const struct __omp2numa_task_reduction *item = &group->items[i];
      const uintptr_t offset = address - (uintptr_t)item->original; /* wraps below it */
      if (offset < item->size)
        return (char *)item->accumulator + offset;
    }
  return (void *)address;
}

/* ------------------------------------------------------------------------------------------- */
/* Barriers and the end of a region                                                            */
/* ------------------------------------------------------------------------------------------- */

void o2n_task_barrier_close(struct o2n_thread *self)
{
  if (!team_tasks_done(self->team))
    task_wait(self, team_tasks_done, self->team, NULL);
}

void o2n_task_barrier_wait(struct o2n_thread *self, uint32_t gen)
{
  const struct futex_arg arg = {&self->team->barrier.gen, gen & O2N_FUTEX_VALUE_MASK};
  task_wait(self, futex_moved, &arg, NULL);
}

uint32_t o2n_task_wait_futex(struct o2n_thread *self, struct o2n_futex *f, uint32_t old)
{
  const struct futex_arg arg = {f, old & O2N_FUTEX_VALUE_MASK};
  task_wait(self, futex_moved, &arg, NULL);
  return o2n_futex_value(f, memory_order_acquire);
}

/* Adds a thread's task statistics to the report and clears them. */
static void stats_flush(struct o2n_thread *self)
{
  if (o2n_stats_enabled) {
    o2n_stats_tasks_add(self, &self->task_stats);
    memset(&self->task_stats, 0, sizeof self->task_stats);
  }
}

/* The region is over: the primary thread and every worker have finished its function (workers
   count themselves out of `running` then), and every task is complete. */
static bool region_done(const void *arg)
{
  const struct o2n_team *team = arg;
  return atomic_load_explicit(&team->primary_done, memory_order_seq_cst) &&
         o2n_futex_value((struct o2n_futex *)&team->running, memory_order_seq_cst) == 0 &&
         team_tasks_done(team);
}

struct o2n_futex *o2n_task_worker_end(struct o2n_thread *self)
{
  struct o2n_team *team = self->team;
  /* One exchange on the worker's own line: the task-free join stays as cheap as it was.
     seq_cst: against team_recall's CAS; acquire on STAY: the queued task. */
  if (atomic_exchange_explicit(&self->join, O2N_JOIN_LEFT, memory_order_seq_cst) == O2N_JOIN_IN) {
    stats_flush(self); /* tasks that ran at once */
    return &team->running; /* team_recall dispatches it again if a task comes */
  }
  /* A helper: counted before it counts itself out of the region, so that the primary thread,
     which acquires the count-down, waits for it too. */
  atomic_fetch_add_explicit(&team->helpers.word, 1u << 1, memory_order_relaxed);
  /* The primary thread may wait for `running` in a task-aware wait (for 0; while the recall's bit
     is set, team_recall has woken it). */
  if (o2n_futex_count_down(&team->running))
    o2n_task_wake(team);
  task_wait(self, region_done, team, NULL);
  stats_flush(self);
  return &team->helpers;
}

struct o2n_futex *o2n_task_worker_recalled(struct o2n_thread *self)
{
  struct o2n_team *team = self->team;
  /* Counted as a helper by team_recall; out of `running` already, with a count-down that woke
     only a sleeper on `running` (pool.c): the primary thread may wait for it in a task-aware
     wait (o2n_task_primary_end). */
  o2n_task_wake(team);
  task_wait(self, region_done, team, NULL);
  stats_flush(self);
  return &team->helpers;
}

void o2n_task_primary_end(struct o2n_thread *self)
{
  struct o2n_team *team = self->team;
  /* seq_cst, then the wake: helpers may wait for it (region_done). */
  atomic_store_explicit(&team->primary_done, true, memory_order_seq_cst);
  o2n_task_wake(team);
  /* The join: acquire from the workers' count-downs, so whatever they did in the region happens
     before the code after it.  In a team that has queued tasks, the thread runs them while it
     waits, and sleeps on the wake word: every count-down of `running` after the recall is
     followed by a wake-up there (o2n_task_worker_end, o2n_task_worker_recalled).  Before it,
     the plain wait on `running` misses nothing: no task is queued, and the recall moves
     `running` (team_recall). */
  uint32_t running = o2n_futex_value(&team->running, memory_order_acquire);
  bool tasks = atomic_load_explicit(&team->recalled, memory_order_seq_cst);
  while (running != 0) {
    if (running & RUNNING_RECALL) {
      /* A worker still in the region queued the team's first task (a single nowait) while this
         thread waited here without looking for tasks: clear the bit (the last count-down wakes
         only a plain count's sleeper) and wait looking for tasks. */
      running = (atomic_fetch_and_explicit(&team->running.word, ~(RUNNING_RECALL << 1),
                                           memory_order_acquire) >> 1) & ~RUNNING_RECALL;
      tasks = true;
      continue;
    }
    running = tasks ? o2n_task_wait_futex(self, &team->running, running)
                    : o2n_futex_wait(&team->running, running, team->spins);
  }
  if (!atomic_load_explicit(&team->tasks_used, memory_order_acquire))
    return;
  /* Helpers that wait for the last worker may sleep: the count-down woke only us. */
  o2n_task_wake(team);
  o2n_task_barrier_close(self);
  uint32_t helpers = o2n_futex_value(&team->helpers, memory_order_acquire);
  while (helpers != 0)
    helpers = o2n_futex_wait(&team->helpers, helpers, team->spins);
  stats_flush(self);
  o2n_task_queues_free(team);
  for (unsigned t = 0; t < team->nthreads; t++)
    if (team->members[t].implicit.table)
      o2n_task_depend_free(&team->members[t].implicit);
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_fulfill_event(omp_event_handle_t event)
{
  struct o2n_task *task = (struct o2n_task *)event;
  if (!task || !(task->flags & __OMP2NUMA_TASK_DETACH))
    o2n_fatal("omp_fulfill_event: %#lx is not the event of a task with a detach clause",
              (unsigned long)event);
  struct o2n_team *team = task->team;
  struct o2n_thread *self = o2n_current;
  /* A thread outside the team counts as a helper while it completes the task, so that the end of
     the region does not free the team under it. */
  const bool outside = !self || self->team != team;
  if (outside)
    atomic_fetch_add_explicit(&team->helpers.word, 1u << 1, memory_order_seq_cst);
  const uint32_t old = atomic_fetch_sub_explicit(&task->detach, 1, memory_order_acq_rel);
  if (old == 0)
    o2n_fatal("omp_fulfill_event: the event of this task was fulfilled already");
  /* Successors go to the shared queue: this thread may be inside a task that they do not descend
     from, which its own deque must not receive (task_queue.c). */
  if (old == 1)
    task_complete(outside ? NULL : self, task, false);
  if (outside)
    o2n_futex_count_down(&team->helpers);
}

O2N_API int omp_in_final(void)
{
  return (o2n_self()->task->flags & __OMP2NUMA_TASK_FINAL) != 0;
}

O2N_API int omp_in_explicit_task(void)
{
  return (o2n_self()->task->flags & O2N_TASK_IMPLICIT) == 0;
}

O2N_API int omp_get_max_task_priority(void)
{
  o2n_init();
  return o2n_global.max_task_priority;
}
