// __omp2numa_ordered_start/end/iteration_end, hand-lowered: the ordered regions of a loop with the ordered
// clause run in exactly the serial order of their iterations, under static, static with a chunk,
// dynamic, guided, runtime and omp2numa's adaptive (work stealing from the back of ranges), fac2,
// tss and rand schedules, for trip counts 0, 1, around the team size and larger;
// including loops where some iterations execute no ordered region (every iteration ends with
// __omp2numa_ordered_iteration_end, as the translator emits) and with nowait.  Work outside the ordered region varies per
// iteration, so threads reach their turns out of order.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=active OMP_SCHEDULE=dynamic,3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_SCHEDULE=adaptive %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing: the log is a plain array.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

enum { MAX_N = 3000 };

struct loop_case {
  int kind;
  int64_t chunk; // 0: no chunk argument
  uint64_t n;
  int skip;      // iterations k with k % 3 == 1 have no ordered region
  int nowait;
};

struct ctx {
  const struct loop_case *c;
  uint64_t log[MAX_N]; // plain: written inside ordered regions only
  uint64_t nlog;
  atomic_int ran[MAX_N];
};

// Some work that depends on k and on the thread, so that turns are reached out of order.
static unsigned spin(uint64_t k, int tid)
{
  volatile unsigned x = 0;
  for (unsigned i = 0; i < (unsigned)((k * 7919 + (uint64_t)tid * 104729) % 200); i++)
    x += i;
  return x;
}

// #pragma omp parallel
// #pragma omp for ordered schedule(<kind>[, chunk]) [nowait]
// for (uint64_t k = 0; k < n; k++) {
//   spin(k);
//   if (!(skip && k % 3 == 1)) {
//     #pragma omp ordered
//     { log[nlog++] = k; }
//   }
// }
static void region(void *data)
{
  struct ctx *ctx = data;
  const struct loop_case *c = ctx->c;
  static struct __omp2numa_loop_site sites[] = {
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_STATIC,
       __OMP2NUMA_LOOP_ORDERED | __OMP2NUMA_LOOP_CHUNK, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
       __OMP2NUMA_LOOP_ORDERED | __OMP2NUMA_LOOP_CHUNK, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_GUIDED, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_GUIDED,
       __OMP2NUMA_LOOP_ORDERED | __OMP2NUMA_LOOP_CHUNK, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE,
       __OMP2NUMA_LOOP_ORDERED | __OMP2NUMA_LOOP_CHUNK, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_FAC2, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_TSS, __OMP2NUMA_LOOP_ORDERED, 0, 0},
      {"ordered.c", __LINE__, __OMP2NUMA_SCHED_RAND, __OMP2NUMA_LOOP_ORDERED, 0, 0},
  };
  struct __omp2numa_loop_site *site = NULL;
  for (unsigned i = 0; i < sizeof sites / sizeof *sites; i++)
    if (sites[i].kind == c->kind && !!(sites[i].flags & __OMP2NUMA_LOOP_CHUNK) == (c->chunk > 0))
      site = &sites[i];
  const int tid = omp_get_thread_num();
  uint64_t lo, hi, last = 0;
  int first = 1;
  if (__omp2numa_loop_start(site, c->n, c->chunk, 0, &lo, &hi)) do {
      // Each thread's chunks increase: the progress argument of ordered.c relies on it.
      CHECK(first || lo >= last, "thread %d got chunk [%" PRIu64 ", %" PRIu64 ") after %" PRIu64,
            tid, lo, hi, last);
      first = 0;
      last = hi;
      for (uint64_t k = lo; k < hi; __omp2numa_ordered_iteration_end(), k++) {
        spin(k, tid);
        atomic_fetch_add_explicit(&ctx->ran[k], 1, memory_order_relaxed);
        if (c->skip && k % 3 == 1)
          continue; // no ordered region in this iteration
        __omp2numa_ordered_start();
        ctx->log[ctx->nlog++] = k;
        __omp2numa_ordered_end();
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  if (c->nowait)
    __omp2numa_loop_end_nowait();
  else
    __omp2numa_loop_end();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"ordered.c", __LINE__, 0, 0};
  static struct ctx ctx;
  const int n = omp_get_max_threads();
  const int kinds[][2] = {
      {__OMP2NUMA_SCHED_STATIC, 0},  {__OMP2NUMA_SCHED_STATIC, 1},
      {__OMP2NUMA_SCHED_STATIC, 3},  {__OMP2NUMA_SCHED_DYNAMIC, 0},
      {__OMP2NUMA_SCHED_DYNAMIC, 4}, {__OMP2NUMA_SCHED_GUIDED, 0},
      {__OMP2NUMA_SCHED_GUIDED, 2},  {__OMP2NUMA_SCHED_RUNTIME, 0},
      {__OMP2NUMA_SCHED_DEFAULT, 0},  {__OMP2NUMA_SCHED_ADAPTIVE, 0},
      {__OMP2NUMA_SCHED_ADAPTIVE, 3}, {__OMP2NUMA_SCHED_FAC2, 0},
      {__OMP2NUMA_SCHED_TSS, 0},      {__OMP2NUMA_SCHED_RAND, 0},
  };
  const uint64_t sizes[] = {0, 1, (uint64_t)n - 1, (uint64_t)n, (uint64_t)n + 1, 100, MAX_N};
  int cases = 0;
  for (unsigned ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
    for (unsigned si = 0; si < sizeof sizes / sizeof *sizes; si++)
      for (int skip = 0; skip < 2; skip++) {
        const struct loop_case c = {kinds[ki][0], kinds[ki][1], sizes[si], skip,
                                    (cases++ % 3) == 0};
        memset(&ctx, 0, sizeof ctx);
        ctx.c = &c;
        __omp2numa_parallel(&site, region, &ctx, 0, 1);
        uint64_t expected = 0;
        for (uint64_t k = 0; k < c.n; k++) {
          CHECK(atomic_load(&ctx.ran[k]) == 1, "kind %d chunk %" PRId64 " n %" PRIu64
                ": iteration %" PRIu64 " ran %d times", c.kind, c.chunk, c.n, k,
                atomic_load(&ctx.ran[k]));
          if (c.skip && k % 3 == 1)
            continue;
          CHECK(expected < ctx.nlog && ctx.log[expected] == k, "kind %d chunk %" PRId64
                " n %" PRIu64 " skip %d: ordered region %" PRIu64 " is iteration %" PRIu64
                ", expected %" PRIu64, c.kind, c.chunk, c.n, c.skip, expected,
                expected < ctx.nlog ? ctx.log[expected] : UINT64_MAX, k);
          expected++;
        }
        CHECK(ctx.nlog == expected, "%" PRIu64 " ordered regions, expected %" PRIu64, ctx.nlog,
              expected);
      }

  // Null case: an orphaned ordered loop, outside any region.
  const struct loop_case c = {__OMP2NUMA_SCHED_DYNAMIC, 0, 10, 0, 0};
  memset(&ctx, 0, sizeof ctx);
  ctx.c = &c;
  region(&ctx);
  CHECK(ctx.nlog == 10 && ctx.log[9] == 9, "orphaned: %" PRIu64 " regions", ctx.nlog);
  return atomic_load(&num_failed);
}
