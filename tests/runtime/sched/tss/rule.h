/*
 * rule.h -- schedule(tss[, last]): the whole sequence of chunks is fixed (chunk k's bounds depend
 * on k alone): first chunk f = max(ceil(n / (2p)), l), last l (1 without it),
 * C = ceil(2n / (f + l)) chunks whose sizes decrease linearly; chunk i starts at
 * i f - ceil(i (i - 1) (f - l) / (2 (C - 1))), and the last is cut at n.  A chunk must be one of
 * that sequence.
 */
#ifndef O2N_TEST_TSS_RULE_H
#define O2N_TEST_TSS_RULE_H

#include "../Inputs/chunks.h"

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

static const char *tss_check(const struct chunk_query *q)
{
  const struct tss_shape s = tss_shape(q->n, q->chunk, q->nthreads);
  for (uint64_t i = 0; i < s.count; i++) {
    const unsigned __int128 start = tss_chunk_lo(&s, i), end = tss_chunk_lo(&s, i + 1);
    if (start == q->lo)
      return q->hi == (end < q->n ? (uint64_t)end : q->n) ? NULL : "tss: not the size of chunk i";
    if (start > q->lo)
      break;
  }
  return "tss: no chunk of the sequence starts there";
}

static bool tss_sequence(uint64_t n, uint64_t chunk, uint64_t p, uint64_t k, uint64_t *lo,
                         uint64_t *hi)
{
  const struct tss_shape s = tss_shape(n, chunk, p);
  if (k >= s.count || tss_chunk_lo(&s, k) >= n)
    return false;
  const unsigned __int128 end = tss_chunk_lo(&s, k + 1);
  *lo = (uint64_t)tss_chunk_lo(&s, k);
  *hi = end < n ? (uint64_t)end : n;
  return true;
}

static const struct chunk_rule tss_rule = {
    .kind = __OMP2NUMA_SCHED_TSS, .check = tss_check, .sequence = tss_sequence};

#endif /* O2N_TEST_TSS_RULE_H */
