/*
 * rule.h -- schedule(rand[, min]): a chunk's size is in [max(n / (100p), min, 1),
 * max(n / (2p), that)], except for the last one, cut at n.
 */
#ifndef O2N_TEST_RAND_RULE_H
#define O2N_TEST_RAND_RULE_H

#include "../Inputs/chunks.h"

static const char *rand_check(const struct chunk_query *q)
{
  const uint64_t p = q->nthreads;
  const uint64_t smin = max_u64(max_u64(q->n / (100 * p), q->chunk), 1);
  const uint64_t smax = max_u64(q->n / (2 * p), smin);
  if (q->hi - q->lo > smax || (q->hi - q->lo < smin && q->hi != q->n))
    return "rand: size out of [max(n/(100p), chunk, 1), max(n/(2p), that)]";
  return NULL;
}

static const struct chunk_rule rand_rule = {.kind = __OMP2NUMA_SCHED_RAND, .check = rand_check};

#endif /* O2N_TEST_RAND_RULE_H */
