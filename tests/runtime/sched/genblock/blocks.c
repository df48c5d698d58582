// schedule(genblock(map)): the exact chunks of a small map, and an ordered loop.
//  - blocks: 10 iterations, team of 4, sizes {3, 0, 7, 0}: thread 0 gets [0, 3) and thread 2
//    [3, 10), each in one chunk; threads 1 and 3 get nothing.  Twice (the second execution of a
//    site gives the same blocks), then once with sizes {0, 0, 0, 10}.
//  - ordered: loops with the ordered clause and random block sizes run their ordered regions in
//    iteration order (a thread's block is one chunk; ordered.c counts its iterations from the
//    first).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t blocks | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t ordered
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t ordered
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan ordered %}
//
// CHECK:      thread 0: [0, 3)
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2: [3, 10)
// CHECK-NEXT: thread 3:
// CHECK-NEXT: thread 0: [0, 3)
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2: [3, 10)
// CHECK-NEXT: thread 3:
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
  int sizes[MAX_TEAM];
  uint64_t chunks[MAX_TEAM][MAX_CHUNKS][2]; // written by thread t only
  unsigned nchunks[MAX_TEAM];
  uint64_t log[MAX_N]; // ordered: plain, written inside ordered regions only
  uint64_t nlog;
};

// #pragma omp for schedule(genblock(sizes))
// for (uint64_t k = 0; k < n; k++) ;
static void blocks(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {"blocks.c", __LINE__, __OMP2NUMA_SCHED_GENBLOCK, 0,
                                             0, 0};
  const int tid = omp_get_thread_num();
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->sizes, &lo, &hi)) do {
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

// #pragma omp for ordered schedule(genblock(sizes))
// for (uint64_t k = 0; k < n; k++) {
//   <work that varies with k>
//   #pragma omp ordered
//   log[nlog++] = k;
// }
static void ordered(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {"blocks.c", __LINE__, __OMP2NUMA_SCHED_GENBLOCK,
                                             __OMP2NUMA_LOOP_ORDERED, 0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->sizes, &lo, &hi)) do {
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
  static const struct __omp2numa_region_site site = {"blocks.c", __LINE__, 0, 0};
  static struct ctx ctx;
  if (argc != 2 || omp_get_max_threads() > MAX_TEAM)
    return 2;
  if (strcmp(argv[1], "blocks") == 0) {
    const int sizes[][4] = {{3, 0, 7, 0}, {3, 0, 7, 0}, {0, 0, 0, 10}};
    ctx.n = 10;
    for (int i = 0; i < 3; i++) {
      memcpy(ctx.sizes, sizes[i], sizeof sizes[i]);
      __omp2numa_parallel(&site, blocks, &ctx, 0, 1);
      print_chunks(&ctx);
    }
    return 0;
  }
  // ordered: random sizes (many of them 0) adding up to random trip counts.
  const unsigned p = (unsigned)omp_get_max_threads();
  srand(42);
  for (int round = 0; round < 200; round++) {
    ctx.n = (uint64_t)rand() % MAX_N;
    uint64_t left = ctx.n;
    for (unsigned t = 0; t < p; t++) {
      const uint64_t size = t + 1 == p ? left : rand() % 2 ? 0 : (uint64_t)rand() % (left + 1);
      ctx.sizes[t] = (int)size;
      left -= size;
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
