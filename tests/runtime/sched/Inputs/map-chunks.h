/*
 * map-chunks.h -- the exact-chunks and ordered tests of the schedules given by a map (genblock,
 * indirect), shared by genblock/blocks.c and indirect/runs.c.  The includer defines SCHED_KIND
 * and SITE_FILE, fills ctx.map and calls record_chunks/print_chunks or ordered_round.
 */
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
  int map[MAX_N]; // genblock: a size per thread; indirect: an owner per iteration
  uint64_t chunks[MAX_TEAM][MAX_CHUNKS][2]; // written by thread t only
  unsigned nchunks[MAX_TEAM];
  uint64_t log[MAX_N]; // ordered: plain, written inside ordered regions only
  uint64_t nlog;
};

// #pragma omp for schedule(<kind>(map))
// for (uint64_t k = 0; k < n; k++) ;
static void record_chunks(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {SITE_FILE, __LINE__, SCHED_KIND, 0, 0, 0};
  const int tid = omp_get_thread_num();
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->map, &lo, &hi)) do {
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

// #pragma omp for ordered schedule(<kind>(map))
// for (uint64_t k = 0; k < n; k++) {
//   <work that varies with k>
//   #pragma omp ordered
//   log[nlog++] = k;
// }
static void ordered(void *data)
{
  struct ctx *ctx = data;
  static struct __omp2numa_loop_site site = {SITE_FILE, __LINE__, SCHED_KIND,
                                             __OMP2NUMA_LOOP_ORDERED, 0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, ctx->n, 0, ctx->map, &lo, &hi)) do {
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

// Runs the ordered loop over ctx's map and checks that the ordered regions ran in iteration order.
static void ordered_round(const struct __omp2numa_region_site *site, struct ctx *ctx, int round)
{
  ctx->nlog = 0;
  __omp2numa_parallel(site, ordered, ctx, 0, 1);
  CHECK(ctx->nlog == ctx->n, "round %d: %" PRIu64 " ordered regions ran, want %" PRIu64, round,
        ctx->nlog, ctx->n);
  for (uint64_t k = 0; k < ctx->nlog; k++)
    if (ctx->log[k] != k) {
      CHECK(ctx->log[k] == k, "round %d: ordered region #%" PRIu64 " was iteration %" PRIu64,
            round, k, ctx->log[k]);
      break;
    }
}
