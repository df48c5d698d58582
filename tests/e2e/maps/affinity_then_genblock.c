// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t | FileCheck %s
//
// schedule(genblock(sizes)) and schedule(indirect(map)) with affinity(name) on a loop whose
// values the name's map already places in part: the sizes (entries) describe the whole loop, so
// they distribute only a loop that records the map; here the recorded values run on their
// threads and the others static.  The runtime once checked the sizes against the values the map
// left (100 of 200) and stopped the program (found by the differential tester).
#include <omp.h>
#include <stdio.h>

static int sizes[64], owners[200];

int main(void)
{
  long a = 0, b = 0, c = 0;
  const int nt = omp_get_max_threads();
  for (int t = 0; t < nt; t++)
    sizes[t] = 200 / nt + (t < 200 % nt);
  for (int k = 0; k < 200; k++)
    owners[k] = k % nt;
#pragma omp parallel
  {
#pragma omp for reduction(+:a) affinity(m)
    for (int i = 0; i < 100; i++)
      a += i;
#pragma omp for reduction(+:b) schedule(genblock(sizes)) affinity(m)
    for (int i = 0; i < 200; i++)
      b += i;
#pragma omp for reduction(+:c) schedule(indirect(owners)) affinity(m)
    for (int i = 0; i < 200; i++)
      c += i;
  }
  // CHECK: sum 4950 19900 19900
  printf("sum %ld %ld %ld\n", a, b, c);
  return 0;
}
