// The allocate clause's copies that omp2numa does not allocate yet (task_reduction and inscan
// reduction variables, a taskloop's loop and lastprivate variables, copies of a simd part) are
// errors at the clause's list item; the lowering stops at the first.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

void f(int n, int *a) {
  int r = 0;
  // CHECK: :[[@LINE+1]]:53: error: 'allocate' clause for 'r', a task_reduction variable, is not supported yet
#pragma omp taskgroup task_reduction(+: r) allocate(r)
  {
#pragma omp task in_reduction(+: r)
    r += a[n - 1];
  }
}
