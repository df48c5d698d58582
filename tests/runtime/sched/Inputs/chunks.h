/*
 * chunks.h -- the exact chunks that static, dynamic and guided must hand out.
 *
 * The schedules are deterministic enough to check every chunk on its own, in the thread that got
 * it: static fixes every chunk of every thread; dynamic and guided fix a chunk's size given where
 * it starts (their shared counter was exactly there when the chunk was taken).  Any thread's
 * chunks come in increasing order.
 */
#ifndef O2N_TEST_CHUNKS_H
#define O2N_TEST_CHUNKS_H

#include <omp2numa-abi.h>
#include <stdbool.h>
#include <stdint.h>

/* What one thread has seen of one loop so far. */
struct chunk_history {
  uint64_t count;   /* chunks */
  uint64_t last_lo; /* start of the last one */
};

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* Returns NULL if [lo, hi) is a chunk that thread tid of nthreads may get next from a loop of n
   iterations with the given kind and chunk argument (0: none), else what is wrong with it. */
static inline const char *chunk_error(int kind, uint64_t n, uint64_t chunk, unsigned nthreads,
                                      unsigned tid, uint64_t lo, uint64_t hi,
                                      struct chunk_history *h)
{
  if (lo >= hi || hi > n)
    return "empty chunk, or past the end";
  if (h->count > 0 && lo <= h->last_lo)
    return "a thread's chunks are not in increasing order";
  const bool first = h->count == 0;
  const uint64_t last_lo = h->last_lo;
  h->count++;
  h->last_lo = lo;
  const uint64_t p = nthreads, rest = n - lo;
  switch (kind) {
  case __OMP2NUMA_SCHED_STATIC:
    if (chunk == 0) {
      const uint64_t q = n / p, r = n % p;
      const uint64_t block_lo = tid * q + min_u64(tid, r);
      if (!first)
        return "static: a second block";
      if (lo != block_lo || hi - lo != q + (tid < r))
        return "static: not the thread's block";
      return NULL;
    }
    if (lo % chunk != 0 || hi - lo != min_u64(chunk, rest))
      return "static: not a whole chunk";
    if ((lo / chunk) % p != tid)
      return "static: another thread's chunk";
    if (!first && lo / chunk != last_lo / chunk + p)
      return "static: skipped one of the thread's chunks";
    return NULL;
  case __OMP2NUMA_SCHED_DYNAMIC: {
    const uint64_t c = chunk ? chunk : 1;
    if (lo % c != 0 || hi - lo != min_u64(c, rest))
      return "dynamic: not a whole chunk";
    return NULL;
  }
  case __OMP2NUMA_SCHED_GUIDED: {
    const uint64_t c = chunk ? chunk : 1, share = (rest - 1) / p + 1;
    if (hi - lo != min_u64(rest, share > c ? share : c))
      return "guided: size is not max(chunk, ceil(remaining / threads))";
    return NULL;
  }
  default:
    return "no expectations for this kind";
  }
}

/* The number of chunks thread tid must have had at the end of a static loop. */
static inline uint64_t static_chunk_count(uint64_t n, uint64_t chunk, unsigned nthreads,
                                          unsigned tid)
{
  const uint64_t nchunks = chunk == 0 ? min_u64(n, nthreads) : n / chunk + (n % chunk != 0);
  return nchunks > tid ? (nchunks - 1 - tid) / nthreads + 1 : 0;
}

#endif /* O2N_TEST_CHUNKS_H */
