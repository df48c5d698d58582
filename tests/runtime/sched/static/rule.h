/*
 * rule.h -- schedule(static[, chunk]): every chunk of every thread is fixed.  Without a chunk,
 * thread t gets one block, the t-th of p nearly equal blocks (the first n % p one larger); with
 * one, the chunks of `chunk` iterations are dealt to the threads round-robin.
 */
#ifndef O2N_TEST_STATIC_RULE_H
#define O2N_TEST_STATIC_RULE_H

#include "../Inputs/chunks.h"

static const char *static_check(const struct chunk_query *q)
{
  const uint64_t p = q->nthreads, n = q->n, chunk = q->chunk, tid = q->tid, lo = q->lo;
  const uint64_t hi = q->hi, rest = n - lo;
  if (chunk == 0) {
    const uint64_t qt = n / p, r = n % p;
    const uint64_t block_lo = tid * qt + min_u64(tid, r);
    if (!q->first)
      return "static: a second block";
    if (lo != block_lo || hi - lo != qt + (tid < r))
      return "static: not the thread's block";
    return NULL;
  }
  if (lo % chunk != 0 || hi - lo != min_u64(chunk, rest))
    return "static: not a whole chunk";
  if ((lo / chunk) % p != tid)
    return "static: another thread's chunk";
  if (!q->first && lo / chunk != q->last_lo / chunk + p)
    return "static: skipped one of the thread's chunks";
  return NULL;
}

/* The number of chunks thread tid must have had at the end of a static loop. */
static uint64_t static_count(uint64_t n, uint64_t chunk, unsigned nthreads, unsigned tid)
{
  const uint64_t nchunks = chunk == 0 ? min_u64(n, nthreads) : n / chunk + (n % chunk != 0);
  return nchunks > tid ? (nchunks - 1 - tid) / nthreads + 1 : 0;
}

static const struct chunk_rule static_rule = {
    .kind = __OMP2NUMA_SCHED_STATIC, .check = static_check, .count = static_count};

#endif /* O2N_TEST_STATIC_RULE_H */
