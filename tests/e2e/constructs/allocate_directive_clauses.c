// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t | FileCheck %s
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -fopenmp-version=51 -O1 -Wall -Werror %s -o %t.libomp %}
// RUN: %if clang-openmp %{ env OMP_NUM_THREADS=4 %o2n-run %t.libomp 2>/dev/null | FileCheck %s %}
// REQUIRES: translator
//
// Variables of the allocate directive in the clauses of constructs and declared inside a
// region: a loop variable made lastprivate, an array reduction, num_threads read from one, a
// firstprivate copy, copyprivate of one declared in the region (each thread's own storage from
// omp_thread_mem_alloc), an atomic update in sections; checked against the serial meaning and
// with clang-16 -fopenmp.
//
// CHECK: ok 0

#include <omp.h>
#include <stdio.h>
int main(void) {
  int fails = 0;
  int i, nt = 2;
  int arr[4] = {0};
  double acc = 1.0;
#pragma omp allocate(i, nt, arr, acc) allocator(omp_default_mem_alloc)
#pragma omp parallel for num_threads(nt) reduction(+ : arr) lastprivate(i)
  for (i = 0; i < 100; i++)
    arr[i % 4] += 1;
  fails += i != 100 || arr[0] != 25 || arr[3] != 25;
#pragma omp parallel firstprivate(acc) num_threads(3)
  {
    int local = omp_get_thread_num();
    long buf[8];
#pragma omp allocate(local, buf) allocator(omp_thread_mem_alloc)
    buf[7] = local;
#pragma omp critical
    acc += 1;
#pragma omp single copyprivate(local)
    local = 42;
    if (local != 42 || buf[7] != omp_get_thread_num() || sizeof buf != 64) {
#pragma omp atomic
      fails++;
    }
  }
  fails += acc != 1.0;
#pragma omp parallel sections shared(acc)
  {
#pragma omp section
    {
#pragma omp atomic
      acc += 1;
    }
#pragma omp section
    {
#pragma omp atomic
      acc += 2;
    }
  }
  fails += acc != 4.0;
  printf("%s %d\n", fails ? "FAIL" : "ok", fails);
  return fails;
}
