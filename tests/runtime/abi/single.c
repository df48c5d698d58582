// __omp2numa_single_start and __omp2numa_single_copy_start/end, hand-lowered: each single
// construct runs its block on exactly one thread; singles and loops share the per-team construct
// counter, so long chains of nowait singles and nowait loops (longer than the work-share ring,
// with one thread lagging so that the others run ahead) stay matched construct by construct;
// after a single without nowait every thread sees the block's writes; copyprivate values reach
// every thread of the team.  Outside a region, the calling thread executes every single.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=active %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing: copyprivate data and the block's writes are
// plain variables.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 64, CONSTRUCTS = 40, LOOP_N = 97, COPIES = 200 };

static void lag(void)
{
  struct timespec pause = {0, 200000};
  nanosleep(&pause, NULL);
}

// #pragma omp parallel
// for (int c = 0; c < CONSTRUCTS; c++) {
//   if (omp_get_thread_num() == lagging) lag();
//   #pragma omp single nowait
//   { executed[c]++; winner[c] = omp_get_thread_num(); }
//   #pragma omp for schedule(dynamic) nowait
//   for (int k = 0; k < LOOP_N; k++) hits[c][k]++;
//   if (c % 10 == 9) {
//     #pragma omp single
//     { published[c] = c + 1; }
//     check published[c] == c + 1
//   }
// }
struct ctx_chain {
  int lagging;
  atomic_int executed[CONSTRUCTS];
  atomic_int hits[CONSTRUCTS][LOOP_N];
  int published[CONSTRUCTS]; // plain: the single's barrier publishes it
};

static void region_chain(void *data)
{
  struct ctx_chain *ctx = data;
  static struct __omp2numa_loop_site loop = {"single.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                             __OMP2NUMA_LOOP_NOWAIT, 0, 0};
  for (int c = 0; c < CONSTRUCTS; c++) {
    if (omp_get_thread_num() == ctx->lagging)
      lag();
    if (__omp2numa_single_start()) {
      atomic_fetch_add(&ctx->executed[c], 1);
      __omp2numa_single_end();
    }
    uint64_t lo, hi;
    if (__omp2numa_loop_start(&loop, LOOP_N, 0, 0, &lo, &hi)) do {
        for (uint64_t k = lo; k < hi; k++)
          atomic_fetch_add_explicit(&ctx->hits[c][k], 1, memory_order_relaxed);
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end_nowait();
    if (c % 10 == 9) {
      if (__omp2numa_single_start()) {
        ctx->published[c] = c + 1;
        __omp2numa_single_end();
      }
      __omp2numa_barrier();
      CHECK(ctx->published[c] == c + 1, "construct %d: after the single's barrier thread %d "
            "reads %d", c, omp_get_thread_num(), ctx->published[c]);
    }
  }
}

static void chain(int lagging)
{
  static const struct __omp2numa_region_site site = {"single.c", __LINE__, 0, 0};
  static struct ctx_chain ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.lagging = lagging;
  __omp2numa_parallel(&site, region_chain, &ctx, 0, 1);
  for (int c = 0; c < CONSTRUCTS; c++) {
    CHECK(atomic_load(&ctx.executed[c]) == 1, "lagging %d: single %d executed %d times",
          lagging, c, atomic_load(&ctx.executed[c]));
    for (int k = 0; k < LOOP_N; k++)
      CHECK(atomic_load(&ctx.hits[c][k]) == 1, "lagging %d: loop %d iteration %d ran %d times",
            lagging, c, k, atomic_load(&ctx.hits[c][k]));
  }
}

// copyprivate, as the translator lowers it:
// #pragma omp parallel
// for (int c = 0; c < COPIES; c++) {
//   int x; double y[3];
//   #pragma omp single copyprivate(x, y)
//   { x = c * 100 + omp_get_thread_num(); y = {c, -c, 0.5}; ran[c]++; }
//   seen_x[tid] = x; check y
// }
struct copy_9 {
  int *x;
  double (*y)[3];
};

struct ctx_copy {
  atomic_int ran[COPIES];
  int winner_x[COPIES];
  int seen_x[COPIES][MAX_THREADS];
};

static void region_copy(void *data)
{
  struct ctx_copy *ctx = data;
  const int tid = omp_get_thread_num();
  for (int c = 0; c < COPIES; c++) {
    if (c % 50 == 0 && tid == omp_get_num_threads() - 1)
      lag();
    int x = -1;
    double y[3] = {0, 0, 0};
    struct copy_9 *src = __omp2numa_single_copy_start();
    if (!src) {
      x = c * 100 + tid;
      y[0] = c, y[1] = -c, y[2] = 0.5;
      atomic_fetch_add(&ctx->ran[c], 1);
      ctx->winner_x[c] = x;
      struct copy_9 mine = {&x, &y};
      __omp2numa_single_copy_end(&mine);
    } else {
      x = *src->x;
      for (int i = 0; i < 3; i++)
        y[i] = (*src->y)[i];
      __omp2numa_barrier();
    }
    ctx->seen_x[c][tid] = x;
    CHECK(y[0] == c && y[1] == -c && y[2] == 0.5, "copy %d: thread %d got y = {%g, %g, %g}", c,
          tid, y[0], y[1], y[2]);
  }
}

static void copy(void)
{
  static const struct __omp2numa_region_site site = {"single.c", __LINE__, 0, 0};
  static struct ctx_copy ctx;
  const int n = omp_get_max_threads();
  __omp2numa_parallel(&site, region_copy, &ctx, 0, 1);
  for (int c = 0; c < COPIES; c++) {
    CHECK(atomic_load(&ctx.ran[c]) == 1, "copy %d: block ran %d times", c,
          atomic_load(&ctx.ran[c]));
    for (int t = 0; t < n; t++)
      CHECK(ctx.seen_x[c][t] == ctx.winner_x[c], "copy %d: thread %d has x = %d, expected %d",
            c, t, ctx.seen_x[c][t], ctx.winner_x[c]);
  }
}

int main(void)
{
  const int n = omp_get_max_threads();
  CHECK(n <= MAX_THREADS, "%d threads", n);

  // Null cases: outside any region the only thread executes every single.
  for (int i = 0; i < 20; i++) {
    CHECK(__omp2numa_single_start() == 1, "orphaned single %d not executed", i);
    __omp2numa_single_end();
  }
  int x = 0;
  struct copy_9 *src = __omp2numa_single_copy_start();
  CHECK(src == NULL, "orphaned copyprivate single not executed");
  if (!src) {
    x = 7;
    struct copy_9 mine = {&x, NULL};
    __omp2numa_single_copy_end(&mine);
  }
  CHECK(x == 7, "x = %d", x);

  chain(-1);
  chain(0);
  chain(n - 1);
  copy();
  return atomic_load(&num_failed);
}
