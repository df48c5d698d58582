// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// A taskloop whose loop variables, declared before the loop, are also named in private(...)
// (OpenMP allows it): the task's private copy is the loop variable.  The translation declared it
// twice and did not compile.
#include <stdio.h>

#include "Inputs/expect.h"

int main(void) {
  int a[6] = {0}, b[4][5] = {{0}}, i, k, s = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskloop private(i) shared(a)
    for (i = 0; i < 6; i++)
      a[i] += 1;
#pragma omp taskloop simd private(i)
    for (i = 0; i < 6; i++)
      a[i] += 2;
#pragma omp taskloop collapse(2) private(i, k)
    for (i = 0; i < 4; i++)
      for (k = 0; k < 5; k++)
        b[i][k] = i + k;
  }
#pragma omp parallel master taskloop private(i) num_threads(2)
  for (i = 0; i < 6; i++)
    a[i] += 4;
  for (int j = 0; j < 6; j++)
    s += a[j];
  EXPECT(s == 42 && b[3][4] == 7);
  printf("%d %d\n", s, b[3][4]);
  return failures != 0;
}
