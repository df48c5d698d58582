// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror -Wno-unknown-pragmas %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
//
// OpenMP 5.1's loop transformations, unroll and tile, keep the set of a loop's iterations: they
// are dropped, alone or under a loop directive, which then shares out the original loop (or
// collapsed nest).  gcc 12 ignores them (-Wunknown-pragmas), so both builds print the same.

#include <stdio.h>
#include "Inputs/expect.h"

int main(void) {
  int a[64] = {0}, sum = 0, n = 64, s2 = 0;
#pragma omp unroll
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp parallel for reduction(+: sum)
#pragma omp unroll partial(4)
  for (int i = 0; i < n; i++)
    sum += a[i];
  EXPECT(sum == 2016);
#pragma omp parallel for collapse(2) reduction(+: s2)
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      s2 += i * j;
  EXPECT(s2 == 784);
#pragma omp unroll full
  for (int i = 0; i < 4; i++)
    a[i] = -a[i];
  EXPECT(a[3] == -3 && a[4] == 4);
  printf("%d %d %d\n", sum, s2, a[3]);
  return failures != 0;
}
