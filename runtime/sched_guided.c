/*
 * sched_guided.c -- schedule(guided[, chunk]): each chunk is the remaining iterations divided by
 * the number of threads, rounded up, but at least `chunk` (default 1) and at most what remains.
 * Chunks shrink as the loop progresses, so early chunks amortise the scheduling cost and late ones
 * balance the end.
 */
#include "internal.h"

static void guided_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  if (loop->chunk == 0)
    loop->chunk = 1;
  atomic_store_explicit(&loop->next, 0, memory_order_relaxed);
}

/*
 * Sets [*lo, *hi) to the next chunk of the loop, whichever thread asks, and returns true; returns
 * false when every iteration has been handed out.  Lock-free CAS loop on the shared counter, which
 * never moves past n.  Relaxed ordering, for the reasons given for dynamic: the counter hands out
 * disjoint ranges and publishes nothing.
 */
static bool guided_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  (void)tid;
  const uint64_t n = loop->n, c = loop->chunk, p = loop->nthreads;
  uint64_t start = atomic_load_explicit(&loop->next, memory_order_relaxed), size;
  do {
    if (start >= n)
      return false;
    const uint64_t remaining = n - start;
    size = (remaining - 1) / p + 1; /* ceil(remaining / p) without overflow */
    if (size < c)
      size = c;
    if (size > remaining)
      size = remaining;
  } while (!atomic_compare_exchange_weak_explicit(&loop->next, &start, start + size,
                                                  memory_order_relaxed, memory_order_relaxed));
  *lo = start;
  *hi = start + size;
  return true;
}

const struct o2n_sched_ops o2n_sched_guided = {
    .init = guided_init,
    .next = guided_next,
    .fini = NULL,
};
