// REQUIRES: translator, omp2numa-tasks, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// master taskloop, master taskloop simd, masked taskloop [simd] filter(...): only the filter's
// thread creates the tasks (every iteration runs once, whoever runs it), the other threads go
// on at once, and the filter's thread waits for the tasks at the taskloop's implicit taskgroup.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000 };

static int fail(const char *what, int i, int value)
{
  fprintf(stderr, "masked_taskloop.c: %s: [%d] = %d\n", what, i, value);
  exit(1);
}

int main(void)
{
  static int a[N], creator[N];
  long sum = 0;
  int nthreads = 1;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp master taskloop grainsize(10) reduction(+ : sum)
    for (int i = 0; i < N; i++) {
      a[i] += 1;
      sum += i;
    }
    const int last = omp_get_num_threads() - 1, me = omp_get_thread_num();
#pragma omp masked taskloop simd filter(last) num_tasks(7) firstprivate(me)
    for (int i = 0; i < N; i++) {
      a[i] += 2;
      creator[i] = me;
    }
#pragma omp barrier
#pragma omp masked taskloop filter(omp_get_num_threads() > 1) if (taskloop : 1)
    for (int i = N - 1; i >= 0; i -= 2)
      a[i] += 4;
#pragma omp master taskloop simd simdlen(4)
    for (int i = 0; i < N; i += 3)
      a[i] += 8;
  }
  for (int i = 0; i < N; i++) {
    const int want = 1 + 2 + (i % 2 ? 4 : 0) + (i % 3 ? 0 : 8);
    if (a[i] != want)
      fail("every iteration once", i, a[i]);
    if (creator[i] != nthreads - 1)
      fail("firstprivate of the filter's thread", i, creator[i]);
  }
  if (sum != (long)N * (N - 1) / 2)
    fail("reduction", 0, (int)sum);
  printf("masked_taskloop: ok\n");
  return 0;
}
