/*
 * rule.h -- schedule(fac2[, min]): the whole sequence of chunks is fixed (chunk k's bounds depend
 * on k alone): batches of p chunks, each of ceil(n / (2^(b+1) p)) iterations in batch b, at least
 * min (1 without it), the last one cut at n.  A chunk must be one of that sequence.
 */
#ifndef O2N_TEST_FAC2_RULE_H
#define O2N_TEST_FAC2_RULE_H

#include "../Inputs/chunks.h"

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

static const char *fac2_check(const struct chunk_query *q)
{
  const uint64_t end = fac2_chunk_end(q->n, q->chunk ? q->chunk : 1, q->nthreads, q->lo);
  if (end == 0)
    return "fac2: no chunk of the sequence starts there";
  if (q->hi != end)
    return "fac2: not the size of the sequence's chunk";
  return NULL;
}

/* The k-th chunk of the sequence, summed from chunk 0 (independently of fac2_chunk_end). */
static bool fac2_sequence(uint64_t n, uint64_t chunk, uint64_t p, uint64_t k, uint64_t *lo,
                          uint64_t *hi)
{
  const uint64_t min = chunk ? chunk : 1;
  unsigned __int128 start = 0;
  for (uint64_t j = 0; j < k && start < n; j++)
    start += max_u64(fac2_share(n, p, j / p), min);
  if (start >= n)
    return false;
  const unsigned __int128 end = start + max_u64(fac2_share(n, p, k / p), min);
  *lo = (uint64_t)start;
  *hi = end < n ? (uint64_t)end : n;
  return true;
}

static const struct chunk_rule fac2_rule = {
    .kind = __OMP2NUMA_SCHED_FAC2, .check = fac2_check, .sequence = fac2_sequence};

#endif /* O2N_TEST_FAC2_RULE_H */
