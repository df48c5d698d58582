/*
 * barrier.c -- the runtime's one wait primitive (spin, then sleep on a Linux futex) and the team
 * barrier built on it.  Workers waiting for work, threads waiting for a work-share slot and the
 * join wait on the same primitive.
 */
#include "internal.h"

#include <limits.h>
#include <sched.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Bit 0 of a futex word: somebody sleeps, or is about to. */
#define SLEEPERS 1u

/* ------------------------------------------------------------------------------------------- */
/* System calls                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* Sleeps while *word == expected.  The kernel compares and sleeps atomically with respect to
   FUTEX_WAKE, so a change made before the call makes it return at once.  Returns on a wake-up,
   a signal or a spurious wake-up alike: callers re-check their condition. */
void o2n_futex_sleep(_Atomic uint32_t *word, uint32_t expected)
{
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

void o2n_futex_wake(_Atomic uint32_t *word, int nwaiters)
{
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, nwaiters, NULL, NULL, 0);
}

/* ------------------------------------------------------------------------------------------- */
/* Futex words with a value and a sleepers flag                                                */
/* ------------------------------------------------------------------------------------------- */

uint32_t o2n_futex_spin(struct o2n_futex *f, uint32_t old, unsigned spins)
{
  old &= O2N_FUTEX_VALUE_MASK;
  /* OMP_WAIT_POLICY=passive: no pause and no yield stage; the sleep reads the value first. */
  if (spins == 0 && o2n_global.wait_policy == 0)
    return old;
  struct o2n_backoff backoff;
  o2n_backoff_init(&backoff, spins);
  /* Acquire on every read that may end the wait: the value a writer stored with release comes
     with everything the writer published before it. */
  do {
    uint32_t value = atomic_load_explicit(&f->word, memory_order_acquire) >> 1;
    if (value != old)
      return value;
  } while (o2n_backoff_step(&backoff));
  return old;
}

bool o2n_backoff_yield(struct o2n_backoff *b)
{
  if (b->yield_end == UINT64_MAX)
    return false;
  /* The clock only once the stage is on: a passive or uncrowded waiter goes to sleep without it,
     and so does one whose program's own threads outnumber the processors.  The thread it waits
     for is then most likely one of them, waiting for a processor, and the team's yielding
     waiters, which stay runnable, keep taking turns before it: next to two busy processes, a
     barrier of 3 threads on 2 processors took 5 ms with the stage, 87 us without it (libgomp's:
     47 us; NAS SP, class S: over 300 s against gcc's 1.8 s). */
  if (b->yield_end == 0) {
    if (o2n_global.wait_policy == 0 || !o2n_load_crowded() || o2n_load_own_crowd()) {
      b->yield_end = UINT64_MAX;
      return false;
    }
    b->yield_end = o2n_stats_now() + O2N_YIELD_NS;
  } else if (o2n_stats_now() >= b->yield_end) {
    b->yield_end = UINT64_MAX;
    return false;
  }
  sched_yield();
  return true;
}

uint32_t o2n_futex_wait(struct o2n_futex *f, uint32_t old, unsigned spins)
{
  old &= O2N_FUTEX_VALUE_MASK;
  uint32_t value = o2n_futex_spin(f, old, spins);
  return value != old ? value : o2n_futex_block(f, old);
}

uint32_t o2n_futex_block(struct o2n_futex *f, uint32_t old)
{
  old &= O2N_FUTEX_VALUE_MASK;
  o2n_load_refresh_before_sleep(); /* a sleep costs microseconds anyway */
  uint32_t word;
  for (;;) {
    word = atomic_load_explicit(&f->word, memory_order_acquire);
    if (word >> 1 != old)
      return word >> 1;
    if (!(word & SLEEPERS)) {
      /* Announce the sleep.  Relaxed is enough: every writer changes the word with a
         read-modify-write, so it either comes before this CAS in the word's modification order
         (and the CAS fails: we re-read the new value) or after it (and it sees the flag and wakes
         us).  The kernel re-checks the word before sleeping, which closes the window between
         this CAS and the system call. */
      if (!atomic_compare_exchange_weak_explicit(&f->word, &word, word | SLEEPERS,
                                                 memory_order_relaxed, memory_order_relaxed))
        continue;
      word |= SLEEPERS;
    }
    o2n_futex_sleep(&f->word, word);
  }
}

void o2n_futex_store(struct o2n_futex *f, uint32_t value)
{
  /* Release: publishes what the caller wrote before.  The exchange clears the flag and reports
     whether anybody announced a sleep since the last wake-up.  seq_cst: a caller whose store ends
     a task-aware wait looks at the team's wake word next (o2n_task_wake), and that look must not
     pass the store (on x86 the exchange is the same instruction either way). */
  uint32_t old = atomic_exchange_explicit(&f->word, value << 1, memory_order_seq_cst);
  if (old & SLEEPERS)
    o2n_futex_wake(&f->word, INT_MAX);
}

void o2n_futex_bump(struct o2n_futex *f)
{
  /* The value is in the word's upper 31 bits: adding 2 adds 1 to it, modulo 2^31, and keeps the
     flag, which is honoured as in store.  seq_cst, as store's: a task-aware waiter's wake-up
     (o2n_task_wake) follows it. */
  if (atomic_fetch_add_explicit(&f->word, 1u << 1, memory_order_seq_cst) & SLEEPERS)
    o2n_futex_wake(&f->word, INT_MAX);
}

bool o2n_futex_cas(struct o2n_futex *f, uint32_t expected, uint32_t desired)
{
  uint32_t word = atomic_load_explicit(&f->word, memory_order_relaxed);
  do {
    if (word >> 1 != (expected & O2N_FUTEX_VALUE_MASK))
      return false;
    /* Acquire on success: the caller takes over what the previous writer published; release: it
       publishes what the caller wrote before.  The flag is cleared and honoured as in store. */
  } while (!atomic_compare_exchange_weak_explicit(&f->word, &word, desired << 1,
                                                  memory_order_acq_rel, memory_order_relaxed));
  if (word & SLEEPERS)
    o2n_futex_wake(&f->word, INT_MAX);
  return true;
}

bool o2n_futex_count_down(struct o2n_futex *f)
{
  /* Release: the counting thread's work happens before the zero that the waiter acquires.  The
     fetch_sub keeps the flag, so only the last count (old value 1) needs to look at it.  seq_cst
     for o2n_task_wake after it, as in o2n_futex_store. */
  uint32_t old = atomic_fetch_sub_explicit(&f->word, 1u << 1, memory_order_seq_cst);
  if (old == (1u << 1 | SLEEPERS))
    o2n_futex_wake(&f->word, INT_MAX);
  return old >> 1 == 1;
}

/* ------------------------------------------------------------------------------------------- */
/* Centralised barrier                                                                         */
/* ------------------------------------------------------------------------------------------- */

void o2n_barrier_init(struct o2n_barrier *b, unsigned nthreads)
{
  atomic_init(&b->arrived, 0);
  b->nthreads = nthreads;
  atomic_init(&b->gen.word, 0);
  atomic_init(&b->wake.word, 0);
}

void o2n_barrier_wait(struct o2n_barrier *b, unsigned spins)
{
  /* The generation cannot move before this thread arrives, so a relaxed read gets the current
     one (this thread saw it move last time, or moved it).  The read cannot sink below the
     fetch_add, whose release half keeps earlier accesses before it. */
  uint32_t gen = o2n_futex_value(&b->gen, memory_order_relaxed);
  /* acq_rel: each arrival releases the thread's writes; the last one acquires all of them,
     because the arrivals form one release sequence of read-modify-writes. */
  if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) + 1 == b->nthreads) {
    /* Nobody arrives again before the new generation is published by the store below, so this
       reset is ordered before every later arrival. */
    atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
    o2n_futex_store(&b->gen, gen + 1);
  } else {
    o2n_futex_wait(&b->gen, gen, spins);
  }
}

/* o2n_barrier_wait for a team, with tasks: a barrier does not complete before every task of the
   team has, and its waiting threads run them.  The last thread to arrive reads tasks_used after
   every arrival (which release what the threads did before, its creation of tasks included): in
   a team without tasks it opens the barrier as o2n_barrier_wait does; otherwise it first waits
   for the tasks.  The others wait for the generation to move from gen, the value the caller
   read before arriving, running tasks meanwhile (o2n_task_barrier_wait costs a task-free
   barrier one more load per spin), and sleep on the barrier's wake word like every task-aware
   wait: the opener wakes them there. */
static void team_barrier(struct o2n_thread *self, uint32_t gen)
{
  struct o2n_team *team = self->team;
  if (team->nthreads == 1) {
    /* No generation to move: end a cancelled loop here, as the move does (cancel.c). */
    atomic_store_explicit(&team->ws_cancel_gen, 0, memory_order_relaxed);
    /* Tasks ran at once; only detached ones may be incomplete. */
    if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed))
      o2n_task_barrier_close(self);
    return;
  }
  struct o2n_barrier *b = &team->barrier;
  if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) + 1 == b->nthreads) {
    if (atomic_load_explicit(&team->tasks_used, memory_order_relaxed))
      o2n_task_barrier_close(self);
    atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
    o2n_futex_store(&b->gen, gen + 1);
    o2n_task_wake(team);
  } else {
    o2n_task_barrier_wait(self, gen);
  }
}

void o2n_team_barrier(struct o2n_thread *self)
{
  /* As in o2n_barrier_wait. */
  team_barrier(self, o2n_futex_value(&self->team->barrier.gen, memory_order_relaxed));
}

bool o2n_team_barrier_cancel(struct o2n_thread *self)
{
  struct o2n_team *team = self->team;
  /* Acquire, then the flag: a generation moved by the cancellation comes with the flag, and one
     read before it moves wakes this thread when it does (cancel.c). */
  const uint32_t gen = o2n_futex_value(&team->barrier.gen, memory_order_acquire);
  if (o2n_team_cancelled(team))
    return true;
  team_barrier(self, gen);
  return o2n_team_cancelled(team);
}

/* The thread of a barrier construct, checked: only some threads of the team reach a barrier
   inside a worksharing construct, so it would never complete. */
static struct o2n_thread *barrier_thread(void)
{
  struct o2n_thread *self = o2n_self();
  if (o2n_in_worksharing(self))
    o2n_fatal("a barrier inside a worksharing construct (a loop, sections or single) of the "
              "same team, which only some of its threads reach: OpenMP does not allow it (it "
              "would hang)");
  return self;
}

O2N_ABI void __omp2numa_barrier(void)
{
  o2n_team_barrier(barrier_thread());
}

O2N_ABI int __omp2numa_barrier_cancel(void)
{
  return o2n_team_barrier_cancel(barrier_thread());
}
