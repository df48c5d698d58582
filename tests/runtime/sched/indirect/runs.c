// schedule(indirect(map)): the exact chunks of a small map, and an ordered loop.
//  - runs: 10 iterations, team of 4, map {0, 0, 1, 1, 1, 0, 2, 2, 0, 0}: each thread gets the
//    maximal runs of its iterations, one chunk per run, in increasing order; thread 3 gets
//    nothing.  Then a cyclic map (one run per iteration), then a map that gives everything to
//    thread 3 (one run).
//  - ordered: loops with the ordered clause and random maps run their ordered regions in
//    iteration order (each thread's runs increase, so the lowest unfinished iteration always
//    belongs to a thread that is at it).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t runs | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t ordered
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t ordered
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan ordered %}
//
// CHECK:      thread 0: [0, 2) [5, 6) [8, 10)
// CHECK-NEXT: thread 1: [2, 5)
// CHECK-NEXT: thread 2: [6, 8)
// CHECK-NEXT: thread 3:
// CHECK-NEXT: thread 0: [0, 1) [4, 5) [8, 9)
// CHECK-NEXT: thread 1: [1, 2) [5, 6) [9, 10)
// CHECK-NEXT: thread 2: [2, 3) [6, 7)
// CHECK-NEXT: thread 3: [3, 4) [7, 8)
// CHECK-NEXT: thread 0:
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2:
// CHECK-NEXT: thread 3: [0, 10)
#include "../../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TEAM = 16, MAX_CHUNKS = 8, MAX_N = 2000 };

struct ctx {
  uint64_t n;
  int owner[MAX_N];
  uint64_t chunks[MAX_TEAM][MAX_CHUNKS][2]; // written by thread t only
  unsigned nchunks[MAX_TEAM];
  uint64_t log[MAX_N]; // ordered: plain, written inside ordered regions only
  uint64_t nlog;
};

// #pragma omp for schedule(indirect(owner))
// for (uint64_t k = 0; k < n; k++) ;
static void runs(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {"runs.c", __LINE__, __OMP2NUMA_SCHED_INDIRECT, 0, 0,
                                             0};
  const int tid = omp_get_thread_num();
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->owner, &lo, &hi)) do {
      const unsigned i = ctx->nchunks[tid]++;
      if (i < MAX_CHUNKS) {
        ctx->chunks[tid][i][0] = lo;
        ctx->chunks[tid][i][1] = hi;
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static void print_chunks(struct ctx *ctx)
{
  for (int t = 0; t < omp_get_max_threads(); t++) {
    printf("thread %d:", t);
    for (unsigned i = 0; i < ctx->nchunks[t] && i < MAX_CHUNKS; i++)
      printf(" [%" PRIu64 ", %" PRIu64 ")", ctx->chunks[t][i][0], ctx->chunks[t][i][1]);
    printf("\n");
    ctx->nchunks[t] = 0;
  }
}

// #pragma omp for ordered schedule(indirect(owner))
// for (uint64_t k = 0; k < n; k++) {
//   <work that varies with k>
//   #pragma omp ordered
//   log[nlog++] = k;
// }
static void ordered(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {"runs.c", __LINE__, __OMP2NUMA_SCHED_INDIRECT,
                                             __OMP2NUMA_LOOP_ORDERED, 0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->owner, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; __omp2numa_ordered_iteration_end(), k++) {
        for (volatile uint64_t spin = 0; spin < (k * 7919) % 500; spin++)
          ;
        __omp2numa_ordered_start();
        ctx->log[ctx->nlog++] = k;
        __omp2numa_ordered_end();
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"runs.c", __LINE__, 0, 0};
  static struct ctx ctx;
  if (argc != 2 || omp_get_max_threads() > MAX_TEAM)
    return 2;
  if (strcmp(argv[1], "runs") == 0) {
    const int maps[][10] = {{0, 0, 1, 1, 1, 0, 2, 2, 0, 0},
                            {0, 1, 2, 3, 0, 1, 2, 3, 0, 1},
                            {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}};
    ctx.n = 10;
    for (int i = 0; i < 3; i++) {
      memcpy(ctx.owner, maps[i], sizeof maps[i]);
      __omp2numa_parallel(&site, runs, &ctx, 0, 1);
      print_chunks(&ctx);
    }
    return 0;
  }
  // ordered: random owners in random runs (lengths 1 to 20).
  const unsigned p = (unsigned)omp_get_max_threads();
  srand(42);
  for (int round = 0; round < 200; round++) {
    ctx.n = (uint64_t)rand() % MAX_N;
    for (uint64_t k = 0; k < ctx.n;) {
      const int t = rand() % (int)p;
      for (uint64_t end = k + 1 + (uint64_t)rand() % 20; k < end && k < ctx.n; k++)
        ctx.owner[k] = t;
    }
    ctx.nlog = 0;
    __omp2numa_parallel(&site, ordered, &ctx, 0, 1);
    CHECK(ctx.nlog == ctx.n, "round %d: %" PRIu64 " ordered regions ran, want %" PRIu64, round,
          ctx.nlog, ctx.n);
    for (uint64_t k = 0; k < ctx.nlog; k++)
      if (ctx.log[k] != k) {
        CHECK(ctx.log[k] == k, "round %d: ordered region #%" PRIu64 " was iteration %" PRIu64,
              round, k, ctx.log[k]);
        break;
      }
  }
  return atomic_load(&num_failed);
}
