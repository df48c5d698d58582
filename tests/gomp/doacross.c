// Doacross loops of gcc -fopenmp code on libomp2numa: ordered(n) with depend(sink)/depend(source)
// under the schedule entry points gcc calls (GOMP_loop_doacross_static/dynamic/guided/
// runtime_start, the runtime one under OMP_SCHEDULE=adaptive too), long and unsigned long long
// indices (GOMP_doacross_ull_post/wait), collapse, a wavefront whose result needs the order, and a
// nest with a loop of 0 iterations, whose later trip counts gcc leaves uncomputed.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=adaptive %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ONE: == direct
// ONE-NEXT: runtime: omp2numa
// ONE-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>
#include <stdbool.h>
#include <string.h>

enum { N = 64, M = 48 };
static int a[N][M];

/* a[i][j] = a[i-1][j] + a[i][j-1] (1 on the borders): binomial coefficients, mod 2^31. */
static int expected(int i, int j)
{
  static int e[N][M];
  if (i == 0 && j == 0)
    for (int x = 0; x < N; x++)
      for (int y = 0; y < M; y++)
        e[x][y] = x == 0 || y == 0 ? 1 : (int)(((unsigned)e[x - 1][y] + e[x][y - 1]) & 0x7fffffff);
  return e[i][j];
}

static int check(const char *what)
{
  int bad = 0;
  expected(0, 0);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      bad += a[i][j] != expected(i, j);
  CHECK(bad == 0, "%s: %d wrong", what, bad);
  memset(a, 0, sizeof a);
  return bad;
}

#define CELL(i, j)                                                                               \
  a[i][j] = (i) == 0 || (j) == 0 ? 1 : (int)(((unsigned)a[(i) - 1][j] + a[i][(j) - 1]) & 0x7fffffff)

/* gcc leaves the trip counts after a loop of 0 iterations uncomputed (whatever the stack holds)
   and calls the start entry point all the same: called by hand here, as gcc does for such a
   nest, with counts that overflow if they are read. */
bool GOMP_loop_doacross_static_start(unsigned ncounts, long *counts, long chunk, long *istart,
                                     long *iend);
void GOMP_loop_end(void);

static int zero_trip(void)
{
  long garbage[2][3] = {{0, 0x7fffffffffffL, 0x7fffffffffffL}, {8, 0, 0x7fffffffffffL}};
  int got = 0;
  for (int t = 0; t < 2; t++) {
    long s, e;
    got += GOMP_loop_doacross_static_start(3, garbage[t], 0, &s, &e) && t == 0;
    GOMP_loop_end();
  }
  return got;
}

int main(void)
{
  print_runtime();
  expected(0, 0);
#pragma omp parallel
  {
#pragma omp for ordered(2) schedule(static)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
        CELL(i, j);
#pragma omp ordered depend(source)
      }
#pragma omp single
    check("static");
#pragma omp for ordered(2) schedule(dynamic, 3)
    for (long i = 0; i < N; i++)
      for (long j = M - 1; j >= 0; j--) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j + 1)
        a[i][M - 1 - j] = i == 0 || j == M - 1 ? 1
                          : (int)(((unsigned)a[i - 1][M - 1 - j] + a[i][M - 2 - j]) & 0x7fffffff);
#pragma omp ordered depend(source)
      }
#pragma omp single
    check("dynamic, decreasing inner loop");
    /* from 1: at 0, i - 1 would wrap around, which libgomp 12 waits for */
#pragma omp for ordered(2) schedule(guided)
    for (unsigned long long i = 1; i <= N; i++)
      for (unsigned long long j = 1; j <= M; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
        CELL(i - 1, j - 1);
#pragma omp ordered depend(source)
      }
#pragma omp single
    check("guided, unsigned long long");
#pragma omp for ordered(2) schedule(runtime)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
        CELL(i, j);
#pragma omp ordered depend(source)
      }
#pragma omp single
    check("runtime");
    /* collapse(2) of ordered(3): column j + k, its left neighbour is (i, j, 0) for k = 1 and
       (i, j - 2, 1) for k = 0 (a sink outside the loop, k + 1 = 2, is ignored) */
#pragma omp for ordered(3) collapse(2) schedule(dynamic)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j += 2)
        for (int k = 0; k < 2; k++) {
#pragma omp ordered depend(sink: i - 1, j, k) depend(sink: i, j, k - 1) depend(sink: i, j - 2, k + 1)
          CELL(i, j + k);
#pragma omp ordered depend(source)
        }
#pragma omp single
    check("collapse(2) of ordered(3)");
    CHECK(zero_trip() == 0, "a loop of 0 iterations gave a chunk");
  }
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
