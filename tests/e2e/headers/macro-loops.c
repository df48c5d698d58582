// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.out
//
// Loops whose `for` header comes from a macro, as real code writes them (`#define FOR_ALL(i)
// for (i = 0; i < N; i++)`): the header is rebuilt from the AST (bounds printed, variables
// spelled as the construct sees them: a shared bound inside a region), the body is the file's;
// with collapse, a schedule, a reduction, and inside a parallel region; a _Pragma macro with the
// header macro.  Compared with gcc.
#include <omp.h>
#include <stdio.h>

#define N 200
#define FOR_ALL(i) for (i = 0; i < N; i++)
#define FOR_RANGE(i, lo, hi) for (int i = (lo); i < (hi); i += 2)
#define FOR_UPTO_LIMIT(i) for (i = 0; i < limit; i++)
#define PARALLEL_FOR_SUM _Pragma("omp parallel for reduction(+:sum)")

int main(void)
{
  static int a[N], b[N][N];
  int i, j;
  long sum = 0;
  int limit = N / 2;

#pragma omp parallel for
  FOR_ALL(i)
    a[i] = i * 3;

#pragma omp parallel for collapse(2) schedule(dynamic, 7)
  FOR_ALL(i)
    FOR_ALL(j)
      b[i][j] = i - j;

  PARALLEL_FOR_SUM
  FOR_RANGE(k, 10, N)
    sum += a[k];

  long inside = 0;
#pragma omp parallel shared(limit) reduction(+:inside)
  {
#pragma omp for
    FOR_UPTO_LIMIT(i)
      inside += a[i] + b[i][0];
  }

  long check = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      check += b[i][j];
  // CHECK: sum=29640 inside=19800 check=0
  printf("sum=%ld inside=%ld check=%ld\n", sum, inside, check);
  return 0;
}
