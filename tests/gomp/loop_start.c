// libgomp's OpenMP 5.0 loop entry points, hand-lowered as gcc lowers loops that also need task
// reductions or lastprivate(conditional:) (those arguments are part 2's): GOMP_loop_start,
// GOMP_loop_ordered_start, GOMP_loop_ull_start with libgomp's schedule kinds (runtime, static,
// dynamic, guided, auto, with and without the monotonic bit), istart NULL (the construct only:
// gcc computes a static schedule itself).  The runtime kind reads OMP_SCHEDULE: adaptive here,
// which OMP2NUMA_STATS shows.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=adaptive OMP2NUMA_STATS=1 %gomp-ways %s %t direct > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --input-file=%t.err --check-prefix=STATS
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t preload libdir | FileCheck %s --check-prefix=WAYS
// CHECK: ok
// STATS: loop {{.*}}: schedule adaptive,
// WAYS: == preload
// WAYS-NEXT: ok
// WAYS-NEXT: == libdir
// WAYS-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <stdbool.h>
#include <stdint.h>

bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk, long *istart,
                     long *iend, uintptr_t *reductions, void **mem);
bool GOMP_loop_ordered_start(long start, long end, long incr, long sched, long chunk,
                             long *istart, long *iend, uintptr_t *reductions, void **mem);
bool GOMP_loop_ull_start(bool up, unsigned long long start, unsigned long long end,
                         unsigned long long incr, long sched, unsigned long long chunk,
                         unsigned long long *istart, unsigned long long *iend,
                         uintptr_t *reductions, void **mem);
bool GOMP_loop_runtime_next(long *istart, long *iend);
bool GOMP_loop_ordered_runtime_next(long *istart, long *iend);
bool GOMP_loop_ull_runtime_next(unsigned long long *istart, unsigned long long *iend);
void GOMP_loop_end(void);
void GOMP_loop_end_nowait(void);
void GOMP_ordered_start(void);
void GOMP_ordered_end(void);

enum { N = 300 };
#define MONOTONIC 0x80000000L // libgomp's GFS_MONOTONIC, as gcc passes it
static int hits[N];

static void expect(const char *what, int times)
{
  for (int i = 0; i < N; i++)
    if (hits[i] != times) {
      CHECK(0, "%s: iteration %d ran %d times, not %d", what, i, hits[i], times);
      return;
    }
}

int main(void)
{
  static const long scheds[] = {0, 1, 2, 3, 4, 2 | MONOTONIC, 3 | MONOTONIC, 0 | MONOTONIC};
  const int nsched = sizeof scheds / sizeof *scheds;
  for (int k = 0; k < nsched; k++) {
#pragma omp parallel
    {
      long lo, hi;
      // for (long i = N - 1; i >= 0; i--) hits[i]++;  (the next calls are the runtime ones,
      // as gcc emits them after GOMP_loop_start)
      if (GOMP_loop_start(N - 1, -1, -1, scheds[k], k % 3, &lo, &hi, NULL, NULL))
        do
          for (long i = lo; i > hi; i--)
#pragma omp atomic
            hits[i]++;
        while (GOMP_loop_runtime_next(&lo, &hi));
      GOMP_loop_end();
    }
  }
  expect("GOMP_loop_start", nsched);

  // The construct only: istart NULL, a static schedule computed by the caller.
#pragma omp parallel
  {
    CHECK(GOMP_loop_start(0, N, 1, 1, 0, NULL, NULL, NULL, NULL), "istart NULL returned false");
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = t; i < N; i += nt)
      hits[i]++;
    GOMP_loop_end_nowait();
  }
  expect("istart NULL", nsched + 1);

  int seq[N], n = 0;
#pragma omp parallel
  {
    long lo, hi;
    if (GOMP_loop_ordered_start(0, N, 1, 2, 3, &lo, &hi, NULL, NULL))
      do
        for (long i = lo; i < hi; i++) {
          GOMP_ordered_start();
          seq[n++] = (int)i;
          GOMP_ordered_end();
        }
      while (GOMP_loop_ordered_runtime_next(&lo, &hi));
    GOMP_loop_end();
  }
  for (int i = 0; i < N; i++)
    CHECK(seq[i] == i, "ordered: region %d ran iteration %d", i, seq[i]);

  unsigned long long sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
    unsigned long long lo, hi;
    // for (unsigned long long u = 2^63 + 10; u > 2^63 - 10; u -= 1) sum += u - 2^63 + 10;
    const unsigned long long base = 1ull << 63;
    if (GOMP_loop_ull_start(false, base + 10, base - 10, -1ull, 0, 1, &lo, &hi, NULL, NULL))
      do
        for (unsigned long long u = lo; u > hi; u--)
          sum += u - base + 10;
      while (GOMP_loop_ull_runtime_next(&lo, &hi));
    GOMP_loop_end_nowait();
  }
  CHECK(sum == 210, "ull: sum %llu", sum);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
