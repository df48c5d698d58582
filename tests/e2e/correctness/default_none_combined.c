// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// default(none) on a combined construct counts every clause of it, also those that go to an
// inner part when it is split (private to distribute, reduction to the loop): OpenMP_VV's
// test_target_teams_distribute_default_none.c, rejected once because private(p) went to the
// distribute part while default(none) stayed with teams.
#include <stdio.h>

#include "Inputs/expect.h"

enum { N = 64 };

int main(void) {
  int a[N], p, sum = 0;
#pragma omp teams distribute default(none) shared(a) private(p)
  for (int i = 0; i < N; i++) {
    p = i;
    a[i] = p;
  }
  EXPECT(a[N - 1] == N - 1);
#pragma omp target teams distribute default(none) shared(a) private(p) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    p = 2 * i;
    a[i] = p;
  }
  EXPECT(a[5] == 10);
#pragma omp teams distribute simd default(none) shared(a) private(p)
  for (int i = 0; i < N; i++) {
    p = 3 * i;
    a[i] = p;
  }
  EXPECT(a[5] == 15);
#pragma omp teams distribute parallel for default(none) shared(a) private(p) reduction(+: sum)
  for (int i = 0; i < N; i++) {
    p = a[i];
    sum += p;
  }
  EXPECT(sum == 3 * (N - 1) * N / 2);
#pragma omp target teams distribute parallel for simd default(none) shared(a) private(p) map(tofrom: a)
  for (int i = 0; i < N; i++) {
    p = i + 1;
    a[i] = p;
  }
  EXPECT(a[N - 1] == N);
  printf("%d %d %d\n", a[0], a[N - 1], sum);
  return failures != 0;
}
