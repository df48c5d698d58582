// An `ordered` region directly in a loop construct that has no `ordered` clause is an error at
// the directive's name, with a note at the loop's directive.  (In a function called from such a
// loop it is a run-time error naming the loop.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=FOR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=PARFOR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: with the clause.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void out(int);

void f(int n) {
#if CASE == 0
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    out(i);
  }
#elif CASE == 1
  // FOR: :[[@LINE+6]]:13: error: '#pragma omp ordered' is in a loop without the 'ordered' clause
  // FOR-NEXT: {{^}}#pragma omp ordered{{$}}
  // FOR-NEXT: {{^            \^$}}
  // FOR-NEXT: :[[@LINE+1]]:13: note: the loop
#pragma omp for schedule(static)
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    out(i);
  }
#elif CASE == 2
  // PARFOR: :[[@LINE+4]]:13: error: '#pragma omp ordered' is in a loop without the 'ordered' clause
  // PARFOR: :[[@LINE+1]]:13: note: the loop
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    out(i);
  }
#endif
}
