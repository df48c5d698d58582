// gcc -fopenmp worksharing loops on libomp2numa: every schedule of libgomp's loop entry points
// (static, dynamic, guided, runtime, their monotonic/nonmonotonic forms, ordered), over long and
// unsigned long long (GOMP_loop_ull_*), counting up and down, steps other than 1, zero-trip
// loops, collapse, nowait and combined parallel loops; each iteration must run exactly once,
// ordered regions in order.  The runtime schedule runs every kind OMP_SCHEDULE can name,
// libomp2numa's own among them.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=adaptive %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=fac2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=5 OMP_SCHEDULE=tss %gomp-ways %s %t preload | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=rand,3 %gomp-ways %s %t libdir | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=monotonic:dynamic,7 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=guided %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=ONE
// CHECK: == direct
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: ok
// ONE: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <string.h>

enum { N = 1000 };
static int hits[N + 1];
// Bounds gcc cannot see, so that it calls the unsigned long long entry points.
static volatile unsigned long long ull_one = 1, ull_n = N;

static void reset(void)
{
  memset(hits, 0, sizeof hits);
}

// Every index in [0, N) with (i - first) % step == 0 ran once, the others never.
static void expect(const char *what, long first, long step)
{
  for (long i = 0; i < N; i++) {
    const int want = (i - first) % step == 0 && i >= first;
    CHECK(hits[i] == want, "%s: index %ld ran %d times", what, i, hits[i]);
    if (hits[i] != want)
      return;
  }
}

#define LOOP_LONG(sched)                                                                         \
  do {                                                                                           \
    reset();                                                                                     \
    _Pragma("omp parallel") {                                                                    \
      _Pragma(sched) for (long i = 3; i < N; i += 3)                                             \
      {                                                                                          \
        _Pragma("omp atomic") hits[i]++;                                                         \
      }                                                                                          \
    }                                                                                            \
    expect(sched, 3, 3);                                                                         \
    reset();                                                                                     \
    _Pragma("omp parallel") {                                                                    \
      _Pragma(sched) for (long i = N - 1; i >= 2; i -= 2)                                        \
      {                                                                                          \
        _Pragma("omp atomic") hits[i]++;                                                         \
      }                                                                                          \
    }                                                                                            \
    expect(sched " down", 3, 2);                                                                 \
    reset();                                                                                     \
    _Pragma("omp parallel") {                                                                    \
      _Pragma(sched) for (unsigned long long u = ull_one; u < ull_n; u++)                        \
      {                                                                                          \
        _Pragma("omp atomic") hits[u]++;                                                         \
      }                                                                                          \
    }                                                                                            \
    expect(sched " ull", 1, 1);                                                                  \
    reset();                                                                                     \
    _Pragma("omp parallel") {                                                                    \
      _Pragma(sched) for (unsigned long long u = ull_n - 1; u > 4; u -= 5)                       \
      {                                                                                          \
        _Pragma("omp atomic") hits[u]++;                                                         \
      }                                                                                          \
    }                                                                                            \
    expect(sched " ull down", 9, 5);                                                             \
    int zero = 0;                                                                                \
    _Pragma("omp parallel") {                                                                    \
      _Pragma(sched) for (long i = 10; i < 5; i++)                                               \
      {                                                                                          \
        _Pragma("omp atomic") zero++;                                                            \
      }                                                                                          \
    }                                                                                            \
    CHECK(zero == 0, "%s: zero-trip loop ran %d iterations", sched, zero);                       \
  } while (0)

static void schedules(void)
{
  LOOP_LONG("omp for schedule(static)");
  LOOP_LONG("omp for schedule(static, 7)");
  LOOP_LONG("omp for schedule(dynamic)");
  LOOP_LONG("omp for schedule(dynamic, 5)");
  LOOP_LONG("omp for schedule(monotonic: dynamic, 5)");
  LOOP_LONG("omp for schedule(guided)");
  LOOP_LONG("omp for schedule(monotonic: guided, 3)");
  LOOP_LONG("omp for schedule(runtime)");
  LOOP_LONG("omp for schedule(monotonic: runtime)");
  LOOP_LONG("omp for schedule(nonmonotonic: runtime)");
  LOOP_LONG("omp for schedule(auto)");
  LOOP_LONG("omp for schedule(dynamic) nowait");
  LOOP_LONG("omp for schedule(static, 2) ordered");
  LOOP_LONG("omp for schedule(dynamic, 3) ordered");
  LOOP_LONG("omp for schedule(guided) ordered");
  LOOP_LONG("omp for schedule(runtime) ordered");
}

#define PARALLEL_LOOP(sched)                                                                     \
  do {                                                                                           \
    reset();                                                                                     \
    _Pragma(sched) for (long i = 5; i < N; i += 5)                                               \
    {                                                                                            \
      _Pragma("omp atomic") hits[i]++;                                                           \
    }                                                                                            \
    expect(sched, 5, 5);                                                                         \
  } while (0)

static void parallel_loops(void)
{
  PARALLEL_LOOP("omp parallel for schedule(static, 4)");
  PARALLEL_LOOP("omp parallel for schedule(dynamic, 2)");
  PARALLEL_LOOP("omp parallel for schedule(monotonic: dynamic)");
  PARALLEL_LOOP("omp parallel for schedule(guided, 2)");
  PARALLEL_LOOP("omp parallel for schedule(monotonic: guided)");
  PARALLEL_LOOP("omp parallel for schedule(runtime)");
  PARALLEL_LOOP("omp parallel for schedule(monotonic: runtime)");
  PARALLEL_LOOP("omp parallel for schedule(nonmonotonic: runtime)");
  PARALLEL_LOOP("omp parallel for schedule(dynamic) num_threads(2)");
}

// Ordered regions run in iteration order, whatever the schedule hands out.
#define ORDERED(sched)                                                                           \
  do {                                                                                           \
    long seq[N], k = 0;                                                                          \
    _Pragma(sched) for (long i = 0; i < N; i++)                                                  \
    {                                                                                            \
      volatile long work = i % 7 == 0 ? 2000 : 0;                                                \
      while (work > 0)                                                                           \
        work--;                                                                                  \
      if (i % 3 != 1) {                                                                          \
        _Pragma("omp ordered") seq[k++] = i;                                                     \
      }                                                                                          \
    }                                                                                            \
    long want = 0;                                                                               \
    for (long j = 0; j < k; j++, want++) {                                                       \
      if (want % 3 == 1)                                                                         \
        want++;                                                                                  \
      CHECK(seq[j] == want, "%s: ordered region %ld was iteration %ld", sched, j, seq[j]);       \
      if (seq[j] != want)                                                                        \
        break;                                                                                   \
    }                                                                                            \
    CHECK(k == N - N / 3, "%s: %ld ordered regions", sched, k);                                  \
  } while (0)

static void ordered(void)
{
  ORDERED("omp parallel for ordered schedule(static)");
  ORDERED("omp parallel for ordered schedule(static, 3)");
  ORDERED("omp parallel for ordered schedule(dynamic)");
  ORDERED("omp parallel for ordered schedule(dynamic, 4)");
  ORDERED("omp parallel for ordered schedule(guided)");
  ORDERED("omp parallel for ordered schedule(runtime)");
  ORDERED("omp parallel for ordered schedule(static) collapse(1)");
  unsigned long long useq[64], uk = 0;
#pragma omp parallel for ordered schedule(dynamic, 2)
  for (unsigned long long u = 0; u < 64; u++) {
#pragma omp ordered
    useq[uk++] = u;
  }
  for (unsigned long long u = 0; u < 64; u++)
    CHECK(useq[u] == u, "ull ordered: region %llu was %llu", u, useq[u]);
}

static void collapse_and_lastprivate(void)
{
  enum { R = 37, C = 23 };
  static int grid[R][C];
  memset(grid, 0, sizeof grid);
  long last = -1;
#pragma omp parallel for collapse(2) schedule(runtime) lastprivate(last)
  for (int r = 0; r < R; r++)
    for (long c = 0; c < C; c++) {
      grid[r][c]++;
      last = r * 100 + c;
    }
  int bad = 0;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      bad += grid[r][c] != 1;
  CHECK(bad == 0 && last == (R - 1) * 100 + C - 1, "collapse(2): %d wrong, last %ld", bad, last);
  // A range beyond long, with bounds gcc cannot see (GOMP_loop_ull_*).
  volatile unsigned long long lo = 0x1000000000000000ull, hi = 0xF000000000000000ull;
  unsigned long long count = 0, sum = 0;
#pragma omp parallel for schedule(dynamic, 1) reduction(+ : count, sum)
  for (unsigned long long u = lo; u < hi; u += 0x1000000000000000ull) {
    count++;
    sum += u >> 60;
  }
  CHECK(count == 14 && sum == 105, "ull range: %llu iterations, sum %llu", count, sum);
  long neg = 0;
#pragma omp parallel for schedule(guided) reduction(+ : neg)
  for (long i = -500; i < 500; i += 7)
    neg += i;
  long want = 0;
  for (long i = -500; i < 500; i += 7)
    want += i;
  CHECK(neg == want, "negative start: %ld, want %ld", neg, want);
}

int main(void)
{
  for (int rep = 0; rep < 2; rep++) {
    schedules();
    parallel_loops();
    ordered();
    collapse_and_lastprivate();
  }
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
