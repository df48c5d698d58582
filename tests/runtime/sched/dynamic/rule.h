/*
 * rule.h -- schedule(dynamic[, chunk]): a chunk's size is fixed given where it starts (the shared
 * counter was exactly there when the chunk was taken): `chunk` iterations (1 without a chunk),
 * the last one cut at n.
 */
#ifndef O2N_TEST_DYNAMIC_RULE_H
#define O2N_TEST_DYNAMIC_RULE_H

#include "../Inputs/chunks.h"

static const char *dynamic_check(const struct chunk_query *q)
{
  const uint64_t c = q->chunk ? q->chunk : 1;
  if (q->lo % c != 0 || q->hi - q->lo != min_u64(c, q->n - q->lo))
    return "dynamic: not a whole chunk";
  return NULL;
}

static const struct chunk_rule dynamic_rule = {.kind = __OMP2NUMA_SCHED_DYNAMIC,
                                               .check = dynamic_check};

#endif /* O2N_TEST_DYNAMIC_RULE_H */
