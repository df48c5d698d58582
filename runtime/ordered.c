/*
 * ordered.c -- the ordered construct in loops with the ordered clause.
 *
 * The loop's work-share slot holds a futex with the logical iteration whose ordered region may run
 * next (modulo 2^31, compared for equality only).  Iteration k waits until it reads k, runs its
 * region, and stores k + 1.  Each thread knows its current iteration k: loop.c sets it to the first
 * of every chunk of an ordered loop, and __omp2numa_ordered_iteration_end advances it, so an
 * ordered region in a function called from the loop needs no argument.  The value can never pass k
 * while k waits, because only k itself moves it on, so the 31-bit wrap-around is harmless.  Every
 * iteration passes its turn exactly once (one without an ordered region does it in
 * __omp2numa_ordered_iteration_end), so the value visits every iteration in order.
 *
 * Progress: each schedule gives a thread its chunks in increasing order and runs a chunk's
 * iterations in increasing order, so a thread waiting for its turn at k holds no earlier
 * iteration that it has not run yet: the iterations before k belong to other threads, which
 * reach them without waiting for k.
 */
#include "internal.h"

#include <inttypes.h>

struct o2n_ws *o2n_ordered_slot(struct o2n_thread *self, const char *entry)
{
  struct o2n_ws *ws = self->ws;
  /* A loop without the ordered clause may run without a slot (loop.c). */
  const struct __omp2numa_loop_site *site = ws && ws->kind == O2N_WS_LOOP ? ws->loop.site
                                                                          : self->block_site;
  if (!site)
    o2n_fatal("%s: an ordered region outside a worksharing loop", entry);
  if (!(site->flags & __OMP2NUMA_LOOP_ORDERED))
    o2n_fatal_at(site->file, site->line,
                 "an ordered region in a loop without the ordered clause");
  return ws;
}

void o2n_ordered_wait(struct o2n_thread *self, struct o2n_ws *ws, uint64_t turn)
{
  const uint32_t want = (uint32_t)turn & O2N_FUTEX_VALUE_MASK;
  /* Acquire: the previous turn's ordered region happens before this one. */
  uint32_t next = o2n_futex_value(&ws->ordered, memory_order_acquire);
  while (next != want)
    next = o2n_futex_wait(&ws->ordered, next, self->team->spins);
}

void o2n_ordered_pass(struct o2n_ws *ws, uint64_t next)
{
  /* Release: hands this turn's writes on to the next one. */
  o2n_futex_store(&ws->ordered, (uint32_t)next & O2N_FUTEX_VALUE_MASK);
}

O2N_ABI void __omp2numa_ordered_start(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_ws *ws = o2n_ordered_slot(self, "__omp2numa_ordered_start");
  if (self->ordered_done)
    o2n_fatal_at(ws->loop.site->file, ws->loop.site->line,
                 "iteration %" PRIu64 " runs more than one ordered region", self->ordered_iter);
  o2n_ordered_wait(self, ws, self->ordered_iter);
}

O2N_ABI void __omp2numa_ordered_end(void)
{
  struct o2n_thread *self = o2n_self();
  struct o2n_ws *ws = o2n_ordered_slot(self, "__omp2numa_ordered_end");
  const uint32_t turn = (uint32_t)self->ordered_iter & O2N_FUTEX_VALUE_MASK;
  if (self->ordered_done || o2n_futex_value(&ws->ordered, memory_order_relaxed) != turn)
    o2n_fatal_at(ws->loop.site->file, ws->loop.site->line,
                 "ordered region of iteration %" PRIu64 " ended without being started",
                 self->ordered_iter);
  self->ordered_done = true;
  o2n_ordered_pass(ws, self->ordered_iter + 1);
}

O2N_ABI void __omp2numa_ordered_iteration_end(void)
{
  struct o2n_thread *self = o2n_self();
  if (!self->ordered_done) {
    __omp2numa_ordered_start();
    __omp2numa_ordered_end();
  }
  self->ordered_iter++;
  self->ordered_done = false;
}
