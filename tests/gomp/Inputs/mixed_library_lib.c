// A shared library built with gcc -fopenmp (tests/gomp/mixed_library.c): its own regions and
// loops, which libomp2numa runs in the program that omp2numa-cc linked.
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>

// Each thread of a region records its processor, its pthread and its level; the sum of a
// dynamic loop over 0..n-1 is returned.
long lib_region(int *cpu, pthread_t *self, int *level, int *nthreads, int n)
{
  long sum = 0;
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    cpu[t] = sched_getcpu();
    self[t] = pthread_self();
    level[t] = omp_get_level();
    if (t == 0)
      *nthreads = omp_get_num_threads();
#pragma omp for schedule(dynamic, 3) reduction(+ : sum)
    for (int i = 0; i < n; i++)
      sum += i;
  }
  return sum;
}
