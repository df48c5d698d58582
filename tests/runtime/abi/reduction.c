// __omp2numa_reduce, hand-lowered: partials are combined in thread order 0..n-1, so a static
// loop's floating-point sum is bitwise the same on every run, and equal to the sum a sequential
// program computes in that order; integer max as a second operator; whichever thread arrives
// last (it combines), reductions back to back, each thread seeing the result when it returns
// from its reduction and its partial going out of scope then; a team of one; and a reduction
// outside any region.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
//
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"
#include "Inputs/static-order-sum.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

enum { N = 100003, RUNS = 20 };

static double a[N];

// double sum = 0.0; int top = INT_MIN;
// #pragma omp parallel for reduction(+:sum) reduction(max:top)
// for (int i = 0; i < N; i++) { sum += a[i]; if ((int)(i % 977) > top) top = i % 977; }
struct ctx {
  double *sum;
  int *top;
};

struct partial {
  double sum;
  int top;
};

static void combine(void *shared, void *data)
{
  struct ctx *ctx = shared;
  struct partial *partial = data;
  *ctx->sum += partial->sum;
  if (partial->top > *ctx->top)
    *ctx->top = partial->top;
}

static void region(void *data)
{
  static struct __omp2numa_loop_site loop = {"reduction.c", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                             0, 0, 0};
  struct partial partial = {0.0, -1};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&loop, N, 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; ++k) {
        partial.sum += a[k];
        if ((int)(k % 977) > partial.top)
          partial.top = (int)(k % 977);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end_nowait();
  __omp2numa_reduce(&partial, combine, data);
}

static double reduce_once(int *top)
{
  static const struct __omp2numa_region_site site = {"reduction.c", __LINE__, 0, 0};
  double sum = 0.0;
  *top = -1;
  struct ctx ctx = {&sum, top};
  __omp2numa_parallel(&site, region, &ctx, 0, 1);
  return sum;
}

// Arrival orders.  A combine that is not commutative shows the order it ran in.
//
// #pragma omp parallel
// for (int r = 0; r < ROUNDS; r++) {
//   delay((omp_get_thread_num() + r) % omp_get_num_threads());   (each thread arrives last once)
//   #pragma omp for reduction(fold:h) nowait ... h = tid + 1 + r
//   check h against the fold in thread order; then overwrite the stack the partial was on
// }
enum { ROUNDS = 24 };

static void fold(void *shared, void *data)
{
  uint64_t *h = shared;
  *h = *h * 1000003u + *(uint64_t *)data;
}

static uint64_t folded(int nthreads, int round)
{
  uint64_t h = 0;
  for (int t = 0; t < nthreads; t++)
    h = h * 1000003u + (uint64_t)(t + 1 + round);
  return h;
}

// Leaves room for a thread's partial to be overwritten once its reduction has returned.
static __attribute__((noinline)) void clobber_stack(void)
{
  volatile unsigned char junk[256];
  memset((void *)junk, 0xa5, sizeof junk);
}

static __attribute__((noinline)) void reduce_round(uint64_t *h, int round)
{
  uint64_t partial = (uint64_t)omp_get_thread_num() + 1 + (uint64_t)round;
  __omp2numa_reduce(&partial, fold, h);
}

static void orders_region(void *data)
{
  uint64_t *results = data;
  const int tid = omp_get_thread_num(), n = omp_get_num_threads();
  for (int r = 0; r < ROUNDS; r++) {
    const struct timespec delay = {0, 200000L * ((tid + r) % n)};
    nanosleep(&delay, NULL);
    reduce_round(&results[r], r);
    CHECK(results[r] == folded(n, r), "round %d, thread %d of %d: %#llx, expected %#llx", r,
          tid, n, (unsigned long long)results[r], (unsigned long long)folded(n, r));
    clobber_stack();
  }
}

static void arrival_orders(void)
{
  static const struct __omp2numa_region_site site = {"reduction.c", __LINE__, 0, 0};
  uint64_t results[ROUNDS] = {0};
  __omp2numa_parallel(&site, orders_region, results, 0, 1);
}

int main(void)
{
  // Terms of very different magnitudes, so that the order of additions shows in the result.
  for (int i = 0; i < N; i++)
    a[i] = (i % 3 == 0 ? 1e10 : 1.0) / (double)(i + 1) * (i % 2 ? 1 : -1);

  int nthreads = omp_get_max_threads(), top;
  const double expected = static_order_sum(a, N, nthreads);
  for (int run = 0; run < RUNS; run++) {
    double sum = reduce_once(&top);
    CHECK(memcmp(&sum, &expected, sizeof sum) == 0, "run %d: sum %.17g, expected %.17g", run,
          sum, expected);
    CHECK(top == 976, "run %d: max %d", run, top);
  }

  arrival_orders();

  // Null case: a team of one, and an orphaned reduction outside any region.
  struct partial partial = {2.5, 7};
  double sum = 1.0;
  top = 3;
  struct ctx ctx = {&sum, &top};
  __omp2numa_reduce(&partial, combine, &ctx);
  CHECK(sum == 3.5 && top == 7, "outside a region: sum %g, max %d", sum, top);
  return atomic_load(&num_failed);
}
