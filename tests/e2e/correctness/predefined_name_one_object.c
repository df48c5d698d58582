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
// __func__ is one object per function (C declares it as a static array at the top of the
// body), so its address in a region is the one its function sees, and its type is the same
// array type; so are gcc's __FUNCTION__ and __PRETTY_FUNCTION__, three objects.  In regions they
// were string literals (other objects of that text), so Mercurium's success_parallel_task_02.c,
// which asserts `p == &__PRETTY_FUNCTION__[0]` in a parallel region and a task, aborted
// (eleventh sweep).  The addresses are compared name by name, which gcc and Clang agree on.
#include <stdio.h>
#include <string.h>

#include "Inputs/expect.h"

static const char *seen, *seen_function;

static int tasks_and_regions(void) {
  int same = 0;
  seen = __func__;
  seen_function = __FUNCTION__;
#pragma omp parallel num_threads(2) reduction(+ : same)
  {
    same += seen == __func__ && seen_function == &__FUNCTION__[0];
#pragma omp single
#pragma omp task shared(same)
    {
#pragma omp atomic
      same += seen == &__func__[0] && sizeof __func__ == sizeof "tasks_and_regions";
    }
  }
  return same;
}

static const char *pretty(void) {
  const char *in_region = 0;
#pragma omp parallel num_threads(2)
#pragma omp master
  in_region = __PRETTY_FUNCTION__;
  EXPECT(in_region == __PRETTY_FUNCTION__);
  return in_region;
}

static int sizes(void) {
  int ok = 0;
#pragma omp parallel for reduction(+ : ok)
  for (int i = 0; i < 4; i++)
    ok += sizeof __func__ == 6 && strcmp(__func__, "sizes") == 0;
  EXPECT(seen != __func__);
  return ok;
}

int main(void) {
  EXPECT(tasks_and_regions() == 3);
  EXPECT(sizes() == 4);
  EXPECT(strcmp(pretty(), "pretty") == 0);
  printf("%s\n", __func__);
  return failures != 0;
}
