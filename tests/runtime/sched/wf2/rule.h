/*
 * rule.h -- schedule(wf2(weights)[, min]): a chunk's size is the thread's weight (normalised as
 * the runtime does: divided by the largest, then by their mean) times the fac2 size of some
 * batch, at least min (1 without it), at most the largest chunk; the last one may be cut at n.
 * The loop's weights are chunk_weights.
 */
#ifndef O2N_TEST_WF2_RULE_H
#define O2N_TEST_WF2_RULE_H

#include "../Inputs/chunks.h"
#include "../fac2/rule.h"

static inline uint64_t wf2_ceil(double x)
{
  if (!(x < 18446744073709551616.0))
    return UINT64_MAX;
  uint64_t u = (uint64_t)x;
  return (double)u < x ? u + 1 : u;
}

/* The weights normalised as the runtime does (divided by the largest, then by their mean), into
   w[0..p-1]; returns the largest chunk. */
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

static const char *wf2_check(const struct chunk_query *q)
{
  double w[256];
  if (!chunk_weights || q->nthreads > 256)
    return "wf2: the test has no weights";
  const uint64_t min = q->chunk ? q->chunk : 1, p = q->nthreads;
  const uint64_t largest = wf2_normalise(chunk_weights, q->nthreads, q->n, min, w);
  for (uint64_t b = 0; b < 128; b++) {
    const uint64_t size =
        min_u64(max_u64(wf2_ceil(w[q->tid] * (double)fac2_share(q->n, p, b)), min), largest);
    if (q->hi - q->lo == size || (q->hi == q->n && q->hi - q->lo < size))
      return NULL;
  }
  return "wf2: not the thread's weight times a fac2 chunk";
}

static const struct chunk_rule wf2_rule = {
    .kind = __OMP2NUMA_SCHED_WF2, .check = wf2_check, .weights = true};

#endif /* O2N_TEST_WF2_RULE_H */
