// Collapsed loops must be rectangular: an inner loop whose bound, start or step uses an outer
// loop's variable is an error at the inner loop.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BOUND --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=START --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=MIDDLE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: the inner loop's body may use the outer variable.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void f(int n, int *a) {
#if CASE == 0
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = i;
#elif CASE == 1
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    // BOUND: :[[@LINE+1]]:5: error: collapsed loops must be rectangular: the bounds and step of this loop depend on an outer loop's variable
    for (int j = 0; j < i; j++)
    // BOUND-NEXT: {{^}}    for (int j = 0; j < i; j++){{$}}
    // BOUND-NEXT: {{^    \^$}}
      a[i * n + j] = 0;
#elif CASE == 2
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    // START: :[[@LINE+1]]:5: error: collapsed loops must be rectangular: the bounds and step of this loop depend on an outer loop's variable
    for (int j = i; j < n; j += 1)
      a[i * n + j] = 0;
#elif CASE == 3
#pragma omp for collapse(2)
  for (int i = 1; i < n; i++)
    // STEP: :[[@LINE+1]]:5: error: collapsed loops must be rectangular: the bounds and step of this loop depend on an outer loop's variable
    for (int j = 0; j < n; j += i)
      a[i * n + j] = 0;
#elif CASE == 4
  // The innermost of three loops depends on the middle one.
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      // MIDDLE: :[[@LINE+1]]:7: error: collapsed loops must be rectangular: the bounds and step of this loop depend on an outer loop's variable
      for (int k = j; k < n; k++)
        a[i * n + j + k] = 0;
#endif
}

// Null case: with collapse(2), a third loop that depends on the second is part of the body.
void g(int n, int *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = j; k < n; k++)
        a[i * n + j + k] = 0;
}
