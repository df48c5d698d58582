// break, continue and return leaving a critical construct are errors at the statement (the lock
// would never be released).  A loop inside the block may break and continue.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=CONTINUE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=RETURN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=3 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n, int *a) {
  for (int t = 0; t < n; t++) {
#if CASE == 0
#pragma omp critical
    for (int i = 0; i < n; i++) {
      if (a[i]) continue;
      if (a[i + 1]) break;
    }
#elif CASE == 1
    // BREAK: :[[@LINE+2]]:15: error: 'break' leaves the structured block of '#pragma omp critical', which OpenMP does not allow
#pragma omp critical
    if (a[t]) break;
    // BREAK-NEXT: {{^}}    if (a[t]) break;{{$}}
    // BREAK-NEXT: {{^              \^$}}
#elif CASE == 2
    // CONTINUE: :[[@LINE+2]]:15: error: 'continue' leaves the structured block of '#pragma omp critical', which OpenMP does not allow
#pragma omp critical(name)
    if (a[t]) continue;
#elif CASE == 3
#pragma omp critical
    {
      // RETURN: :[[@LINE+1]]:17: error: 'return' leaves the structured block of '#pragma omp critical', which OpenMP does not allow
      if (a[t]) return 1;
    }
#endif
  }
  return 0;
}
