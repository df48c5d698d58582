// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c
//
// A macro that expands to a directive and the statement it applies to (OpenMP_VV's ompvv.h does:
// OMPVV_TEST_OFFLOADING holds `_Pragma("omp target ...") { ... }`) is translated as its
// expansion (MacroExpansion.h): in a function, in an argument of another macro, a stand-alone
// directive before a statement, a macro in a macro, an invocation over several lines, two on one
// line.  __LINE__ and the constructs' sites keep the invocation's line, and the lines after it
// keep theirs.
#include <omp.h>
#include <stdio.h>

#include "Inputs/expect.h"

#define PARALLEL_FILL(a, n) _Pragma("omp parallel for") for (int i = 0; i < (n); i++) (a)[i] = i
#define RUN(x) x
#define BARRIER_THEN(...) _Pragma("omp barrier") __VA_ARGS__
#define PROBE                                                                                    \
  offloading = -1;                                                                               \
  _Pragma("omp target map(from: offloading)") { offloading = !omp_is_initial_device(); }
#define TEST_OFFLOADING { PROBE printf("offloading: %d\n", offloading); }
#define SUM_INTO(s, n) _Pragma("omp parallel for reduction(+: total, more)") for (int i = 0; i < (n); i++) s += i
#define TASK_LINE _Pragma("omp task shared(line)") line = __LINE__

int main(void) {
  int a[64] = {0}, b[64] = {0}, c[3] = {0};
  // CHECK: static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[@LINE+1]],
  PARALLEL_FILL(a, 64);
  EXPECT(a[63] == 63);
#pragma omp parallel num_threads(3)
  {
    RUN(_Pragma("omp for") for (int i = 0; i < 64; i++) b[i] = 2 * i;)
#pragma omp for
    for (int j = 0; j < 3; j++)
      c[j] = b[63];
    BARRIER_THEN(c[omp_get_thread_num()] += 1);
  }
  EXPECT(b[10] == 20 && c[0] == 127 && c[2] == 127);
  int offloading;
  TEST_OFFLOADING
  EXPECT(offloading == 0);
  long total = 0, more = 0;
  SUM_INTO(total,
           100);
  int after = __LINE__;
  EXPECT(after == 51);
  SUM_INTO(total, 10); SUM_INTO(more, 5);
  EXPECT(total == 4950 + 45 && more == 10);
  int line = 0;
#pragma omp parallel
#pragma omp single
  {
    TASK_LINE;
  }
  EXPECT(line == 59);
  printf("a %d b %d c %d %d %d total %ld more %ld after %d line %d\n", a[63], b[10], c[0], c[1],
         c[2], total, more, after, line);
  return failures != 0;
}
