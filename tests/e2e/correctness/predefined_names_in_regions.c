// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: env OMP2NUMA_CC=clang-16 %omp2numa-cc -fopenmp -O1 %s -o %t.clang
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.clang > %t.clang.out
// RUN: gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: diff %t.clang.out %t.gomp.out
//
// __func__, __FUNCTION__ and __PRETTY_FUNCTION__ in a region name the function the construct
// is in, as in gcc's build (assert's message uses them): they named the outlined function
// (`__o2n_task_6`).  Found by Mercurium's test success_special_names_01.c (ninth sweep).  In a
// region __PRETTY_FUNCTION__ is the plain name, as gcc gives it in C (clang gives the signature,
// so it is not printed outside the regions).
#include <stdio.h>
#include <string.h>

#include "Inputs/expect.h"

#define WHERE(what) printf("%s: %s %s %s\n", what, __func__, __FUNCTION__, __PRETTY_FUNCTION__)

static int work(int n) {
  int s = 0;
#pragma omp parallel num_threads(2) reduction(+ : s)
  {
#pragma omp single
    WHERE("parallel, single");
#pragma omp for
    for (int i = 0; i < n; i++)
      s += strcmp(__func__, "work") == 0;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp parallel num_threads(2)
#pragma omp master
      WHERE("task, nested parallel");
    }
#pragma omp taskwait
#pragma omp taskloop num_tasks(1)
    for (int i = 0; i < 1; i++)
      WHERE("taskloop");
  }
  printf("after the regions: %s %s\n", __func__, __FUNCTION__);
  return s;
}

int main(void) {
  EXPECT(work(6) == 6);
#pragma omp target
  WHERE("target");
  return failures != 0;
}
