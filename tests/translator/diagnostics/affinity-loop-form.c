// affinity(name) keys its map by one integer loop variable's value: with collapse(n > 1), or a
// pointer loop variable, it is an error at the clause.  With ordered (the map does not run values
// in order) it is an error too: found by the differential tester, the runtime stopped such
// loops.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=COLLAPSE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=POINTER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=ORDERED --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: an integer loop, and collapse(1).
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0 2>/dev/null
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void f(int n, int *a, int *b, int *e) {
#if CASE == 0
#pragma omp parallel for affinity(m)
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma omp parallel for affinity(m) collapse(1)
  for (long i = 0; i < n; i++)
    a[i] = 0;
  (void)b, (void)e;
#elif CASE == 1
  // COLLAPSE: :[[@LINE+1]]:38: error: 'affinity' cannot be combined with 'collapse(2)': its map is keyed by one loop variable's value
#pragma omp parallel for collapse(2) affinity(m)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i + j] = 0;
  (void)b, (void)e;
#elif CASE == 2
  // POINTER: :[[@LINE+1]]:26: error: 'affinity' needs an integer loop variable: its map is keyed by the variable's value, and 'p' is a pointer
#pragma omp parallel for affinity(m)
  for (int *p = b; p < e; p++)
    *p = 0;
  (void)a, (void)n;
#elif CASE == 3
  // ORDERED: :[[@LINE+1]]:26: error: 'affinity' cannot be combined with 'ordered': the map runs each recorded value on its thread, not in order
#pragma omp parallel for ordered affinity(m)
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    a[i] = 0;
  }
  (void)b, (void)e;
#endif
}
