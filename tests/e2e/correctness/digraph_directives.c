// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.out
//
// Directives spelled with the digraph %: for # (C11 6.4.6p3), with clauses: the whole directive
// is replaced (the text after the directive name was left in the output, which did not compile;
// found by the differential tester).
// CHECK: 45 45 4
#include <stdio.h>

int main(void)
{
  long s = 0, t = 0;
  int n = 0, v = 0;
%:pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 10; i++)
    s += i;
%:pragma omp parallel
  {
%:  pragma omp for reduction(+:t)
    for (int i = 0; i < 10; i++)
      t += i;
  }
%:pragma omp parallel num_threads(2)
  {
%:pragma omp critical(lk)
    n++;
%:pragma omp atomic capture
    v = n++;
  }
  printf("%ld %ld %d\n", s, t, n);
  return 0;
}
