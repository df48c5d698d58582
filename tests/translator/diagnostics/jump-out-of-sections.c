// break, continue and return leaving a section are errors at the statement.  The error names
// '#pragma omp sections' for the first section when it has no `#pragma omp section` of its own,
// else '#pragma omp section'.  A loop inside a section may break.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BREAK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=CONTINUE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=SECTION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=RETURN --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n, int *a) {
  for (int t = 0; t < n; t++) {
#pragma omp sections
    {
#if CASE == 0
      for (int i = 0; i < n; i++)
        if (a[i]) break;
#pragma omp section
      while (a[0]) { if (a[1]) break; continue; }
#elif CASE == 1
      // BREAK: :[[@LINE+1]]:17: error: 'break' leaves the structured block of '#pragma omp sections', which OpenMP does not allow
      if (a[0]) break;
      // BREAK-NEXT: {{^}}      if (a[0]) break;{{$}}
      // BREAK-NEXT: {{^                \^$}}
#pragma omp section
      a[1] = 0;
#elif CASE == 2
      // CONTINUE: :[[@LINE+1]]:19: error: 'continue' leaves the structured block of '#pragma omp sections', which OpenMP does not allow
      { if (a[0]) continue; a[1] = 0; }
#elif CASE == 3
#pragma omp section
      a[1] = 0;
#pragma omp section
      // SECTION: :[[@LINE+1]]:19: error: 'break' leaves the structured block of '#pragma omp section', which OpenMP does not allow
      { if (a[0]) break; a[1] = 0; }
#elif CASE == 4
#pragma omp section
      // RETURN: :[[@LINE+1]]:19: error: 'return' leaves the structured block of '#pragma omp section', which OpenMP does not allow
      { if (a[0]) return 1; a[1] = 0; }
#endif
    }
  }
  return 0;
}
