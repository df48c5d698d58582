// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP_SCHEDULE=tss %o2n-run %t
//
// OpenMP 5.2's spelling of doacross dependences, doacross(sink: ...) and doacross(source:) (also
// with omp_cur_iteration), which gcc 12 does not take: a running maximum over a 2-D grid in
// which (i, j) waits for (i - 1, j) and (i, j - 1), under schedule(runtime).  The result is
// compared with the serial loop.

#include <stdio.h>

#define N 50
#define M 21

static long a[N][M], ref[N][M];

static long f(long up, long left, int i, int j) { return (up > left ? up : left) + (i ^ j) % 5; }

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = ref[i][j] = (i * 31 + j * 17) % 11;
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      ref[i][j] = f(ref[i - 1][j], ref[i][j - 1], i, j);
#pragma omp parallel for ordered(2) schedule(runtime)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
#pragma omp ordered doacross(sink: i - 1, j) doacross(sink: i, j - 1)
      a[i][j] = f(a[i - 1][j], a[i][j - 1], i, j);
      if (j % 2) {
#pragma omp ordered doacross(source: omp_cur_iteration)
      } else {
#pragma omp ordered doacross(source:)
      }
    }
  int wrong = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      wrong += a[i][j] != ref[i][j];
  printf("%s\n", wrong ? "FAILED" : "PASSED");
  return wrong != 0;
}
