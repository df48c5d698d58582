// REQUIRES: translator, gcc-openmp
// RUN: %omp2numa-cc -DOPENMP -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -DOPENMP -O1 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: FileCheck %s --input-file=%t.o2n.out
// RUN: %omp2numa-cc -O1 %s -o %t.serial
// RUN: %o2n-run %t.serial | FileCheck %s --check-prefix=SERIAL
//
// Conditionals around a directive and its braces, as SimpleMOC writes them: `#ifdef OPENMP`
// around `#pragma omp parallel {` and again around the closing `}`, with a private scratch
// variable declared between them, an #ifdef'd `omp for` and an #else branch.  Built as gcc builds
// it (the conditionals cut across the region: they are resolved as translated; it was an error),
// and without OPENMP (no construct: the file is compiled as it is).
#include <stdio.h>
#ifdef OPENMP
#include <omp.h>
#endif

int main(void)
{
  static long a[1000];
  long total = 0;
  int threads = 1;
#ifdef OPENMP
#pragma omp parallel default(none) shared(a, threads) reduction(+: total)
  {
    threads = omp_get_num_threads();
#else
  {
#endif
    long scratch = 0;
#ifdef OPENMP
#pragma omp for schedule(dynamic, 16)
#endif
    for (int i = 0; i < 1000; i++) {
      scratch += i;
      a[i] = i * 2;
    }
    total += scratch;
#ifdef OPENMP
  }
#else
  }
#endif
  long check = 0;
  for (int i = 0; i < 1000; i++)
    check += a[i];
  // CHECK: total=499500 check=999000 threads=3
  // SERIAL: total=499500 check=999000 threads=1
  printf("total=%ld check=%ld threads=%d\n", total, check, threads);
  return 0;
}
