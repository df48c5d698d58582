// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.out
//
// A loop construct whose loop headers a conditional chooses, its #else and #endif inside the
// body of the loop, as the NAS LU benchmark writes jacu:
//   #pragma omp for nowait schedule(static)
//   #if defined(_OPENMP)
//     for (i = iend; i >= ist; i--) {
//       for (j = jend; j >= jst; j--) {
//   #else
//     for (i = ist; i <= iend; i++) {
//       for (j = jst; j <= jend; j++) {
//   #endif
// Built as gcc builds it (it was an error: the conditional cut across the body, which moves).
// lastprivate shows which header ran: the downward loop leaves -1.
#include <stdio.h>

int main(void) {
  static int a[64];
  int i, j, sum = 0;
#pragma omp parallel private(j)
  {
#pragma omp for schedule(static) lastprivate(i)
#if defined(_OPENMP)
    for (i = 63; i >= 0; i--) {
      for (j = 1; j >= 0; j--) {
#else
    for (i = 0; i < 64; i++) {
      for (j = 0; j < 2; j++) {
#endif
        a[i] += i * j;
      }
    }
  }
  for (j = 0; j < 64; j++)
    sum += a[j];
  // CHECK: sum=2016 i=-1
  printf("sum=%d i=%d\n", sum, i);
  return 0;
}
