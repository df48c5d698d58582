/*
 * rule.h -- schedule(adaptive[, chunk]): a chunk has at most `chunk` iterations (1 without a
 * chunk), and a thread's chunks come in any order: its thieves take iterations from other
 * threads' ranges.
 */
#ifndef O2N_TEST_ADAPTIVE_RULE_H
#define O2N_TEST_ADAPTIVE_RULE_H

#include "../Inputs/chunks.h"

static const char *adaptive_check(const struct chunk_query *q)
{
  if (q->hi - q->lo > (q->chunk ? q->chunk : 1))
    return "adaptive: more than the chunk size";
  return NULL;
}

static const struct chunk_rule adaptive_rule = {
    .kind = __OMP2NUMA_SCHED_ADAPTIVE, .check = adaptive_check, .any_order = true};

#endif /* O2N_TEST_ADAPTIVE_RULE_H */
