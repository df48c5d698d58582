/*
 * work.c -- the work-share ring: the slots of a team's worksharing constructs (loops, single).
 *
 * Each thread numbers the worksharing constructs it meets, and construct k uses slot
 * k % O2N_WS_RING of its team (struct o2n_ws).  The first thread of the team to reach a construct
 * initialises its slot; the others find it initialised; the last one to leave finishes the
 * construct, resets the slot's common fields and frees it for the construct that will use it
 * O2N_WS_RING constructs later.  A construct that needs only a counter from 0 (loop.c's dynamic
 * loops) marks its free slot as such and uses it as it is, with no initialiser to wait for.  The
 * constructs themselves (loop.c, single.c) only fill in and read the slot.
 */
#include "internal.h"

#include <stdlib.h>

/* States of a work-share slot, in the low two bits of its seq value (above them: the construct
   number modulo 2^29, which is enough because a slot only ever holds construct k or k - RING). */
enum { WS_FREE = 0, WS_INIT = 1, WS_READY = 2, WS_COUNTER = 3 };

static uint32_t ws_seq(uint64_t construct, unsigned state)
{
  return (uint32_t)((construct << 2) | state) & O2N_FUTEX_VALUE_MASK;
}

/* o2n_ws_enter's slow path: the slot of construct (seq when the thread came) was not READY.  Waits
   until it is free and initialises it if this thread is the first, or until another thread has
   initialised it, or has taken it as a counter loop's.  Returns the slot, READY or COUNTER. */
static __attribute__((noinline)) struct o2n_ws *
ws_claim(struct o2n_thread *self, struct o2n_ws *ws, uint64_t construct, uint32_t seq,
         o2n_ws_init_fn *init, void *arg)
{
  struct o2n_team *team = self->team;
  const uint32_t free_seq = ws_seq(construct, WS_FREE), ready_seq = ws_seq(construct, WS_READY);
  for (;;) {
    if (seq == ready_seq || seq == ws_seq(construct, WS_COUNTER))
      return ws;
    /* The CAS acquires the previous construct's release of the slot, so its last users are done
       with the loop before we overwrite it. */
    if (seq == free_seq && o2n_futex_cas(&ws->seq, free_seq, ws_seq(construct, WS_INIT))) {
      init(ws, self, arg);
      /* Release: publishes the loop to the threads that read READY. */
      o2n_futex_store(&ws->seq, ready_seq);
      return ws;
    }
    /* The previous construct still holds the slot (this thread ran ahead through nowait loops),
       or another thread is initialising it. */
    seq = o2n_futex_wait(&ws->seq, seq, team->spins);
  }
}

/* Enters the calling thread's next worksharing construct: waits until its slot is free, and
   initialises it if this thread arrives first.  Returns the slot, READY.  A thread that finds it
   READY returns at once, without saving registers (ws_claim does the rest). */
struct o2n_ws *o2n_ws_enter(struct o2n_thread *self, o2n_ws_init_fn *init, void *arg)
{
  const uint64_t construct = self->ws_count++;
  struct o2n_ws *ws = &self->team->ws[construct % O2N_WS_RING];
  /* Acquire: a READY value comes with the initialised construct. */
  const uint32_t seq = o2n_futex_value(&ws->seq, memory_order_acquire);
  if (__builtin_expect(seq == ws_seq(construct, WS_READY), 1))
    return ws;
  return ws_claim(self, ws, construct, seq, init, arg);
}

/* o2n_ws_enter_counter's slow path: the slot of construct (seq when the thread came) was not
   COUNTER.  Marks it COUNTER once it is free, unless a team-mate did, or waits until a team-mate
   that took the construct for another schedule has initialised it. */
static __attribute__((noinline)) struct o2n_ws *
ws_take_counter(struct o2n_thread *self, struct o2n_ws *ws, uint64_t construct, uint32_t seq)
{
  const uint32_t free_seq = ws_seq(construct, WS_FREE);
  const uint32_t counter_seq = ws_seq(construct, WS_COUNTER);
  for (;;) {
    if (seq == counter_seq || seq == ws_seq(construct, WS_READY))
      return ws;
    /* The CAS acquires the resets of the construct that freed the slot. */
    if (seq == free_seq && o2n_futex_cas(&ws->seq, free_seq, counter_seq))
      return ws;
    seq = o2n_futex_wait(&ws->seq, seq, self->team->spins);
  }
}

struct o2n_ws *o2n_ws_enter_counter(struct o2n_thread *self)
{
  const uint64_t construct = self->ws_count++;
  struct o2n_ws *ws = &self->team->ws[construct % O2N_WS_RING];
  /* The futex word without its sleepers flag (struct o2n_futex): the usual case, inline.  The
     first thread marks the free slot with a CAS; the others find it marked.  Acquire: the resets
     that the FREE store released, which the CAS continues. */
  const uint32_t free_word = ws_seq(construct, WS_FREE) << 1;
  const uint32_t counter_word = ws_seq(construct, WS_COUNTER) << 1;
  uint32_t word = atomic_load_explicit(&ws->seq.word, memory_order_acquire);
  if (word == counter_word)
    return ws;
  if (word == free_word &&
      atomic_compare_exchange_strong_explicit(&ws->seq.word, &word, counter_word,
                                              memory_order_acquire, memory_order_acquire))
    return ws;
  return ws_take_counter(self, ws, construct, word >> 1);
}

/* Nobody waits on the futexes of a slot whose every thread has left, so plain resets are safe. */
void o2n_ws_reset(struct o2n_ws *ws)
{
  atomic_store_explicit(&ws->departed, 0, memory_order_relaxed);
  ws->kind = O2N_WS_UNCLAIMED;
  atomic_store_explicit(&ws->loop.next, 0, memory_order_relaxed);
  atomic_store_explicit(&ws->ordered.word, 0, memory_order_relaxed);
  atomic_store_explicit(&ws->copied.word, 0, memory_order_relaxed);
  atomic_store_explicit(&ws->cancelled, false, memory_order_relaxed);
  atomic_store_explicit(&ws->gomp_reductions, NULL, memory_order_relaxed);
  atomic_store_explicit(&ws->gomp_mem, NULL, memory_order_relaxed);
}

/* Leaves the calling thread's current construct; the last thread out frees the slot. */
void o2n_ws_leave(struct o2n_thread *self)
{
  struct o2n_ws *ws = self->ws;
  self->ws = NULL;
  /* acq_rel: every leaver releases its use of the loop; the last one acquires them all (the
     increments form one release sequence), so fini and the next initialiser come after them. */
  if (atomic_fetch_add_explicit(&ws->departed, 1, memory_order_acq_rel) + 1 ==
      self->team->nthreads) {
    if (ws->kind == O2N_WS_LOOP)
      o2n_loop_fini(&ws->loop);
    /* Only the GOMP work-share entries with a block allocate it (gomp_workshare_extras.c): most
       slots skip the call. */
    void *mem = atomic_load_explicit(&ws->gomp_mem, memory_order_relaxed);
    if (mem)
      free(mem);
    /* Published by the FREE store. */
    o2n_ws_reset(ws);
    /* Release: hands the slot to the construct O2N_WS_RING later. */
    o2n_futex_store(&ws->seq, ws_seq(self->ws_count - 1 + O2N_WS_RING, WS_FREE));
  }
}
