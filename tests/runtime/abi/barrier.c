// __omp2numa_barrier, hand-lowered: no thread leaves phase p before every thread has arrived, and
// what a thread wrote before the barrier (plain stores) is what every thread reads after it; over
// many phases, oversubscribed (16 threads on 2 cores) and with every wait policy.  Outside a region
// the barrier is a no-op.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=active %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %o2n-run %t
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>

enum { MAX_THREADS = 64, PHASES = 1000 };

// #pragma omp parallel
// for (int phase = 0; phase < PHASES; phase++) {
//   arrived[phase]++; slot[tid] = phase;
//   #pragma omp barrier
//   check arrived[phase] == n and slot[t] == phase for every t
//   #pragma omp barrier
// }
struct ctx {
  atomic_int arrived[PHASES];
  int slot[MAX_THREADS]; // plain: ordered by the barriers alone
};

static void region(void *data)
{
  struct ctx *ctx = data;
  int tid = omp_get_thread_num(), n = omp_get_num_threads();
  for (int phase = 0; phase < PHASES; phase++) {
    atomic_fetch_add_explicit(&ctx->arrived[phase], 1, memory_order_relaxed);
    ctx->slot[tid] = phase;
    __omp2numa_barrier();
    int arrived = atomic_load_explicit(&ctx->arrived[phase], memory_order_relaxed);
    CHECK(arrived == n, "phase %d: thread %d left with %d of %d threads arrived", phase, tid,
          arrived, n);
    for (int t = 0; t < n; t++)
      CHECK(ctx->slot[t] == phase, "phase %d: thread %d reads slot %d = %d", phase, tid, t,
            ctx->slot[t]);
    // Nobody writes its slot for the next phase before everyone has read this one.
    __omp2numa_barrier();
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"barrier.c", __LINE__, 0, 0};
  static struct ctx ctx;
  int n = omp_get_max_threads();
  CHECK(n <= MAX_THREADS, "%d threads", n);

  // Null case: a barrier outside any region returns at once.
  __omp2numa_barrier();

  __omp2numa_parallel(&site, region, &ctx, 0, 1);
  for (int phase = 0; phase < PHASES; phase++)
    CHECK(atomic_load(&ctx.arrived[phase]) == n, "phase %d: %d arrivals of %d", phase,
          atomic_load(&ctx.arrived[phase]), n);
  return atomic_load(&num_failed);
}
