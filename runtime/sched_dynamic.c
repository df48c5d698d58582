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

/* Claims `size` iterations (size > 0) from the first unassigned one, for dynamic, wf2 and rand:
   returns true and sets [*lo, *hi), cut at n, or returns false when every iteration has been
   handed out.  Called without locks.  One relaxed fetch-add when loop->may_overshoot (the counter
   may then pass n by at most (P + 1) times the largest chunk), else a relaxed CAS loop that never
   moves it past n.  Relaxed suffices: the counter only hands out disjoint ranges; what the
   iterations write is ordered by the loop's end barrier. */
bool o2n_sched_claim(struct o2n_loop *loop, uint64_t size, uint64_t *lo, uint64_t *hi)
{
  const uint64_t n = loop->n;
  uint64_t start;
  if (loop->may_overshoot) {
    start = atomic_fetch_add_explicit(&loop->next, size, memory_order_relaxed);
    if (start >= n)
      return false;
  } else {
    start = atomic_load_explicit(&loop->next, memory_order_relaxed);
    do {
      if (start >= n)
        return false;
    } while (!atomic_compare_exchange_weak_explicit(&loop->next, &start,
                                                    start + (n - start < size ? n - start : size),
                                                    memory_order_relaxed, memory_order_relaxed));
  }
  *lo = start;
  *hi = start + (n - start < size ? n - start : size);
  return true;
}

/* schedule(dynamic[, chunk]): next chunk of `chunk` iterations (default 1), as o2n_sched_claim. */
static bool dynamic_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  (void)tid;
  return o2n_sched_claim(loop, loop->chunk, lo, hi);
}

const struct o2n_sched_ops o2n_sched_dynamic = {
    .init = dynamic_init,
    .next = dynamic_next,
    .fini = NULL,
};
