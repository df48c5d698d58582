// An affinity clause that is an error gets the error alone, with its source line and caret, as
// every error does; the "no effect yet" warning is for valid clauses.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=COLLAPSE --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=POINTER --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.c

void f(int n, int *a, int *b, int *e) {
#if CASE == 1
  // COLLAPSE: :[[@LINE+1]]:38: error: 'affinity' cannot be combined with 'collapse(2)'
#pragma omp parallel for collapse(2) affinity(m)
  // COLLAPSE-NEXT: {{^}}#pragma omp parallel for collapse(2) affinity(m){{$}}
  // COLLAPSE-NEXT: {{^                                     \^$}}
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i + j] = 0;
  (void)b, (void)e;
#elif CASE == 2
  // POINTER: :[[@LINE+1]]:26: error: 'affinity' needs an integer loop variable
#pragma omp parallel for affinity(m)
  // POINTER-NEXT: {{^}}#pragma omp parallel for affinity(m){{$}}
  // POINTER-NEXT: {{^                         \^$}}
  for (int *p = b; p < e; p++)
    *p = 0;
  (void)a, (void)n;
#endif
}
