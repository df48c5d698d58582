// The allocate clause's copies that omp2numa does not allocate yet: reductions, linear and loop
// variables are errors at the clause's list item
// (the lowering stops at the first).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

void f(int n, int *a) {
  int r = 0;
  // CHECK: :[[@LINE+1]]:51: error: 'allocate' clause for 'r', a reduction variable, is not supported yet
#pragma omp parallel for reduction(+: r) allocate(r)
  for (int k = 0; k < n; k++) r += a[k];
}
