/*
 * lock.c -- OpenMP simple and nestable locks.
 *
 * A simple lock is one futex word: 0 free, 1 held, 2 held and perhaps waited for (the classic
 * three-state mutex): taking a free lock and releasing an uncontended one are a single atomic
 * each, and only a release that may have sleepers makes a system call.  A nestable lock adds its
 * owner (the task holding it) and a nesting count, both touched only by the
 * owner while it holds the lock.
 */
#include "internal.h"

#include <assert.h>

enum { LOCK_FREE = 0, LOCK_HELD = 1, LOCK_CONTENDED = 2 };

struct o2n_nest_lock {
  struct o2n_lock lock;
  unsigned count;
  /* Compared by any thread with its own descriptor: only the owner can find itself there, so a
     relaxed atomic is enough (it only has to be free of data races). */
  _Atomic(const void *) owner;
};

/* A nestable lock belongs to a task (OpenMP): the explicit task the thread runs, else its
   implicit task. */
static const void *owner_of(const struct o2n_thread *self)
{
  return self->task ? (const void *)self->task : (const void *)self;
}

static_assert(sizeof(struct o2n_lock) <= sizeof(omp_lock_t) &&
                  alignof(struct o2n_lock) <= alignof(omp_lock_t),
              "omp_lock_t cannot hold struct o2n_lock");
static_assert(sizeof(struct o2n_nest_lock) <= sizeof(omp_nest_lock_t) &&
                  alignof(struct o2n_nest_lock) <= alignof(omp_nest_lock_t),
              "omp_nest_lock_t cannot hold struct o2n_nest_lock");

static bool lock_try(struct o2n_lock *lock)
{
  uint32_t expected = LOCK_FREE;
  /* Acquire: the critical section comes after the previous holder's release. */
  return atomic_compare_exchange_strong_explicit(&lock->state, &expected, LOCK_HELD,
                                                 memory_order_acquire, memory_order_relaxed);
}

void o2n_lock_acquire(struct o2n_lock *lock)
{
  if (lock_try(lock))
    return;
  unsigned spins = o2n_self()->team->spins;
  for (unsigned i = 0; i < spins; i++) {
    o2n_cpu_relax();
    if (atomic_load_explicit(&lock->state, memory_order_relaxed) == LOCK_FREE && lock_try(lock))
      return;
  }
  /* Mark the lock contended before each sleep, so that the holder's release wakes us; having
     swapped in CONTENDED ourselves, we hold the lock when the old value was FREE (acquire, as
     in lock_try), and the state stays CONTENDED because others may still sleep. */
  while (atomic_exchange_explicit(&lock->state, LOCK_CONTENDED, memory_order_acquire) !=
         LOCK_FREE)
    o2n_futex_sleep(&lock->state, LOCK_CONTENDED);
}

void o2n_lock_release(struct o2n_lock *lock, const char *entry)
{
  /* Release: publishes the critical section to the next holder. */
  uint32_t old = atomic_exchange_explicit(&lock->state, LOCK_FREE, memory_order_release);
  if (old == LOCK_FREE)
    o2n_fatal("%s: the lock is not locked", entry);
  if (old == LOCK_CONTENDED)
    o2n_futex_wake(&lock->state, 1);
}

static void lock_destroy(struct o2n_lock *lock, const char *entry)
{
  if (atomic_load_explicit(&lock->state, memory_order_relaxed) != LOCK_FREE)
    o2n_fatal("%s: the lock is locked", entry);
}

/* Checks a synchronisation hint: omp2numa's locks do not depend on it, so an invalid one is only
   reported. */
static void check_hint(omp_sync_hint_t hint, const char *entry)
{
  const int all = omp_sync_hint_uncontended | omp_sync_hint_contended |
                  omp_sync_hint_nonspeculative | omp_sync_hint_speculative;
  const int h = (int)hint;
  const char *why = NULL;
  if (h & ~all)
    why = "not a combination of omp_sync_hint_t values";
  else if ((h & omp_sync_hint_contended) && (h & omp_sync_hint_uncontended))
    why = "contended and uncontended";
  else if ((h & omp_sync_hint_speculative) && (h & omp_sync_hint_nonspeculative))
    why = "speculative and nonspeculative";
  if (why)
    o2n_warn("%s(%d): an invalid hint (%s); the lock is initialised without it", entry, h, why);
}

/* ------------------------------------------------------------------------------------------- */
/* Simple locks                                                                                */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_init_lock(omp_lock_t *lock)
{
  atomic_init(&((struct o2n_lock *)lock)->state, LOCK_FREE);
}

O2N_API void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint)
{
  check_hint(hint, "omp_init_lock_with_hint");
  omp_init_lock(lock);
}

O2N_API void omp_destroy_lock(omp_lock_t *lock)
{
  lock_destroy((struct o2n_lock *)lock, "omp_destroy_lock");
}

O2N_API void omp_set_lock(omp_lock_t *lock)
{
  o2n_lock_acquire((struct o2n_lock *)lock);
}

O2N_API void omp_unset_lock(omp_lock_t *lock)
{
  o2n_lock_release((struct o2n_lock *)lock, "omp_unset_lock");
}

O2N_API int omp_test_lock(omp_lock_t *lock)
{
  return lock_try((struct o2n_lock *)lock);
}

/* ------------------------------------------------------------------------------------------- */
/* Nestable locks                                                                              */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_init_nest_lock(omp_nest_lock_t *lock)
{
  struct o2n_nest_lock *nest = (struct o2n_nest_lock *)lock;
  atomic_init(&nest->lock.state, LOCK_FREE);
  nest->count = 0;
  atomic_init(&nest->owner, NULL);
}

O2N_API void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint)
{
  check_hint(hint, "omp_init_nest_lock_with_hint");
  omp_init_nest_lock(lock);
}

O2N_API void omp_destroy_nest_lock(omp_nest_lock_t *lock)
{
  lock_destroy(&((struct o2n_nest_lock *)lock)->lock, "omp_destroy_nest_lock");
}

static bool nest_owned(struct o2n_nest_lock *nest, const struct o2n_thread *self)
{
  return atomic_load_explicit(&nest->owner, memory_order_relaxed) == owner_of(self);
}

static void nest_take(struct o2n_nest_lock *nest, struct o2n_thread *self)
{
  atomic_store_explicit(&nest->owner, owner_of(self), memory_order_relaxed);
  nest->count = 1;
}

O2N_API void omp_set_nest_lock(omp_nest_lock_t *lock)
{
  struct o2n_nest_lock *nest = (struct o2n_nest_lock *)lock;
  struct o2n_thread *self = o2n_self();
  if (nest_owned(nest, self)) {
    nest->count++;
    return;
  }
  o2n_lock_acquire(&nest->lock);
  nest_take(nest, self);
}

O2N_API void omp_unset_nest_lock(omp_nest_lock_t *lock)
{
  struct o2n_nest_lock *nest = (struct o2n_nest_lock *)lock;
  if (!nest_owned(nest, o2n_self()))
    o2n_fatal("omp_unset_nest_lock: the lock is not held by the calling task");
  if (--nest->count == 0) {
    atomic_store_explicit(&nest->owner, NULL, memory_order_relaxed);
    o2n_lock_release(&nest->lock, "omp_unset_nest_lock");
  }
}

O2N_API int omp_test_nest_lock(omp_nest_lock_t *lock)
{
  struct o2n_nest_lock *nest = (struct o2n_nest_lock *)lock;
  struct o2n_thread *self = o2n_self();
  if (nest_owned(nest, self))
    return (int)++nest->count;
  if (!lock_try(&nest->lock))
    return 0;
  nest_take(nest, self);
  return 1;
}
