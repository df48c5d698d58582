// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// A non-rectangular collapsed nest whose outer loop variables, declared before the loop, are
// also named in private(...) on a combined construct: an inner bound (k = i) reads the
// iteration's i.  It once read the original i instead (OpenMP_VV's
// test_target_teams_distribute_parallel_for_collapse.c: collapse(4) private(i, j, k, l)), so
// every row started at the original's value: a silently wrong trip count.
#include <stdio.h>

#include "Inputs/expect.h"

int main(void) {
  int i = 3, j = 1, k, cnt = 0;
#pragma omp parallel for collapse(2) private(i) reduction(+: cnt)
  for (i = 0; i < 6; i++)
    for (k = i; k < 6; k++)
      cnt++;
  EXPECT(cnt == 21);
  int cnt2 = 0;
#pragma omp teams distribute parallel for collapse(2) private(i, k) reduction(+: cnt2) num_teams(2)
  for (i = 0; i < 6; i++)
    for (k = 0; k < i; k++)
      cnt2++;
  EXPECT(cnt2 == 15);
  int cnt3 = 0;
#pragma omp parallel for simd collapse(3) private(i, j, k) reduction(+: cnt3)
  for (i = 0; i < 5; i++)
    for (j = i; j < 5; j++)
      for (k = j; k < 5; k++)
        cnt3++;
  EXPECT(cnt3 == 35);
  printf("%d %d %d\n", cnt, cnt2, cnt3);
  return failures != 0;
}
