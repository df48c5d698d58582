// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O2 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// ordered simd (OpenMP 4.5): in a simd loop the region runs in the order of the iterations; with
// threads too (`ordered threads simd` in a `for simd ordered` loop), also across the threads.
// Each region checks that it follows the previous iteration's, as libgomp's ordered-5.c does.
// Orphaned, in a function the loop calls, as gcc takes it.

#include <stdio.h>
#include <stdlib.h>

enum { N = 1024 };
static int a[N];
static int last_orphaned = -1;

static void orphaned_step(int i)
{
#pragma omp ordered threads simd
  {
    if (last_orphaned + 1 != i)
      abort();
    last_orphaned = i;
  }
}

int main(void)
{
  int last = -1;
#pragma omp simd
  for (int i = 0; i < N; i++) {
    a[i] = i;
#pragma omp ordered simd
    {
      if (last + 1 != i)
        abort();
      last = i;
    }
    a[i] += 1;
  }
  last = -1;
#pragma omp parallel for simd ordered schedule(static, 7)
  for (int i = 0; i < N; i++) {
    a[i] += 2;
#pragma omp ordered threads simd
    {
      if (last + 1 != i)
        abort();
      last = i;
    }
  }
#pragma omp parallel for simd ordered schedule(dynamic, 5)
  for (int i = 0; i < N; i++) {
    a[i] += 1;
    orphaned_step(i);
  }
  long sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("ordered simd: last %d, orphaned %d, sum %ld\n", last, last_orphaned, sum);
  return sum != (long)N * (N - 1) / 2 + 4L * N;
}
