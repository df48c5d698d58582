/*
 * map-exactly-once.h -- the exactly-once test of the schedules given by a map, shared by
 * tests/runtime/sched/genblock/exactly-once.c and tests/runtime/sched/indirect/exactly-once.c,
 * which define SCHED_KIND (__OMP2NUMA_SCHED_GENBLOCK or __OMP2NUMA_SCHED_INDIRECT) and then
 * include this file.  (It is the map schedules' counterpart of ../../Inputs/exactly-once.h, whose
 * chunk checks need no map.)
 *
 * Batches of loops with random trip counts (0, 1, around the team size, up to 100k) and random
 * maps of several shapes run in regions of several team sizes (the default, 1, 3, 5, and random
 * ones up to 16, which oversubscribe small machines): as sequences of nowait loops longer than
 * the runtime's work-share ring, some with one thread lagging behind so that the others run
 * ahead; as loops with barriers; and orphaned, outside any region.  The assignment is checked
 * exactly:
 *  - every iteration runs exactly once, on the thread the map gives it (genblock: the thread whose
 *    block holds it; indirect: map[k]);
 *  - genblock: a thread gets its whole block as one chunk, and no chunk when its block is empty;
 *  - indirect: every chunk is a maximal run of iterations that the map gives the thread, a
 *    thread's chunks come in increasing order, and it gets exactly as many chunks as it has runs.
 * A test may define EXACTLY_ONCE_BATCHES (regions; default 24) and EXACTLY_ONCE_MAX_N (largest
 * trip count; default 100000) before including this file.
 */
#ifndef O2N_TEST_MAP_EXACTLY_ONCE_H
#define O2N_TEST_MAP_EXACTLY_ONCE_H

#include "../../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef EXACTLY_ONCE_BATCHES
#define EXACTLY_ONCE_BATCHES 24
#endif
#ifndef EXACTLY_ONCE_MAX_N
#define EXACTLY_ONCE_MAX_N 100000
#endif

enum {
  BATCH = 12,   /* loops per region: more than the work-share ring's 8 slots */
  BATCHES = EXACTLY_ONCE_BATCHES,
  MAX_N = EXACTLY_ONCE_MAX_N,
  MAX_TEAM = 16,
  IS_GENBLOCK = SCHED_KIND == __OMP2NUMA_SCHED_GENBLOCK,
};

struct loop_case {
  uint64_t n;
  unsigned nthreads;           /* the team the map is built for */
  int shape;                   /* which generator built the map (for messages) */
  int *map;                    /* genblock: nthreads block sizes; indirect: n thread numbers */
  _Atomic unsigned char *hits; /* n counters */
  _Atomic unsigned char *who;  /* n: the thread that ran iteration k (the last one, if several) */
  unsigned team;               /* omp_get_num_threads() in the loop (thread 0 writes it) */
  uint64_t chunks[MAX_TEAM];   /* chunks that thread t got; written by thread t only */
};

struct batch {
  struct loop_case cases[BATCH];
  int nowait;  /* end the loops with nowait, else with their barrier */
  int lagging; /* this thread sleeps before each loop; -1: none */
};

#include "rng.h"

static int compare_u64(const void *a, const void *b)
{
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* genblock: p block sizes >= 0 adding up to n, in one of 6 shapes. */
static void pick_blocks(struct loop_case *c)
{
  const uint64_t n = c->n;
  const unsigned p = c->nthreads;
  int *size = c->map;
  memset(size, 0, p * sizeof *size);
  switch (c->shape = (int)(rng() % 6)) {
  case 0:
  case 1: { /* random cuts; with shape 1, most threads get an empty block */
    uint64_t cut[MAX_TEAM + 1];
    cut[0] = 0;
    for (unsigned t = 1; t < p; t++)
      cut[t] = c->shape == 1 && rng() % 4 ? 0 : rng() % (n + 1);
    qsort(cut + 1, p - 1, sizeof *cut, compare_u64);
    cut[p] = n;
    for (unsigned t = 0; t < p; t++)
      size[t] = (int)(cut[t + 1] - cut[t]);
    break;
  }
  case 2: /* everything to one thread */
    size[rng() % p] = (int)n;
    break;
  case 3: /* equal blocks, the larger ones last (the reverse of static's) */
    for (unsigned t = 0; t < p; t++)
      size[t] = (int)(n / p + (p - 1 - t < n % p));
    break;
  case 4: { /* geometric: each thread half of what is left, the last one the rest */
    uint64_t left = n;
    for (unsigned t = 0; t + 1 < p; t++) {
      size[t] = (int)(left / 2);
      left -= left / 2;
    }
    size[p - 1] = (int)left;
    break;
  }
  default: /* everything to the last thread */
    size[p - 1] = (int)n;
    break;
  }
}

/* indirect: n thread numbers in [0, p), in one of 7 shapes. */
static void pick_owners(struct loop_case *c)
{
  const uint64_t n = c->n;
  const unsigned p = c->nthreads;
  int *owner = c->map;
  switch (c->shape = (int)(rng() % 7)) {
  case 0: /* independent random owners: runs of about one iteration */
    for (uint64_t k = 0; k < n; k++)
      owner[k] = (int)(rng() % p);
    break;
  case 1: /* runs of random lengths (1 to 300) and random owners */
    for (uint64_t k = 0; k < n;) {
      const uint64_t len = rng() % 300 + 1;
      const int t = (int)(rng() % p);
      for (uint64_t end = k + len; k < n && k < end; k++)
        owner[k] = t;
    }
    break;
  case 2: { /* everything to one thread */
    const int t = (int)(rng() % p);
    for (uint64_t k = 0; k < n; k++)
      owner[k] = t;
    break;
  }
  case 3: /* cyclic */
    for (uint64_t k = 0; k < n; k++)
      owner[k] = (int)(k % p);
    break;
  case 4: { /* block-cyclic, blocks of 1 to 64 */
    const uint64_t b = rng() % 64 + 1;
    for (uint64_t k = 0; k < n; k++)
      owner[k] = (int)(k / b % p);
    break;
  }
  case 5: /* static blocks in reverse thread order */
    for (uint64_t k = 0; k < n; k++)
      owner[k] = (int)(p - 1 - k * p / (n ? n : 1));
    break;
  default: { /* two threads only, alternating in random runs (a partition that leaves the others
                idle) */
    const int a = (int)(rng() % p), b = (int)(rng() % p);
    for (uint64_t k = 0; k < n; k++)
      owner[k] = rng() % 3 ? (k ? owner[k - 1] : a) : (int)(rng() % 2 ? a : b);
    break;
  }
  }
}

static void pick(struct loop_case *c, unsigned nthreads)
{
  switch (rng() % 8) {
  case 0: c->n = 0; break;
  case 1: c->n = 1; break;
  case 2: c->n = nthreads - 1 + rng() % 3; break;
  case 3: c->n = rng() % MAX_N + 1; break;
  default: c->n = rng() % 2000; break;
  }
  c->nthreads = nthreads;
  if (IS_GENBLOCK)
    pick_blocks(c);
  else
    pick_owners(c);
}

/* genblock: where thread t's block starts. */
static uint64_t block_start(const struct loop_case *c, unsigned t)
{
  uint64_t start = 0;
  for (unsigned u = 0; u < t; u++)
    start += (uint64_t)c->map[u];
  return start;
}

/* The thread that the map gives iteration k. */
static unsigned expected_owner(const struct loop_case *c, uint64_t k)
{
  if (!IS_GENBLOCK)
    return (unsigned)c->map[k];
  unsigned t = 0;
  for (uint64_t end = (uint64_t)c->map[0]; k >= end; end += (uint64_t)c->map[++t])
    ;
  return t;
}

/* Returns NULL if [lo, hi) is a chunk that thread tid may get after a chunk ending at last_hi
   (first: none yet), else what is wrong with it. */
static const char *chunk_error(const struct loop_case *c, unsigned tid, uint64_t lo, uint64_t hi,
                               int first, uint64_t last_hi)
{
  if (lo >= hi || hi > c->n)
    return "empty chunk, or past the end";
  if (IS_GENBLOCK) {
    if (!first)
      return "a second chunk";
    const uint64_t start = block_start(c, tid);
    if (lo != start || hi != start + (uint64_t)c->map[tid])
      return "not the thread's block";
    return NULL;
  }
  if (!first && lo <= last_hi)
    return "not after the thread's previous run (runs must be maximal and increasing)";
  for (uint64_t k = lo; k < hi; k++)
    if (c->map[k] != (int)tid)
      return "holds an iteration of another thread";
  if ((lo > 0 && c->map[lo - 1] == (int)tid) || (hi < c->n && c->map[hi] == (int)tid))
    return "not a maximal run";
  return NULL;
}

/* #pragma omp for schedule(genblock(map)) / schedule(indirect(map)) [nowait]
   for (uint64_t k = 0; k < c->n; k++) { hits[k]++; who[k] = omp_get_thread_num(); } */
static void run_loop(struct loop_case *c, int nowait)
{
  static struct __omp2numa_loop_site site = {"map-exactly-once.h", __LINE__, SCHED_KIND, 0, 0, 0};
  const unsigned tid = (unsigned)omp_get_thread_num();
  if (tid == 0)
    c->team = (unsigned)omp_get_num_threads();
  uint64_t lo, hi, count = 0, last_hi = 0;
  if (__omp2numa_loop_start(&site, c->n, 0, c->map, &lo, &hi)) do {
      const char *error = chunk_error(c, tid, lo, hi, count == 0, last_hi);
      CHECK(!error, "n=%" PRIu64 " threads=%u shape=%d: thread %u got [%" PRIu64 ", %" PRIu64
            "): %s", c->n, c->nthreads, c->shape, tid, lo, hi, error);
      for (uint64_t k = lo; k < hi && k < c->n; ++k) {
        atomic_fetch_add_explicit(&c->hits[k], 1, memory_order_relaxed);
        atomic_store_explicit(&c->who[k], (unsigned char)tid, memory_order_relaxed);
      }
      count++;
      last_hi = hi;
    } while (__omp2numa_loop_next(&lo, &hi));
  if (tid < MAX_TEAM)
    c->chunks[tid] = count;
  if (nowait)
    __omp2numa_loop_end_nowait();
  else
    __omp2numa_loop_end();
}

/* #pragma omp parallel num_threads(...)
   for (int i = 0; i < BATCH; i++) <run_loop(i)> */
static void region(void *data)
{
  struct batch *b = data;
  for (int i = 0; i < BATCH; i++) {
    if (omp_get_thread_num() == b->lagging) {
      struct timespec lag = {0, 200000};
      nanosleep(&lag, NULL);
    }
    run_loop(&b->cases[i], b->nowait);
  }
}

/* The number of maximal runs that the map gives thread t (indirect), or 1 if its block is not
   empty (genblock): the chunks it must get. */
static uint64_t expected_chunks(const struct loop_case *c, unsigned t)
{
  if (IS_GENBLOCK)
    return c->map[t] > 0;
  uint64_t runs = 0;
  for (uint64_t k = 0; k < c->n; k++)
    runs += c->map[k] == (int)t && (k == 0 || c->map[k - 1] != (int)t);
  return runs;
}

/* Checks the assignment of every loop of the batch, and clears the counters. */
static void check_batch(struct batch *b, const char *where)
{
  for (int i = 0; i < BATCH; i++) {
    struct loop_case *c = &b->cases[i];
    CHECK(c->team == c->nthreads, "%s, loop %d: a team of %u threads, the map is for %u", where,
          i, c->team, c->nthreads);
    for (uint64_t k = 0; k < c->n; k++) {
      const unsigned hits = atomic_load_explicit(&c->hits[k], memory_order_relaxed);
      const unsigned who = atomic_load_explicit(&c->who[k], memory_order_relaxed);
      const unsigned want = expected_owner(c, k);
      if (hits != 1 || who != want) {
        CHECK(hits == 1 && who == want, "%s, loop %d (n=%" PRIu64 " threads=%u shape=%d): "
              "iteration %" PRIu64 " ran %u times, on thread %u; the map says thread %u",
              where, i, c->n, c->nthreads, c->shape, k, hits, who, want);
        break;
      }
    }
    for (unsigned t = 0; t < c->nthreads && t < MAX_TEAM; t++) {
      const uint64_t want = expected_chunks(c, t);
      CHECK(c->chunks[t] == want, "%s, loop %d (n=%" PRIu64 " threads=%u shape=%d): thread %u "
            "got %" PRIu64 " chunks, expected %" PRIu64, where, i, c->n, c->nthreads, c->shape,
            t, c->chunks[t], want);
    }
    memset((void *)c->hits, 0, c->n);
    memset((void *)c->who, 0, c->n);
    memset(c->chunks, 0, sizeof c->chunks);
    c->team = 0;
  }
}

int main(void)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(num_threads) when non-zero
  static const struct __omp2numa_region_site site = {"map-exactly-once.h", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"map-exactly-once.h", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  static struct batch batch;
  if (omp_get_max_threads() > MAX_TEAM) {
    fprintf(stderr, "more than %d threads: set OMP_NUM_THREADS\n", MAX_TEAM);
    return 2;
  }
  for (int i = 0; i < BATCH; i++) {
    batch.cases[i].hits = calloc(MAX_N + 8, 1);
    batch.cases[i].who = calloc(MAX_N + 8, 1);
    batch.cases[i].map = calloc(MAX_N + MAX_TEAM + 8, sizeof(int));
  }

  const int team_sizes[] = {0, 1, 3, 5, -1}; /* 0: no num_threads clause; -1: random */
  for (int b = 0; b < BATCHES; b++) {
    const int size = team_sizes[b % 5];
    const int num_threads = size >= 0 ? size : (int)(rng() % MAX_TEAM) + 1;
    const unsigned nthreads = num_threads ? (unsigned)num_threads : (unsigned)omp_get_max_threads();
    for (int i = 0; i < BATCH; i++)
      pick(&batch.cases[i], nthreads);
    batch.nowait = b % 3 != 2;
    batch.lagging = b % 2 ? (int)(rng() % nthreads) : -1;
    __omp2numa_parallel(num_threads ? &site_nt : &site, region, &batch, num_threads, 1);
    check_batch(&batch, batch.nowait ? "nowait loops" : "loops with barriers");
  }

  /* Orphaned loops, outside any region: a team of one. */
  for (int i = 0; i < BATCH; i++)
    pick(&batch.cases[i], 1);
  batch.nowait = 0;
  batch.lagging = -1;
  region(&batch);
  check_batch(&batch, "orphaned loops");
  return atomic_load(&num_failed);
}

#endif /* O2N_TEST_MAP_EXACTLY_ONCE_H */
