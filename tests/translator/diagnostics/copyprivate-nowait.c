// copyprivate and nowait on the same single: an error at the nowait clause, whichever comes first
// (copyprivate needs the barrier that nowait removes).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=BEFORE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: either clause alone.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void f(int n, int *a) {
  int x = 0;
#pragma omp parallel firstprivate(x)
  {
#if CASE == 0
#pragma omp single copyprivate(x)
    x = n;
#pragma omp single nowait
    a[1] = x;
#elif CASE == 1
    // AFTER: :[[@LINE+1]]:35: error: 'copyprivate' and 'nowait' cannot be used together on '#pragma omp single'
#pragma omp single copyprivate(x) nowait
    // AFTER-NEXT: {{^}}#pragma omp single copyprivate(x) nowait{{$}}
    // AFTER-NEXT: {{^                                  \^$}}
    x = n;
#elif CASE == 2
    // BEFORE: :[[@LINE+1]]:20: error: 'copyprivate' and 'nowait' cannot be used together on '#pragma omp single'
#pragma omp single nowait copyprivate(x)
    x = n;
#endif
    a[0] = x;
  }
}
