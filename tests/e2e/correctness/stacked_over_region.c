// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.out
//
// `master` (and `parallel`) stacked on a parallel region that holds a worksharing loop: the
// translator crashed on it (a null read in the rewriter while checking the conditionals of the
// outer construct's text; found by the translator fuzzer).
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int a[100] = {0};
#pragma omp parallel num_threads(2)
  {
#pragma omp master
#pragma omp parallel num_threads(2)
    {
#pragma omp for
      for (int i = 0; i < 100; i++)
        a[i] = i;
    }
  }
#pragma omp parallel
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++)
      a[i] = 2 * i;
  }
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += a[i];
  // CHECK: s=9900
  printf("s=%ld\n", s);
  return 0;
}
