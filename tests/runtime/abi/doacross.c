// __omp2numa_doacross_start/post/wait, hand-lowered: a 2-D wavefront whose point (i, j) waits
// for (i - 1, j), (i, j - 1) and (i - 1, j + 1) and then reads what they wrote, under static,
// static with a chunk, dynamic, guided, runtime and omp2numa's adaptive, fac2, tss and rand
// schedules; with the inner loop run sequentially in each distributed iteration (ordered(2)) and
// collapsed (ordered(2) collapse(2)); for grids of 0, 1 and more rows and columns.  Sinks outside
// the grid (the first row and column, the last column's (i - 1, j + 1)) are ignored.  Each value
// is a function of its three neighbours, so a read before the write shows in the result, which
// is compared with the serial sweep; each wait is also checked to see its sinks' posted marks.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=active OMP_SCHEDULE=dynamic,3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_SCHEDULE=adaptive %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing: the grid is a plain array, ordered only by
// the post/wait pairs.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

enum { MAX_N = 70, MAX_M = 40 };

struct grid_case {
  int kind;
  int64_t chunk; // 0: no chunk argument
  uint64_t n, m;
  int collapse;  // 1: ordered(2); 2: ordered(2) collapse(2)
};

struct ctx {
  const struct grid_case *c;
  unsigned a[MAX_N][MAX_M]; // plain: ordered by post and wait only
  atomic_int posted[MAX_N][MAX_M];
  atomic_int ran[MAX_N][MAX_M];
};

static unsigned mix(unsigned x, unsigned y) { return (x ^ (y * 2654435761u)) * 40503u + 1u; }

// Some work that depends on the point and the thread, so that threads reach it out of order.
static void spin(uint64_t i, uint64_t j, int tid)
{
  volatile unsigned x = 0;
  for (unsigned s = 0; s < (unsigned)((i * 7919 + j * 31 + (uint64_t)tid * 104729) % 150); s++)
    x += s;
}

// A neighbour's value, after the wait for its sink: it must have posted (outside the grid: 7).
static unsigned neighbour(struct ctx *ctx, int64_t i, int64_t j)
{
  if (i < 0 || j < 0 || (uint64_t)j >= ctx->c->m)
    return 7u;
  CHECK(atomic_load_explicit(&ctx->posted[i][j], memory_order_relaxed),
        "(%" PRId64 ", %" PRId64 ") read before its source", i, j);
  return ctx->a[i][j];
}

// The body of point (i, j): the sinks, the value, the source.
//   #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1) depend(sink: i - 1, j + 1)
//   a[i][j] = mix(mix(a[i - 1][j], a[i][j - 1]), a[i - 1][j + 1]);
//   #pragma omp ordered depend(source)
static void point(struct ctx *ctx, uint64_t iv[2], int tid)
{
  const int64_t i = (int64_t)iv[0], j = (int64_t)iv[1];
  spin(iv[0], iv[1], tid);
  atomic_fetch_add_explicit(&ctx->ran[i][j], 1, memory_order_relaxed);
  const int64_t sink1[] = {i - 1, j}, sink2[] = {i, j - 1}, sink3[] = {i - 1, j + 1};
  __omp2numa_doacross_wait(sink1);
  __omp2numa_doacross_wait(sink2);
  __omp2numa_doacross_wait(sink3);
  ctx->a[i][j] = mix(mix(neighbour(ctx, i - 1, j), neighbour(ctx, i, j - 1)),
                     neighbour(ctx, i - 1, j + 1));
  atomic_store_explicit(&ctx->posted[i][j], 1, memory_order_relaxed);
  __omp2numa_doacross_post(iv);
}

// #pragma omp parallel
// #pragma omp for ordered(2) [collapse(2)] schedule(<kind>[, chunk])
// for (i = 0; i < n; i++) for (j = 0; j < m; j++) point(i, j);
static void region(void *data)
{
  struct ctx *ctx = data;
  const struct grid_case *c = ctx->c;
  const int flags = __OMP2NUMA_LOOP_DOACROSS | (c->chunk > 0 ? __OMP2NUMA_LOOP_CHUNK : 0);
  struct __omp2numa_loop_site site = {"doacross.c", __LINE__, c->kind, flags, 0, 0};
  const uint64_t counts[] = {c->n, c->m};
  const uint64_t n = c->collapse == 2 ? c->n * c->m : c->n;
  const int tid = omp_get_thread_num();
  uint64_t lo, hi, iv[2];
  if (__omp2numa_doacross_start(&site, n, c->chunk, 0, 2, counts, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++) {
        if (c->collapse == 2) {
          iv[0] = k / c->m;
          iv[1] = k % c->m;
          point(ctx, iv, tid);
          continue;
        }
        iv[0] = k;
        for (uint64_t j = 0; j < c->m; j++) {
          iv[1] = j;
          point(ctx, iv, tid);
        }
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"doacross.c", __LINE__, 0, 0};
  static struct ctx ctx;
  static unsigned ref[MAX_N][MAX_M];
  const int kinds[][2] = {
      {__OMP2NUMA_SCHED_STATIC, 0},   {__OMP2NUMA_SCHED_STATIC, 1},
      {__OMP2NUMA_SCHED_STATIC, 3},   {__OMP2NUMA_SCHED_DYNAMIC, 0},
      {__OMP2NUMA_SCHED_DYNAMIC, 4},  {__OMP2NUMA_SCHED_GUIDED, 0},
      {__OMP2NUMA_SCHED_RUNTIME, 0},  {__OMP2NUMA_SCHED_DEFAULT, 0},
      {__OMP2NUMA_SCHED_ADAPTIVE, 0}, {__OMP2NUMA_SCHED_ADAPTIVE, 2},
      {__OMP2NUMA_SCHED_FAC2, 0},     {__OMP2NUMA_SCHED_TSS, 0},
      {__OMP2NUMA_SCHED_RAND, 0},
  };
  const uint64_t sizes[][2] = {{0, 5}, {5, 0}, {1, 1}, {1, 9}, {9, 1}, {MAX_N, 3}, {17, MAX_M}};
  for (unsigned ki = 0; ki < sizeof kinds / sizeof *kinds; ki++)
    for (unsigned si = 0; si < sizeof sizes / sizeof *sizes; si++)
      for (int collapse = 1; collapse <= 2; collapse++) {
        const struct grid_case c = {kinds[ki][0], kinds[ki][1], sizes[si][0], sizes[si][1],
                                    collapse};
        memset(&ctx, 0, sizeof ctx);
        ctx.c = &c;
        __omp2numa_parallel(&site, region, &ctx, 0, 1);
        for (uint64_t i = 0; i < c.n; i++)
          for (uint64_t j = 0; j < c.m; j++) {
            const unsigned up = i ? ref[i - 1][j] : 7u, left = j ? ref[i][j - 1] : 7u;
            const unsigned diag = i && j + 1 < c.m ? ref[i - 1][j + 1] : 7u;
            ref[i][j] = mix(mix(up, left), diag);
            CHECK(atomic_load(&ctx.ran[i][j]) == 1 && ctx.a[i][j] == ref[i][j],
                  "kind %d chunk %" PRId64 " %" PRIu64 "x%" PRIu64 " collapse %d: point (%"
                  PRIu64 ", %" PRIu64 ") ran %d times, value %u, expected %u", c.kind, c.chunk,
                  c.n, c.m, c.collapse, i, j, atomic_load(&ctx.ran[i][j]), ctx.a[i][j],
                  ref[i][j]);
          }
      }

  // Null case: an orphaned doacross loop, outside any region (a team of one).
  const struct grid_case c = {__OMP2NUMA_SCHED_DYNAMIC, 0, 4, 4, 1};
  memset(&ctx, 0, sizeof ctx);
  ctx.c = &c;
  region(&ctx);
  CHECK(atomic_load(&ctx.ran[3][3]) == 1, "orphaned: the last point did not run");
  return atomic_load(&num_failed);
}
