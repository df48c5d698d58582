// REQUIRES: translator, gcc-openmp
// RUN: %omp2numa-cc -fopenmp -std=gnu11 -O1 -Wno-implicit-function-declaration %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -fopenmp -std=gnu11 -O1 -Wno-implicit-function-declaration %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Two regions that call an undeclared function (a C89 implicit declaration: no <omp.h>), which
// gcc 12 takes with a warning: the second region was rejected ("'omp_get_thread_num' is
// declared inside function 'main', outside '#pragma omp parallel'"), since Clang puts the
// implicit declaration where the first call is.  Found by Mercurium's test
// success_threadprivate_02.c (ninth sweep); NPB IS calls its timers so.
#include <stdio.h>

int a[2];
#pragma omp threadprivate(a)

int main(void) {
  int bad = 0;
#pragma omp parallel
  a[1] = omp_get_thread_num();
#pragma omp parallel reduction(+ : bad)
  bad += a[1] != omp_get_thread_num();
  printf("%d %d\n", bad, omp_get_max_threads());
  return bad != 0;
}
