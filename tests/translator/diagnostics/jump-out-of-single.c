// goto, return and break leaving a single construct are errors at the statement.  A goto to a
// label inside the block is fine.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=GOTO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=RETURN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n, int *a) {
#if CASE == 0
#pragma omp single
  {
    if (n) goto in;
    a[0] = 1;
  in:
    a[1] = 1;
  }
#elif CASE == 1
#pragma omp single
  {
    // GOTO: :[[@LINE+1]]:12: error: 'goto' leaves the structured block of '#pragma omp single', which OpenMP does not allow
    if (n) goto out;
    // GOTO-NEXT: {{^}}    if (n) goto out;{{$}}
    // GOTO-NEXT: {{^           \^$}}
    a[0] = 1;
  }
out:
  a[1] = 1;
#elif CASE == 2
#pragma omp single nowait
  {
    // RETURN: :[[@LINE+1]]:12: error: 'return' leaves the structured block of '#pragma omp single', which OpenMP does not allow
    if (n) return 1;
  }
#elif CASE == 3
  while (n--) {
    // BREAK: :[[@LINE+2]]:15: error: 'break' leaves the structured block of '#pragma omp single', which OpenMP does not allow
#pragma omp single
    if (a[n]) break;
  }
#endif
  return 0;
}
