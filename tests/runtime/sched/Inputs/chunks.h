/*
 * chunks.h -- checking every chunk a schedule hands out against the schedule's definition.
 *
 * Each kind's definition is a rule (struct chunk_rule) in its own directory's rule.h,
 * tests/runtime/sched/<kind>/rule.h, so that adding a kind adds a rule there and changes nothing
 * here.  The schedules are deterministic enough to check every chunk on its own, in the thread
 * that got it; what each rule checks is said in its file.  Any thread's chunks come in increasing
 * order, except under a rule with any_order (adaptive, whose thieves take iterations from other
 * threads' ranges).
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

/* A chunk [lo, hi), not empty and within [0, n), that thread tid of nthreads got from a loop of
   n iterations with the given chunk argument (0: none); first: it is the thread's first chunk of
   the loop, else last_lo is where the thread's previous one started. */
struct chunk_query {
  uint64_t n, chunk;
  unsigned nthreads, tid;
  uint64_t lo, hi;
  bool first;
  uint64_t last_lo;
};

/* A schedule kind's definition. */
struct chunk_rule {
  int kind; /* enum __omp2numa_sched_kind */
  /* NULL if the chunk is one that the kind may hand out to the thread next, else what is wrong
     with it. */
  const char *(*check)(const struct chunk_query *q);
  bool any_order; /* a thread's chunks need not come in increasing order */
  bool weights;   /* the loop's map argument is chunk_weights, one weight per thread (wf2) */
  /* When the kind fixes it (static): the number of chunks thread tid must have had at the end of
     the loop.  NULL otherwise. */
  uint64_t (*count)(uint64_t n, uint64_t chunk, unsigned nthreads, unsigned tid);
  /* When chunk k depends on k alone (fac2, tss): true with the k-th chunk of the sequence, cut
     at n, in [*lo, *hi); false past the sequence's end.  NULL otherwise. */
  bool (*sequence)(uint64_t n, uint64_t chunk, uint64_t p, uint64_t k, uint64_t *lo,
                   uint64_t *hi);
};

/* The weights of the loops of rules with `weights`, one per thread (set by the test; unused by
   tests of other kinds). */
__attribute__((unused)) static const double *chunk_weights;

static inline uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

static inline uint64_t max_u64(uint64_t a, uint64_t b)
{
  return a > b ? a : b;
}

/* Returns NULL if [lo, hi) is a chunk that thread tid of nthreads may get next from a loop of n
   iterations under the rule, with the given chunk argument (0: none), else what is wrong with
   it; h is what the thread has seen of the loop so far, and is updated. */
static inline const char *chunk_error(const struct chunk_rule *rule, uint64_t n, uint64_t chunk,
                                      unsigned nthreads, unsigned tid, uint64_t lo, uint64_t hi,
                                      struct chunk_history *h)
{
  if (lo >= hi || hi > n)
    return "empty chunk, or past the end";
  if (h->count > 0 && lo <= h->last_lo && !rule->any_order)
    return "a thread's chunks are not in increasing order";
  const struct chunk_query q = {n, chunk, nthreads, tid, lo, hi, h->count == 0, h->last_lo};
  h->count++;
  h->last_lo = lo;
  return rule->check(&q);
}

#endif /* O2N_TEST_CHUNKS_H */
