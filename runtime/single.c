/*
 * single.c -- the single construct, with and without copyprivate.
 *
 * A single is a worksharing construct like a loop: each thread numbers it with the same counter
 * and takes the same work-share slot (work.c), so singles and loops interleave correctly however
 * far threads run ahead through nowait constructs.  The thread that arrives first at the slot
 * initialises it and is the one that executes the block; the others find it initialised.
 *
 * copyprivate: the executing thread keeps the slot until __omp2numa_single_copy_end, which stores
 * its data pointer in the slot and publishes it through the slot's `copied` futex; the other
 * threads wait for that, take the pointer and leave.  The slot is freed when the last thread has
 * left, so the pointer is read before the slot can be reused; the data itself stays valid until
 * the barrier in copy_end, which every thread reaches after copying.
 */
#include "internal.h"

/* The first arriver's initialisation (an o2n_ws_init_fn): it wins the construct. */
static void single_init(struct o2n_ws *ws, struct o2n_thread *self, void *arg)
{
  (void)self;
  ws->kind = O2N_WS_SINGLE;
  ws->copy = NULL;
  *(bool *)arg = true;
}

/* Enters the next worksharing construct as a single; returns true on the executing thread. */
static bool single_enter(struct o2n_thread *self, const char *entry)
{
  if (o2n_in_worksharing(self))
    o2n_fatal("%s: a single construct inside another worksharing construct (a loop, sections or "
              "single) of the same team, which only some of its threads reach: OpenMP does not "
              "allow it (it would hang)",
              entry);
  bool won = false;
  self->ws = o2n_ws_enter(self, single_init, &won);
  return won;
}

O2N_ABI int __omp2numa_single_start(void)
{
  struct o2n_thread *self = o2n_self();
  const bool won = single_enter(self, "__omp2numa_single_start");
  o2n_ws_leave(self);
  /* Until __omp2numa_single_end: a worksharing construct or barrier reached from the block is
     out of protocol (only this thread reaches it) and stops the program instead of hanging. */
  self->in_single = won;
  return won;
}

O2N_ABI void __omp2numa_single_end(void)
{
  o2n_self()->in_single = false;
}

O2N_ABI void *__omp2numa_single_copy_start(void)
{
  struct o2n_thread *self = o2n_self();
  if (single_enter(self, "__omp2numa_single_copy_start"))
    return NULL; /* keeps the slot until copy_end */
  struct o2n_ws *ws = self->ws;
  /* Acquire: pairs with the release in copy_end, so `copy` and whatever the block wrote before
     it are visible. */
  if (o2n_futex_value(&ws->copied, memory_order_acquire) == 0)
    o2n_futex_wait(&ws->copied, 0, self->team->spins);
  void *data = ws->copy;
  o2n_ws_leave(self);
  return data;
}

void o2n_single_copy_publish(struct o2n_thread *self, void *data, const char *entry)
{
  struct o2n_ws *ws = self->ws;
  if (!ws || ws->kind != O2N_WS_SINGLE)
    o2n_fatal("%s: the calling thread is not executing a single construct with copyprivate",
              entry);
  if (!data)
    o2n_fatal("%s: the copyprivate data must not be NULL", entry);
  ws->copy = data;
  /* Release: publishes `copy` and the block's writes to the waiting threads. */
  o2n_futex_store(&ws->copied, 1);
  o2n_ws_leave(self);
}

O2N_ABI void __omp2numa_single_copy_end(void *data)
{
  struct o2n_thread *self = o2n_self();
  o2n_single_copy_publish(self, data, "__omp2numa_single_copy_end");
  /* The other threads copy before they reach it: the data stays valid until then. */
  o2n_team_barrier(self);
}
