// REQUIRES: translator, gcc-openmp
// RUN: %omp2numa-cc -fopenmp -std=gnu11 -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -fopenmp -std=gnu11 -O1 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// A variable declared `extern` in a block, defined at the end of the file, named in data-sharing
// clauses: it was "use of undeclared identifier 'total' in 'reduction' clause" (Clang keeps a
// block-scope extern with no declaration before it out of the ordinary identifiers' namespace,
// and the clauses' name lookup looked there only).
#include <stdio.h>

int main(void) {
  extern int total, last, seed;
  int n = 1000;
#pragma omp parallel for reduction(+: total)
  for (int i = 0; i < n; i++)
    total += i;
#pragma omp parallel
  {
#pragma omp for lastprivate(last)
    for (int i = 0; i < n; i++)
      last = i * 2;
  }
  int seen = 0;
#pragma omp parallel firstprivate(seed) reduction(+: seen)
  {
    seed += 1;
    seen += seed == 8;
  }
#pragma omp parallel private(seed) num_threads(2)
  seed = -1;
#pragma omp parallel shared(total) num_threads(2)
  {
#pragma omp atomic
    total++;
  }
  printf("total=%d last=%d seed=%d seen_all=%d\n", total, last, seed, seen == 3);
  return 0;
}

int total = 1, last, seed = 7;
