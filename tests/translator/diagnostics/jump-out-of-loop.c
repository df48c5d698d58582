// The body of a loop construct may `continue` its own loop, but break, return and goto out of
// it are errors at the statement.  With collapse(2), the body is the innermost loop's, and a
// break there would leave the collapsed nest.  break of a loop or switch inside the body is fine.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=RETURN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=GOTO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=COLLAPSE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: continue, and break of inner loops and switches.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n, int *a) {
#if CASE == 0
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    for (int j = 0; j < n; j++)
      if (a[j]) break;
    switch (a[i]) {
    case 1: break;
    default: a[i] = 0;
    }
  }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (a[j]) continue;
      a[i] += j;
    }
#elif CASE == 1
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // BREAK: :[[@LINE+1]]:20: error: 'break' leaves the structured block of '#pragma omp parallel for', which OpenMP does not allow
    if (a[i] == 0) break;
    // BREAK-NEXT: {{^}}    if (a[i] == 0) break;{{$}}
    // BREAK-NEXT: {{^                   \^$}}
  }
#elif CASE == 2
#pragma omp for
  for (int i = 0; i < n; i++) {
    // RETURN: :[[@LINE+1]]:15: error: 'return' leaves the structured block of '#pragma omp for', which OpenMP does not allow
    if (a[i]) return 1;
  }
#elif CASE == 3
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < n; i++) {
    // GOTO: :[[@LINE+1]]:15: error: 'goto' leaves the structured block of '#pragma omp for', which OpenMP does not allow
    if (a[i]) goto out;
  }
out:
#elif CASE == 4
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      // COLLAPSE: :[[@LINE+1]]:17: error: 'break' leaves the structured block of '#pragma omp for', which OpenMP does not allow
      if (a[i]) break;
    }
#endif
  return 0;
}
