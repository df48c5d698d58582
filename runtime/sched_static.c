/*
 * sched_static.c -- schedule(static[, chunk]).
 *
 * The loop is cut into numbered chunks, and thread t takes chunks t, t + P, t + 2P, ... of the P
 * threads.  With a chunk size c there are ceil(n / c) chunks, chunk i being [i*c, min((i+1)*c, n)):
 * round-robin.  Without one there is one block per thread (min(P, n) of them, o2n_static_block).
 * No shared state: each thread counts its own chunks.  (Most static loops never get here:
 * loop.c runs those without ordered, affinity(name) or statistics without a work-share slot,
 * dealing the same chunks.)
 */
#include "internal.h"

/* Computes the loop's chunk count, and its block sizes, once for all the threads' nexts. */
static void static_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const uint64_t n = loop->n, c = loop->chunk;
  if (c == 0) {
    loop->k.stat.nchunks = n < loop->nthreads ? n : loop->nthreads;
    loop->k.stat.q = n / loop->nthreads;
    loop->k.stat.r = n % loop->nthreads;
  } else {
    loop->k.stat.nchunks = n / c + (n % c != 0);
  }
  for (unsigned t = 0; t < loop->nthreads; t++)
    loop->threads[t].next_chunk = t;
}

/*
 * Sets [*lo, *hi) to thread tid's next chunk and returns true, or returns false when the thread
 * has had all of its chunks.  Touches only loop->threads[tid], which no other thread uses, with
 * plain accesses; the loop's fields were published with the work-share slot (work.c).  No
 * atomics, never blocks.  Never overflows: a chunk number below nchunks times the chunk size is
 * below n.
 */
static bool static_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop_thread *self = &loop->threads[tid];
  const uint64_t i = self->next_chunk;
  if (i >= loop->k.stat.nchunks)
    return false;
  /* Saturates instead of wrapping past the last chunk numbers of a 2^64-chunk loop. */
  self->next_chunk = i > UINT64_MAX - loop->nthreads ? UINT64_MAX : i + loop->nthreads;
  const uint64_t c = loop->chunk;
  if (c == 0) {
    o2n_static_block(i, loop->k.stat.q, loop->k.stat.r, lo, hi);
  } else {
    const uint64_t n = loop->n;
    *lo = i * c;
    *hi = *lo + (n - *lo < c ? n - *lo : c);
  }
  return true;
}

const struct o2n_sched_ops o2n_sched_static = {
    .init = static_init,
    .next = static_next,
    .fini = NULL,
};
