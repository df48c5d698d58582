/*
 * sched_dynamic.c -- schedule(dynamic[, chunk]): chunks of `chunk` iterations (default 1), handed
 * out first come, first served from a shared counter.
 */
#include "internal.h"

static void dynamic_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  if (loop->chunk == 0)
    loop->chunk = 1;
  atomic_store_explicit(&loop->next, 0, memory_order_relaxed);
  /* Each thread's last call takes a chunk past n, and the last successful call may end past n:
     the counter never exceeds n - 1 + (nthreads + 1) * chunk.  When that fits in 64 bits a plain
     fetch-add may overshoot; otherwise a CAS loop never moves the counter past n. */
  loop->may_overshoot = loop->chunk <= (UINT64_MAX - loop->n) / ((uint64_t)loop->nthreads + 1);
}

/*
 * Sets [*lo, *hi) to the next chunk of the loop, whichever thread asks, and returns true; returns
 * false when every iteration has been handed out.  Lock-free: one fetch-add, or a CAS loop near
 * the top of the 64-bit range.  Relaxed ordering suffices: the counter's modification order alone
 * makes the chunks disjoint, and it publishes no data (the loop's fields were published by loop.c;
 * what the iterations write is published by the loop's barrier).  A thread must not call it again
 * after it returned false (the overshoot bound counts one such call per thread).
 */
static bool dynamic_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  (void)tid;
  const uint64_t n = loop->n, c = loop->chunk;
  uint64_t start;
  if (loop->may_overshoot) {
    start = atomic_fetch_add_explicit(&loop->next, c, memory_order_relaxed);
    if (start >= n)
      return false;
  } else {
    start = atomic_load_explicit(&loop->next, memory_order_relaxed);
    do {
      if (start >= n)
        return false;
    } while (!atomic_compare_exchange_weak_explicit(&loop->next, &start,
                                                    start + (n - start < c ? n - start : c),
                                                    memory_order_relaxed, memory_order_relaxed));
  }
  *lo = start;
  *hi = start + (n - start < c ? n - start : c);
  return true;
}

const struct o2n_sched_ops o2n_sched_dynamic = {
    .init = dynamic_init,
    .next = dynamic_next,
    .fini = NULL,
};
