/*
 * chunks.h -- the exact chunks that each schedule must hand out.
 *
 * The schedules are deterministic enough to check every chunk on its own, in the thread that got
 * it: static fixes every chunk of every thread; dynamic and guided fix a chunk's size given where
 * it starts (their shared counter was exactly there when the chunk was taken); fac2 and tss fix
 * the whole sequence of chunks (chunk k's bounds depend on k only), so a chunk must be one of
 * that sequence; wf2's size is the thread's weight times the fac2 size of some batch; rand's is in
 * its range; adaptive's is at most the chunk size.  Any thread's chunks come in increasing order,
 * except with adaptive, whose thieves take iterations from other threads' ranges.
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

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}

/* fac2's chunk size in batch b, before the minimum: ceil(n / (2^(b+1) p)). */
static inline uint64_t fac2_share(uint64_t n, uint64_t p, uint64_t b)
{
  if (b >= 100)
    return n != 0;
  const unsigned __int128 d = ((unsigned __int128)1 << (b + 1)) * p;
  return (uint64_t)((n + d - 1) / d);
}

/* Finds the fac2 chunk that starts at lo: returns its end (cut at n), or 0 if no chunk of the
   sequence starts there.  Walks the sequence from chunk 0, with plain 128-bit sums. */
static inline uint64_t fac2_chunk_end(uint64_t n, uint64_t min, uint64_t p, uint64_t lo)
{
  unsigned __int128 start = 0;
  for (uint64_t k = 0; start < n; k++) {
    const uint64_t size = max_u64(fac2_share(n, p, k / p), min);
    if (start == lo)
      return start + size > n ? n : (uint64_t)(start + size);
    if (start > lo)
      return 0;
    start += size;
  }
  return 0;
}

/* tss: the chunk sizes f (first) and l (last) and the number of chunks C. */
struct tss_shape {
  uint64_t first, last, count;
};

static inline struct tss_shape tss_shape(uint64_t n, uint64_t last, uint64_t p)
{
  struct tss_shape s;
  s.last = last ? last : 1;
  s.first = max_u64((uint64_t)(((unsigned __int128)n + 2 * p - 1) / (2 * p)), s.last);
  s.count = (uint64_t)(((unsigned __int128)2 * n + s.first + s.last - 1) /
                       ((unsigned __int128)s.first + s.last));
  return s;
}

/* Where tss's chunk i starts: i f - ceil(i (i - 1) (f - l) / (2 (C - 1))). */
static inline unsigned __int128 tss_chunk_lo(const struct tss_shape *s, uint64_t i)
{
  unsigned __int128 lo = (unsigned __int128)i * s->first;
  if (s->count > 1 && i > 1) {
    const unsigned __int128 num = (unsigned __int128)i * (i - 1) * (s->first - s->last);
    const unsigned __int128 den = (unsigned __int128)2 * (s->count - 1);
    lo -= (num + den - 1) / den;
  }
  return lo;
}

/* wf2: the weights normalised as the runtime does (divided by the largest, then by their mean),
   into w[0..p-1]; returns the largest chunk. */
static inline uint64_t wf2_ceil(double x)
{
  if (!(x < 18446744073709551616.0))
    return UINT64_MAX;
  uint64_t u = (uint64_t)x;
  return (double)u < x ? u + 1 : u;
}

static inline uint64_t wf2_normalise(const double *weights, unsigned p, uint64_t n, uint64_t min,
                                     double *w)
{
  double largest = 0, mean = 0;
  for (unsigned t = 0; t < p; t++)
    largest = weights[t] > largest ? weights[t] : largest;
  for (unsigned t = 0; t < p; t++)
    mean += weights[t] / largest / p;
  for (unsigned t = 0; t < p; t++)
    w[t] = weights[t] / largest / mean;
  return max_u64(min_u64(max_u64(wf2_ceil(1 / mean * (double)fac2_share(n, p, 0)), min), n), 1);
}

/* The weights of wf2 loops, for chunk_error (one per thread; set by the test). */
static const double *chunk_weights;

/* Returns NULL if [lo, hi) is a chunk that thread tid of nthreads may get next from a loop of n
   iterations with the given kind and chunk argument (0: none), else what is wrong with it. */
static inline const char *chunk_error(int kind, uint64_t n, uint64_t chunk, unsigned nthreads,
                                      unsigned tid, uint64_t lo, uint64_t hi,
                                      struct chunk_history *h)
{
  if (lo >= hi || hi > n)
    return "empty chunk, or past the end";
  if (h->count > 0 && lo <= h->last_lo && kind != __OMP2NUMA_SCHED_ADAPTIVE)
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
  case __OMP2NUMA_SCHED_ADAPTIVE:
    if (hi - lo > (chunk ? chunk : 1))
      return "adaptive: more than the chunk size";
    return NULL;
  case __OMP2NUMA_SCHED_FAC2: {
    const uint64_t end = fac2_chunk_end(n, chunk ? chunk : 1, p, lo);
    if (end == 0)
      return "fac2: no chunk of the sequence starts there";
    if (hi != end)
      return "fac2: not the size of the sequence's chunk";
    return NULL;
  }
  case __OMP2NUMA_SCHED_TSS: {
    const struct tss_shape s = tss_shape(n, chunk, nthreads);
    for (uint64_t i = 0; i < s.count; i++) {
      const unsigned __int128 start = tss_chunk_lo(&s, i), end = tss_chunk_lo(&s, i + 1);
      if (start == lo)
        return hi == (end < n ? (uint64_t)end : n) ? NULL : "tss: not the size of chunk i";
      if (start > lo)
        break;
    }
    return "tss: no chunk of the sequence starts there";
  }
  case __OMP2NUMA_SCHED_WF2: {
    double w[256];
    if (!chunk_weights || nthreads > 256)
      return "wf2: the test has no weights";
    const uint64_t min = chunk ? chunk : 1;
    const uint64_t largest = wf2_normalise(chunk_weights, nthreads, n, min, w);
    for (uint64_t b = 0; b < 128; b++) {
      const uint64_t size =
          min_u64(max_u64(wf2_ceil(w[tid] * (double)fac2_share(n, p, b)), min), largest);
      if (hi - lo == size || (hi == n && hi - lo < size))
        return NULL;
    }
    return "wf2: not the thread's weight times a fac2 chunk";
  }
  case __OMP2NUMA_SCHED_RAND: {
    const uint64_t smin = max_u64(max_u64(n / (100 * p), chunk), 1);
    const uint64_t smax = max_u64(n / (2 * p), smin);
    if (hi - lo > smax || (hi - lo < smin && hi != n))
      return "rand: size out of [max(n/(100p), chunk, 1), max(n/(2p), that)]";
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
