// `{v = x; x = expr;}` is an atomic exchange only when expr does not read x: with `x = x + 1 + 1`
// the new value depends on x, and lowering it as an exchange lost updates (a silent wrong result
// found by a libgomp test).  It is rejected with the forms that are accepted.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

int f(int *p) {
  int v, x = *p;
#pragma omp parallel
  {
#pragma omp atomic capture
    // CHECK: :[[@LINE+1]]:5: error: statement after '#pragma omp atomic capture' must have the form
    { v = x; x = x + 1 + 1; }
#pragma omp atomic capture
    { v = x; x = *p + 2; }
  }
  return v + x;
}
