// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,2 %o2n-run %t
//
// OpenMP 5.2: an `ordered` clause without argument on a loop around a stand-alone
// `ordered doacross(...)` (or depend(sink/source)) makes a doacross nest of the collapsed loops,
// ordered(collapse), as gcc 13 takes it: a 1-D recurrence under `for ordered` and a 2-D one under
// `for collapse(2) ordered`, each compared with the serial loop.

#include <stdio.h>

#define N 200
#define M 17

static long x[N], xref[N];
static long a[N][M], ref[N][M];

static long g(long prev, int i) { return prev * 3 % 1000003 + i; }
static long f(long up, long left, int i, int j) { return (up > left ? up : left) + (i ^ j) % 5; }

int main(void)
{
  x[0] = xref[0] = 1;
  for (int i = 1; i < N; i++)
    xref[i] = g(xref[i - 1], i);
#pragma omp parallel for ordered schedule(runtime)
  for (int i = 1; i < N; i++) {
#pragma omp ordered doacross(sink: i - 1)
    x[i] = g(x[i - 1], i);
#pragma omp ordered depend(source)
  }

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = ref[i][j] = (i * 31 + j * 17) % 11;
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      ref[i][j] = f(ref[i - 1][j], ref[i][j - 1], i, j);
#pragma omp parallel for collapse(2) ordered schedule(runtime)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
#pragma omp ordered doacross(sink: i - 1, j) doacross(sink: i, j - 1)
      a[i][j] = f(a[i - 1][j], a[i][j - 1], i, j);
#pragma omp ordered doacross(source: omp_cur_iteration)
    }

  int wrong = 0;
  for (int i = 0; i < N; i++) {
    wrong += x[i] != xref[i];
    for (int j = 0; j < M; j++)
      wrong += a[i][j] != ref[i][j];
  }
  printf("%s\n", wrong ? "FAILED" : "PASSED");
  return wrong != 0;
}
