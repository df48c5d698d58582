// __omp2numa_masked and __omp2numa_flush, hand-lowered: master (masked with filter 0) and
// masked filter(t) select exactly thread t, a filter with no such thread selects nobody; flush is
// a full fence, enough for the classic flag/data message between two threads.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>

enum { MAX_THREADS = 64, MESSAGES = 2000 };

// #pragma omp parallel
// {
//   #pragma omp master
//   ran_master[tid]++;
//   for (int f = -1; f <= n; f++) {
//     #pragma omp masked filter(f)
//     ran_masked[f + 1][tid]++;
//   }
// }
struct ctx_masked {
  atomic_int ran_master[MAX_THREADS];
  atomic_int ran_masked[MAX_THREADS + 2][MAX_THREADS];
};

static void region_masked(void *data)
{
  struct ctx_masked *ctx = data;
  const int tid = omp_get_thread_num(), n = omp_get_num_threads();
  if (__omp2numa_masked(0))
    atomic_fetch_add(&ctx->ran_master[tid], 1);
  for (int f = -1; f <= n; f++)
    if (__omp2numa_masked(f))
      atomic_fetch_add(&ctx->ran_masked[f + 1][tid], 1);
}

// Message passing: thread 0 writes data, flushes, raises the flag; thread 1 waits for the flag,
// flushes, reads data.
// #pragma omp parallel num_threads(2)
// for (int m = 1; m <= MESSAGES; m++) {
//   if (tid == 0) { data = m; #pragma omp flush  flag = m; }
//   else { while (flag != m) ; #pragma omp flush  check data == m; }
//   #pragma omp barrier
// }
struct ctx_flush {
  int data; // plain: ordered by the fences
  atomic_int flag;
  atomic_int wrong;
};

static void region_flush(void *data)
{
  struct ctx_flush *ctx = data;
  const int tid = omp_get_thread_num();
  for (int m = 1; m <= MESSAGES; m++) {
    if (tid == 0) {
      ctx->data = m;
      __omp2numa_flush();
      atomic_store_explicit(&ctx->flag, m, memory_order_relaxed);
    } else if (tid == 1) {
      while (atomic_load_explicit(&ctx->flag, memory_order_relaxed) != m)
        ;
      __omp2numa_flush();
      if (ctx->data != m)
        atomic_fetch_add(&ctx->wrong, 1);
    }
    __omp2numa_barrier();
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"masked.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site2 = {"masked.c", __LINE__, 0,
                                                      __OMP2NUMA_REGION_NUM_THREADS};
  const int n = omp_get_max_threads();

  // Null cases: outside any region the calling thread is thread 0.
  CHECK(__omp2numa_masked(0) == 1 && __omp2numa_masked(1) == 0 && __omp2numa_masked(-1) == 0,
        "outside a region");
  __omp2numa_flush();

  static struct ctx_masked m;
  __omp2numa_parallel(&site, region_masked, &m, 0, 1);
  for (int t = 0; t < n; t++) {
    CHECK(atomic_load(&m.ran_master[t]) == (t == 0), "master ran %d times on thread %d",
          atomic_load(&m.ran_master[t]), t);
    for (int f = -1; f <= n; f++)
      CHECK(atomic_load(&m.ran_masked[f + 1][t]) == (f == t),
            "masked filter(%d) ran %d times on thread %d", f,
            atomic_load(&m.ran_masked[f + 1][t]), t);
  }

  static struct ctx_flush fl;
  __omp2numa_parallel(&site2, region_flush, &fl, 2, 1);
  CHECK(atomic_load(&fl.wrong) == 0, "%d messages read stale data", atomic_load(&fl.wrong));
  return atomic_load(&num_failed);
}
