/*
 * sequence.h -- the sequence test of a schedule whose chunk k depends on k alone (fac2, tss),
 * shared by tests/runtime/sched/<kind>/sequence.c, which includes its kind's rule.h (whose
 * sequence is the reference), defines SCHED_KIND and SCHED_RULE as for exactly-once.h, and
 * includes this file.
 *
 *   prog N CHUNK   runs one loop of N iterations with that chunk argument (0: none) on the team
 *                  of OMP_NUM_THREADS, and prints its chunks in order, "lo hi" per line, for the
 *                  test to FileCheck against values worked out by hand from the formula;
 *   prog random    runs loops of random trip counts, chunks and team sizes (1..16), and checks
 *                  that the chunks, sorted, are exactly the rule's sequence.
 *
 * Whichever threads take the chunks, their union must be the sequence: a chunk's bounds are a
 * function of its number, and the numbers 0, 1, 2, ... are all handed out.
 */
#ifndef O2N_TEST_SEQUENCE_H
#define O2N_TEST_SEQUENCE_H

#include "../../Inputs/check.h"
#include "chunks.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_CHUNKS = 1 << 16 };

struct range {
  uint64_t lo, hi;
};

static struct {
  uint64_t n;
  int64_t chunk;
  atomic_int count;
  struct range chunks[MAX_CHUNKS];
} ctx;

// #pragma omp for schedule(SCHED_KIND, ctx.chunk)
// for (uint64_t k = 0; k < ctx.n; k++) ...
static void region(void *data)
{
  (void)data;
  static struct __omp2numa_loop_site site = {"sequence.h", __LINE__, SCHED_KIND, 0, 0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx.n, ctx.chunk, 0, &lo, &hi)) do {
      const int i = atomic_fetch_add(&ctx.count, 1);
      if (i < MAX_CHUNKS)
        ctx.chunks[i] = (struct range){lo, hi};
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static int by_lo(const void *a, const void *b)
{
  const struct range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Runs the loop on a team of num_threads (0: the default) and sorts its chunks; returns their
   number. */
static int run(uint64_t n, int64_t chunk, int num_threads)
{
  static const struct __omp2numa_region_site site = {"sequence.h", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"sequence.h", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  ctx.n = n;
  ctx.chunk = chunk;
  atomic_store(&ctx.count, 0);
  __omp2numa_parallel(num_threads ? &site_nt : &site, region, NULL, num_threads, 1);
  const int count = atomic_load(&ctx.count);
  CHECK(count <= MAX_CHUNKS, "n=%" PRIu64 ": %d chunks", n, count);
  qsort(ctx.chunks, (size_t)(count < MAX_CHUNKS ? count : MAX_CHUNKS), sizeof *ctx.chunks, by_lo);
  return count;
}

/* The k-th chunk of the reference sequence (the rule's), cut at n; false past the end. */
static bool reference(uint64_t n, uint64_t chunk, uint64_t p, uint64_t k, struct range *r)
{
  return SCHED_RULE.sequence(n, chunk, p, k, &r->lo, &r->hi);
}

#define RNG_SEED 0x9e3779b97f4a7c15ULL
#include "rng.h"

int main(int argc, char **argv)
{
  CHECK(SCHED_RULE.kind == SCHED_KIND, "the rule is kind %d's", SCHED_RULE.kind);
  if (argc == 3) {
    const int count = run(strtoull(argv[1], NULL, 10), strtoll(argv[2], NULL, 10), 0);
    for (int i = 0; i < count && i < MAX_CHUNKS; i++)
      printf("%" PRIu64 " %" PRIu64 "\n", ctx.chunks[i].lo, ctx.chunks[i].hi);
    printf("end\n");
    return atomic_load(&num_failed);
  }
  if (argc != 2 || strcmp(argv[1], "random") != 0)
    return 2;
  for (int i = 0; i < 400; i++) {
    const uint64_t sizes[] = {rng() % 10, rng() % 1000, rng() % 100000, rng() % 10000000};
    const uint64_t n = sizes[rng() % 4];
    const int64_t chunks[] = {0, 1, 2, 5, 64, 1000, (int64_t)(n / 3) + 1};
    const int64_t chunk = chunks[rng() % 7];
    const int p = (int)(rng() % 16) + 1;
    const int count = run(n, chunk, p);
    struct range want;
    int k = 0;
    for (; reference(n, (uint64_t)chunk, (uint64_t)p, (uint64_t)k, &want); k++) {
      if (k >= count) {
        CHECK(k < count, "n=%" PRIu64 " chunk=%" PRId64 " p=%d: only %d chunks", n, chunk, p,
              count);
        break;
      }
      const struct range got = ctx.chunks[k];
      if (got.lo != want.lo || got.hi != want.hi) {
        CHECK(got.lo == want.lo && got.hi == want.hi, "n=%" PRIu64 " chunk=%" PRId64 " p=%d: "
              "chunk %d is [%" PRIu64 ", %" PRIu64 "), expected [%" PRIu64 ", %" PRIu64 ")", n,
              chunk, p, k, got.lo, got.hi, want.lo, want.hi);
        break;
      }
    }
    CHECK(k >= count, "n=%" PRIu64 " chunk=%" PRId64 " p=%d: %d chunks, expected %d", n, chunk,
          p, count, k);
  }
  return atomic_load(&num_failed);
}

#endif /* O2N_TEST_SEQUENCE_H */
