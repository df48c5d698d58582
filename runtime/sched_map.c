/*
 * sched_map.c -- schedules that the program gives as an array: genblock(map) and indirect(map).
 *
 * The map argument of __omp2numa_loop_start is the address of the first element of an int array
 * (the translator passes the clause's array or pointer as it is).  Nothing tells the runtime the
 * array's element type or length, so both are part of the contract (docs/schedules.md): an int
 * array, P entries for genblock and N for indirect (P the team size, N the trip count).  A map
 * that is too short cannot be detected; everything else that can be checked is, and a map that
 * does not fit stops the program with the loop's file:line, the offending index and value.
 *
 *  - genblock: map[t] >= 0 is the size of thread t's block; thread t runs the contiguous
 *    iterations [S_t, S_t + map[t]), S_t = map[0] + ... + map[t-1].  The sizes add up to N.
 *  - indirect: map[k] in [0, P) is the thread that runs iteration k; each thread runs its
 *    iterations in increasing k.
 *
 * Both decide everything in init, on the first thread to arrive, before work.c publishes the loop:
 * a bad map stops the program before any iteration has run, and afterwards a thread's next reads
 * only read-only data and its own cursor (loop->threads[tid]'s private part), with plain accesses:
 * no atomics, no locks, never blocks.  Neither takes a chunk size (the translator rejects one,
 * the runtime ignores loop->chunk): a thread's work comes as a block (genblock) or as maximal runs
 * of consecutive iterations (indirect), each one chunk.
 */
#include "internal.h"

#include <inttypes.h>
#include <stdlib.h>

/* ------------------------------------------------------------------------------------------- */
/* genblock                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/* Checks the P block sizes and gives each thread its block (a prefix sum, O(P)).  The running sum
   is checked at every entry, so that a map built for fewer threads than the team is reported at
   the first entry that makes the sum exceed N, when it does, instead of after reading all P. */
static void genblock_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const struct __omp2numa_loop_site *site = loop->site;
  const int *size = loop->map;
  const uint64_t n = loop->n;
  const unsigned p = loop->nthreads;
  if (!size)
    o2n_fatal_at(site->file, site->line,
                 "schedule(genblock) needs an int array of block sizes, one per thread");
  uint64_t start = 0;
  for (unsigned t = 0; t < p; t++) {
    if (size[t] < 0)
      o2n_fatal_at(site->file, site->line,
                   "schedule(genblock): map[%u] is %d; block sizes must not be negative", t,
                   size[t]);
    /* start <= n here, so n - start does not wrap, and start + size[t] <= n after the test. */
    if ((uint64_t)size[t] > n - start)
      o2n_fatal_at(site->file, site->line,
                   "schedule(genblock): map[%u] is %d, which brings the block sizes map[0..%u] to "
                   "%" PRIu64 ", more than the loop's %" PRIu64 " iterations",
                   t, size[t], t, start + (uint64_t)size[t], n);
    loop->threads[t].map_next = start;
    start += (uint64_t)size[t];
    loop->threads[t].map_end = start;
  }
  if (start != n)
    o2n_fatal_at(site->file, site->line,
                 "schedule(genblock): the block sizes map[0..%u] add up to %" PRIu64
                 ", fewer than the loop's %" PRIu64 " iterations (the map needs one size per "
                 "thread of the team of %u)",
                 p - 1, start, n, p);
}

/*
 * Sets [*lo, *hi) to thread tid's whole block and returns true the first time, when the block is
 * not empty; returns false otherwise.  Touches only loop->threads[tid], which no other thread uses
 * after init, with plain accesses; init's writes were published with the slot (work.c).
 */
static bool genblock_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop_thread *self = &loop->threads[tid];
  if (self->map_next == self->map_end)
    return false;
  *lo = self->map_next;
  *hi = self->map_end;
  self->map_next = self->map_end;
  return true;
}

const struct o2n_sched_ops o2n_sched_genblock = {
    .init = genblock_init,
    .next = genblock_next,
    .fini = NULL,
};

/* ------------------------------------------------------------------------------------------- */
/* indirect                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/*
 * init cuts the map into maximal runs of equal entries (run r of thread t: iterations [lo, hi),
 * all mapped to t, map[lo - 1] != t and map[hi] != t) and lists each thread's runs in increasing
 * order, all threads' lists in one array grouped by thread: loop->k.indirect.runs, thread t's
 * runs at indices [map_next, map_end) of its loop->threads entry.  Two passes over the map: the
 * first checks it and counts each thread's runs (the counts, then their prefix sums, live in the
 * threads' cursors), the second fills the array.  Both compare each entry with the previous one
 * only; the rest of their work happens once per run.  So init costs O(N + P) time, serially on
 * the first arriver while the others wait, and R * 16 bytes of memory for R runs (R <= N: 4 times
 * the map's own size when no two neighbours share a thread, a few bytes for a block
 * distribution), allocated per loop execution and freed by fini.
 */

static noreturn void indirect_out_of_range(const struct o2n_loop *loop, uint64_t k, int t)
{
  const struct __omp2numa_loop_site *site = loop->site;
  o2n_fatal_at(site->file, site->line,
               "schedule(indirect): map[%" PRIu64 "] is %d; entries must be thread numbers of "
               "the team of %u, in [0, %u)",
               k, t, loop->nthreads, loop->nthreads);
}

/* Pass 1: checks the map's n entries (first is owner[0], read once for both passes) and counts
   each thread's runs, then sets each thread's cursors to its first index in the array of runs
   (pass 2 moves map_end to the end of its runs).  Returns the number of runs.  An entry equal to
   the previous one was checked with it; (unsigned)t maps negative entries above p. */
static uint64_t indirect_count(struct o2n_loop *loop, const int *owner, int first, uint64_t n)
{
  const unsigned p = loop->nthreads;
  struct o2n_loop_thread *th = loop->threads;
  if ((unsigned)first >= p)
    indirect_out_of_range(loop, 0, first);
  th[first].map_end = 1;
  int prev = first;
  for (uint64_t k = 1; k < n; k++) {
    const int t = owner[k];
    if (__builtin_expect(t != prev, 0)) {
      if ((unsigned)t >= p)
        indirect_out_of_range(loop, k, t);
      th[t].map_end++;
      prev = t;
    }
  }
  uint64_t nruns = 0;
  for (unsigned t = 0; t < p; t++) {
    const uint64_t count = th[t].map_end;
    th[t].map_next = th[t].map_end = nruns;
    nruns += count;
  }
  return nruns;
}

/* Pass 2: fills the nruns runs.  The map was checked, but a program that writes it while the
   loop starts (a data race) could make this pass see other entries than pass 1: each new run is
   checked to fall inside its thread's share of the array, so the array is never overrun. */
static void indirect_fill(struct o2n_loop *loop, const int *owner, int first, uint64_t n,
                          struct o2n_map_run *runs, uint64_t nruns)
{
  const unsigned p = loop->nthreads;
  struct o2n_loop_thread *th = loop->threads;
  int prev = first;
  struct o2n_map_run *run = &runs[th[first].map_end++];
  run->lo = 0;
  for (uint64_t k = 1; k < n; k++) {
    const int t = owner[k];
    if (__builtin_expect(t != prev, 0)) {
      if ((unsigned)t >= p || th[t].map_end >= ((unsigned)t + 1 < p ? th[t + 1].map_next
                                                                      : nruns)) {
        free(runs);
        o2n_fatal_at(loop->site->file, loop->site->line,
                     "schedule(indirect): map[%" PRIu64 "] changed to %d while the loop was "
                     "starting (the map must not be written during the loop)",
                     k, t);
      }
      run->hi = k;
      run = &runs[th[t].map_end++];
      run->lo = k;
      prev = t;
    }
  }
  run->hi = n;
}

static void indirect_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  (void)team;
  const struct __omp2numa_loop_site *site = loop->site;
  const int *owner = loop->map;
  const uint64_t n = loop->n;
  loop->k.indirect.runs = NULL;
  for (unsigned t = 0; t < loop->nthreads; t++)
    loop->threads[t].map_next = loop->threads[t].map_end = 0;
  /* A zero-trip loop reads no entry (its map may be the NULL of malloc(0)). */
  if (n == 0)
    return;
  if (!owner)
    o2n_fatal_at(site->file, site->line,
                 "schedule(indirect) needs an int array of thread numbers, one per iteration");
  const int first = owner[0];
  const uint64_t nruns = indirect_count(loop, owner, first, n);
  struct o2n_map_run *runs = nruns <= SIZE_MAX / sizeof *runs ? malloc(nruns * sizeof *runs) : NULL;
  if (!runs)
    o2n_fatal_at(site->file, site->line,
                 "schedule(indirect): out of memory for the %" PRIu64 " runs of the map", nruns);
  indirect_fill(loop, owner, first, n, runs, nruns);
  loop->k.indirect.runs = runs;
}

/*
 * Sets [*lo, *hi) to thread tid's next run and returns true, or returns false when it has run
 * them all.  Reads the runs array, read-only after init, and touches only loop->threads[tid],
 * which no other thread uses after init, with plain accesses; init's writes were published with
 * the slot (work.c).
 */
static bool indirect_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop_thread *self = &loop->threads[tid];
  if (self->map_next == self->map_end)
    return false;
  const struct o2n_map_run *run = &loop->k.indirect.runs[self->map_next++];
  *lo = run->lo;
  *hi = run->hi;
  return true;
}

/* Frees the runs: the last thread out calls it, after every next (o2n_ws_leave's acq_rel). */
static void indirect_fini(struct o2n_loop *loop)
{
  free(loop->k.indirect.runs);
  loop->k.indirect.runs = NULL;
}

const struct o2n_sched_ops o2n_sched_indirect = {
    .init = indirect_init,
    .next = indirect_next,
    .fini = indirect_fini,
};
