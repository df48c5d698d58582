// break, continue, return and goto that would leave the structured block of a parallel region
// are errors at the statement (OpenMP forbids them; the outlined function could not do them).
// Jumps that stay inside the region are fine: a goto to a label in the region, break and
// continue of a loop or switch inside it.  One case per run: lowering stops at the first
// construct with an error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=CONTINUE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=RETURN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=GOTO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: jumps inside the region translate.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n, int *a) {
  for (int t = 0; t < n; t++) {
#pragma omp parallel
    {
#if CASE == 0
      for (int i = 0; i < n; i++) {
        if (a[i] < 0)
          continue;
        if (a[i] == 0)
          break;
        switch (a[i]) {
        case 1: break;
        default: a[i] = 0;
        }
      }
      if (a[1])
        goto inside;
      a[2] = 0;
    inside:
      a[3] = 0;
#elif CASE == 1
      // BREAK: :[[@LINE+1]]:17: error: 'break' leaves the structured block of '#pragma omp parallel', which OpenMP does not allow
      if (a[0]) break;
      // BREAK-NEXT: {{^}}      if (a[0]) break;{{$}}
      // BREAK-NEXT: {{^                \^$}}
#elif CASE == 2
      // CONTINUE: :[[@LINE+1]]:17: error: 'continue' leaves the structured block of '#pragma omp parallel', which OpenMP does not allow
      if (a[0]) continue;
      // CONTINUE-NEXT: {{^}}      if (a[0]) continue;{{$}}
#elif CASE == 3
      // RETURN: :[[@LINE+1]]:17: error: 'return' leaves the structured block of '#pragma omp parallel', which OpenMP does not allow
      if (a[0]) return 1;
#elif CASE == 4
      // GOTO: :[[@LINE+1]]:17: error: 'goto' leaves the structured block of '#pragma omp parallel', which OpenMP does not allow
      if (a[0]) goto out;
#endif
    }
  }
#if CASE == 4
out:
#endif
  return 0;
}
