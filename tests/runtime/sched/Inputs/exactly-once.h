/*
 * exactly-once.h -- the exactly-once test of one loop schedule, shared by
 * tests/runtime/sched/<kind>/exactly-once.c, which includes its kind's rule.h, defines SCHED_KIND
 * (an __omp2numa_sched_kind) and SCHED_RULE (the rule's name), and then includes this file.
 *
 * Batches of loops with random trip counts (0, 1, around the team size, up to 100k) and chunk
 * arguments (none, 1, 7, ..., larger than the loop) run in regions of several team sizes (the
 * default, 1, 3, 5, and random ones up to 16, which oversubscribe small machines): as
 * sequences of nowait loops longer than the runtime's work-share ring, some with one thread
 * lagging behind so that the others run ahead; as loops with barriers; and orphaned, outside any
 * region.  Every iteration increments its own atomic counter, and each must end at exactly 1.
 * Every chunk is also checked against the schedule's definition (the rule, chunks.h).  Loops of a
 * rule that takes weights (wf2) get random ones.  A test may define EXACTLY_ONCE_BATCHES (regions;
 * default 24) and EXACTLY_ONCE_MAX_N (largest trip count; default 100000) before including this
 * file.
 */
#ifndef O2N_TEST_EXACTLY_ONCE_H
#define O2N_TEST_EXACTLY_ONCE_H

#include "../../Inputs/check.h"
#include "chunks.h"

#include <inttypes.h>
#include <omp.h>
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
};

/* The weights of a rule that takes them (wf2), one per thread (teams of up to 256, whatever
   OMP_NUM_THREADS says): random in [0.25, 4]. */
static double weights[256];

struct loop_case {
  uint64_t n;
  int64_t chunk;
  _Atomic unsigned char *hits; /* n counters */
};

struct batch {
  struct loop_case cases[BATCH];
  int nowait;  /* end the loops with nowait, else with their barrier */
  int lagging; /* this thread sleeps before each loop; -1: none */
};

#include "rng.h"

static void pick(struct loop_case *c, unsigned nthreads)
{
  switch (rng() % 8) {
  case 0: c->n = 0; break;
  case 1: c->n = 1; break;
  case 2: c->n = nthreads - 1 + rng() % 3; break;
  case 3: c->n = rng() % MAX_N + 1; break;
  default: c->n = rng() % 2000; break;
  }
  const int64_t chunks[] = {0, 0, 1, 2, 7, 64, 1000, (int64_t)c->n + 1, (int64_t)c->n + 5};
  c->chunk = chunks[rng() % (sizeof chunks / sizeof *chunks)];
}

/* #pragma omp for schedule(SCHED_KIND, c->chunk) [nowait]
   for (uint64_t k = 0; k < c->n; k++) hits[k]++; */
static void run_loop(const struct loop_case *c, int nowait)
{
  static struct __omp2numa_loop_site site = {"exactly-once.h", __LINE__, SCHED_KIND, 0, 0, 0};
  const unsigned tid = (unsigned)omp_get_thread_num(), nthreads = (unsigned)omp_get_num_threads();
  struct chunk_history history = {0, 0};
  uint64_t lo, hi;
  const void *map = SCHED_RULE.weights ? weights : 0;
  if (__omp2numa_loop_start(&site, c->n, c->chunk, map, &lo, &hi)) do {
      const char *error =
          chunk_error(&SCHED_RULE, c->n, (uint64_t)c->chunk, nthreads, tid, lo, hi, &history);
      CHECK(!error, "n=%" PRIu64 " chunk=%" PRId64 " threads=%u: thread %u got [%" PRIu64
            ", %" PRIu64 "): %s", c->n, c->chunk, nthreads, tid, lo, hi, error);
      for (uint64_t k = lo; k < hi && k < c->n; ++k)
        atomic_fetch_add_explicit(&c->hits[k], 1, memory_order_relaxed);
    } while (__omp2numa_loop_next(&lo, &hi));
  if (SCHED_RULE.count) {
    uint64_t expected = SCHED_RULE.count(c->n, (uint64_t)c->chunk, nthreads, tid);
    CHECK(history.count == expected, "n=%" PRIu64 " chunk=%" PRId64 " threads=%u: thread %u "
          "got %" PRIu64 " chunks, expected %" PRIu64, c->n, c->chunk, nthreads, tid,
          history.count, expected);
  }
  if (nowait)
    __omp2numa_loop_end_nowait();
  else
    __omp2numa_loop_end();
}

/* #pragma omp parallel num_threads(...)
   for (int i = 0; i < BATCH; i++) <run_loop(i)> */
static void region(void *data)
{
  const struct batch *b = data;
  for (int i = 0; i < BATCH; i++) {
    if (omp_get_thread_num() == b->lagging) {
      struct timespec lag = {0, 200000};
      nanosleep(&lag, NULL);
    }
    run_loop(&b->cases[i], b->nowait);
  }
}

/* Checks that every iteration ran exactly once, and clears the counters. */
static void check_batch(struct batch *b, const char *where)
{
  for (int i = 0; i < BATCH; i++) {
    const struct loop_case *c = &b->cases[i];
    for (uint64_t k = 0; k < c->n; k++) {
      unsigned hits = atomic_load_explicit(&c->hits[k], memory_order_relaxed);
      if (hits != 1) {
        CHECK(hits == 1, "%s, loop %d (n=%" PRIu64 " chunk=%" PRId64 "): iteration %" PRIu64
              " ran %u times", where, i, c->n, c->chunk, k, hits);
        break;
      }
    }
    memset((void *)c->hits, 0, c->n);
  }
}

int main(void)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(num_threads) when non-zero
  static const struct __omp2numa_region_site site = {"exactly-once.h", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"exactly-once.h", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  static struct batch batch;
  for (int i = 0; i < BATCH; i++)
    batch.cases[i].hits = calloc(MAX_N + 8, 1);

  const int team_sizes[] = {0, 1, 3, 5, -1}; /* 0: no num_threads clause; -1: random */
  CHECK(SCHED_RULE.kind == SCHED_KIND, "the rule is kind %d's", SCHED_RULE.kind);
  chunk_weights = weights;
  for (int b = 0; b < BATCHES; b++) {
    const int size = team_sizes[b % 5];
    const int num_threads = size >= 0 ? size : (int)(rng() % MAX_TEAM) + 1;
    for (size_t t = 0; t < sizeof weights / sizeof *weights; t++)
      weights[t] = 0.25 + (double)(rng() % 1000) * (3.75 / 999);
    const unsigned nthreads = num_threads ? (unsigned)num_threads : (unsigned)omp_get_max_threads();
    for (int i = 0; i < BATCH; i++)
      pick(&batch.cases[i], nthreads);
    batch.nowait = b % 3 != 2;
    batch.lagging = b % 2 ? (int)(rng() % nthreads) : -1;
    __omp2numa_parallel(num_threads ? &site_nt : &site, region, &batch, num_threads, 1);
    check_batch(&batch, batch.nowait ? "nowait loops" : "loops with barriers");
  }

  /* Orphaned loops, outside any region: a team of one. */
  weights[0] = 1.5;
  for (int i = 0; i < BATCH; i++)
    pick(&batch.cases[i], 1);
  batch.nowait = 0;
  batch.lagging = -1;
  region(&batch);
  check_batch(&batch, "orphaned loops");
  return atomic_load(&num_failed);
}

#endif /* O2N_TEST_EXACTLY_ONCE_H */
