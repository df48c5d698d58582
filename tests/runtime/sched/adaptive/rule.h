/*
 * rule.h -- schedule(adaptive[, chunk]): a chunk has at most `chunk` iterations; without a chunk
 * (the adaptive grain, which follows the measured cost of iterations) it lies in one thread's
 * initial range, so it has at most ceil(n / nthreads) iterations.  A thread's chunks come in any
 * order: its thieves take iterations from other threads' ranges.
 */
#ifndef O2N_TEST_ADAPTIVE_RULE_H
#define O2N_TEST_ADAPTIVE_RULE_H

#include "../Inputs/chunks.h"

static const char *adaptive_check(const struct chunk_query *q)
{
  if (q->chunk && q->hi - q->lo > q->chunk)
    return "adaptive: more than the chunk size";
  if (!q->chunk && q->hi - q->lo > (q->n + q->nthreads - 1) / q->nthreads)
    return "adaptive: a grain larger than a thread's initial range";
  return NULL;
}

static const struct chunk_rule adaptive_rule = {
    .kind = __OMP2NUMA_SCHED_ADAPTIVE, .check = adaptive_check, .any_order = true};

#endif /* O2N_TEST_ADAPTIVE_RULE_H */
