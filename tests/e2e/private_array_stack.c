// RUN: %o2n-compile %s -o %t
// RUN: prlimit --stack=unlimited env OMP_STACKSIZE=16M OMP_NUM_THREADS=4 %o2n-run %t | FileCheck %s
// RUN: prlimit --stack=unlimited env OMP_STACKSIZE=16384 OMP_NUM_THREADS=2 %o2n-run %t | FileCheck %s
// RUN: prlimit --stack=33554432 env OMP_NUM_THREADS=4 %o2n-run %t | FileCheck %s
// RUN: not --crash prlimit --core=0 --stack=unlimited env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: not --crash prlimit --core=0 --stack=unlimited env OMP_STACKSIZE=4M OMP_NUM_THREADS=2 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp %}
// RUN: %if gcc-openmp %{ prlimit --stack=unlimited env OMP_STACKSIZE=16M OMP_NUM_THREADS=4 %o2n-run %t.gomp | FileCheck %s %}
// RUN: %if gcc-openmp %{ prlimit --stack=33554432 env OMP_NUM_THREADS=4 %o2n-run %t.gomp | FileCheck %s %}
// RUN: %if gcc-openmp %{ not --crash prlimit --core=0 --stack=unlimited env OMP_NUM_THREADS=2 %o2n-run %t.gomp %}
// RUN: %if gcc-openmp %{ not --crash prlimit --core=0 --stack=unlimited env OMP_STACKSIZE=4M OMP_NUM_THREADS=2 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// A 12 MB array private to each thread of a region lives on the thread's stack.  The workers'
// stacks are OMP_STACKSIZE big (16M, or 16384 kilobytes), and the program runs as it does with
// GCC's libgomp; the primary thread's is the process's, sized by `ulimit -s` (here unlimited).
// Without OMP_STACKSIZE the workers get the system's default stack, as libgomp's do: glibc's
// follows `ulimit -s` (32 MB: the program runs), or is 2 MB when that is unlimited, and then both
// runtimes crash on the workers' first touch of the array below their stack, as does a 4 MB
// OMP_STACKSIZE.
//
// CHECK: ok

#include <omp.h>
#include <stdio.h>

enum { N = 12 << 20, PAGE = 4096 };

/* Touches every page of the array from its top down (as a stack grows), then reads it back, so
   that a stack too small faults at its guard page instead of writing past it. */
__attribute__((noinline)) static long touch(volatile char *buf, char value)
{
  long sum = 0;
  for (long i = N - 1; i >= 0; i -= PAGE)
    buf[i] = value;
  for (long i = N - 1; i >= 0; i -= PAGE)
    sum += buf[i];
  return sum;
}

int main(void)
{
  long sum = 0;
  int nthreads = 0;
#pragma omp parallel reduction(+ : sum)
  {
    char buf[N];
    sum += touch(buf, (char)(omp_get_thread_num() + 1));
#pragma omp single
    nthreads = omp_get_num_threads();
  }
  long pages = N / PAGE, expected = 0;
  for (int t = 0; t < nthreads; t++)
    expected += pages * (t + 1);
  if (sum != expected) {
    printf("sum %ld, expected %ld\n", sum, expected);
    return 1;
  }
  printf("ok\n");
  return 0;
}
