/*
 * rule.h -- schedule(guided[, chunk]): a chunk's size is fixed given where it starts (the shared
 * counter was exactly there when the chunk was taken): max(chunk, ceil(remaining / threads)),
 * cut at n.
 */
#ifndef O2N_TEST_GUIDED_RULE_H
#define O2N_TEST_GUIDED_RULE_H

#include "../Inputs/chunks.h"

static const char *guided_check(const struct chunk_query *q)
{
  const uint64_t rest = q->n - q->lo;
  const uint64_t c = q->chunk ? q->chunk : 1, share = (rest - 1) / q->nthreads + 1;
  if (q->hi - q->lo != min_u64(rest, share > c ? share : c))
    return "guided: size is not max(chunk, ceil(remaining / threads))";
  return NULL;
}

static const struct chunk_rule guided_rule = {.kind = __OMP2NUMA_SCHED_GUIDED,
                                              .check = guided_check};

#endif /* O2N_TEST_GUIDED_RULE_H */
