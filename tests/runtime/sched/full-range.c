// Loops whose trip counts reach the top of the 64-bit range (up to UINT64_MAX iterations, in chunks
// big enough to be counted): every schedule hands out chunks that tile [0, n) exactly, with no
// overflow in its arithmetic.  The iterations are not run; the chunks are collected, sorted and
// checked end to end, and each against its schedule's rule (<kind>/rule.h).
//
//   #pragma omp parallel
//   #pragma omp for schedule(kind, chunk)
//   for (uint64_t k = 0; k < n; k++) ...
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
#include "../Inputs/check.h"
#include "adaptive/rule.h"
#include "dynamic/rule.h"
#include "fac2/rule.h"
#include "guided/rule.h"
#include "rand/rule.h"
#include "static/rule.h"
#include "tss/rule.h"
#include "wf2/rule.h"

#include <inttypes.h>
#include <omp.h>
#include <stdlib.h>

enum { MAX_CHUNKS = 1 << 14 };

struct range {
  uint64_t lo, hi;
};

struct ctx {
  const struct chunk_rule *rule;
  uint64_t n;
  int64_t chunk;
  atomic_int count;
  struct range chunks[MAX_CHUNKS];
};

static const double weights[64] = {1, 2, 0.5, 3, 1, 1, 4, 0.25, 1, 2, 1, 1, 1, 1, 3, 1};

static void region(void *data)
{
  static struct __omp2numa_loop_site sites[] = {
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_GUIDED, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_FAC2, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_TSS, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_WF2, 0, 0, 0},
      {"full-range.c", __LINE__, __OMP2NUMA_SCHED_RAND, 0, 0, 0},
  };
  struct ctx *ctx = data;
  const unsigned tid = (unsigned)omp_get_thread_num(), nthreads = (unsigned)omp_get_num_threads();
  struct chunk_history history = {0, 0};
  struct __omp2numa_loop_site *site = &sites[0];
  while (site->kind != ctx->rule->kind)
    site++;
  uint64_t lo, hi;
  if (__omp2numa_loop_start(site, ctx->n, ctx->chunk, weights, &lo, &hi)) do {
      const char *error =
          chunk_error(ctx->rule, ctx->n, (uint64_t)ctx->chunk, nthreads, tid, lo, hi, &history);
      CHECK(!error, "kind %d n=%" PRIu64 " chunk=%" PRId64 ": [%" PRIu64 ", %" PRIu64 "): %s",
            ctx->rule->kind, ctx->n, ctx->chunk, lo, hi, error);
      int i = atomic_fetch_add(&ctx->count, 1);
      if (i < MAX_CHUNKS)
        ctx->chunks[i] = (struct range){lo, hi};
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static int by_lo(const void *a, const void *b)
{
  const struct range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static void check_tiling(const struct chunk_rule *rule, uint64_t n, int64_t chunk)
{
  static const struct __omp2numa_region_site site = {"full-range.c", __LINE__, 0, 0};
  static struct ctx ctx;
  const int kind = rule->kind;
  ctx.rule = rule;
  ctx.n = n;
  ctx.chunk = chunk;
  atomic_store(&ctx.count, 0);
  __omp2numa_parallel(&site, region, &ctx, 0, 1);

  int count = atomic_load(&ctx.count);
  CHECK(count <= MAX_CHUNKS, "kind %d: %d chunks", kind, count);
  if (count > MAX_CHUNKS)
    return;
  qsort(ctx.chunks, (size_t)count, sizeof *ctx.chunks, by_lo);
  uint64_t end = 0;
  for (int i = 0; i < count; i++) {
    CHECK(ctx.chunks[i].lo == end, "kind %d n=%" PRIu64 " chunk=%" PRId64 ": chunk %d starts "
          "at %" PRIu64 ", expected %" PRIu64, kind, n, chunk, i, ctx.chunks[i].lo, end);
    end = ctx.chunks[i].hi;
  }
  CHECK(end == n, "kind %d n=%" PRIu64 " chunk=%" PRId64 ": chunks end at %" PRIu64, kind, n,
        chunk, end);
}

int main(void)
{
  chunk_weights = weights;
  const uint64_t top = UINT64_MAX, half = UINT64_MAX / 2 + 1; // 2^63
  const uint64_t ns[] = {top, top - 1, half, half + 1, (uint64_t)1 << 62};
  for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
    const uint64_t n = ns[i];
    check_tiling(&static_rule, n, 0);
    check_tiling(&static_rule, n, (int64_t)1 << 60);
    check_tiling(&static_rule, n, INT64_MAX);
    // Near the top the counter may not overshoot n (a CAS loop); lower down it may (fetch-add).
    check_tiling(&dynamic_rule, n, (int64_t)1 << 59);
    check_tiling(&dynamic_rule, n, ((int64_t)1 << 61) + 3);
    check_tiling(&dynamic_rule, n, INT64_MAX);
    check_tiling(&guided_rule, n, (int64_t)1 << 56);
    check_tiling(&guided_rule, n, INT64_MAX);
    // adaptive: ranges of about n / P, chunks of 2^59 (stolen halves stay large).
    check_tiling(&adaptive_rule, n, (int64_t)1 << 59);
    check_tiling(&adaptive_rule, n, INT64_MAX);
    // fac2, tss, wf2, rand with a large minimum (or last) chunk; the fetch-add counters of wf2 and
    // rand may not overshoot near the top.
    check_tiling(&fac2_rule, n, (int64_t)1 << 56);
    check_tiling(&fac2_rule, n, INT64_MAX);
    check_tiling(&tss_rule, n, (int64_t)1 << 56);
    check_tiling(&tss_rule, n, INT64_MAX);
    check_tiling(&wf2_rule, n, (int64_t)1 << 56);
    check_tiling(&wf2_rule, n, INT64_MAX);
    check_tiling(&rand_rule, n, (int64_t)1 << 58);
    check_tiling(&rand_rule, n, INT64_MAX);
  }
  return atomic_load(&num_failed);
}
