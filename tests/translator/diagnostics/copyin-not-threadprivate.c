// copyin of a variable that is not threadprivate (a plain global, a local) is an error at the
// variable's name in the clause.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=GLOBAL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=LOCAL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: copyin of a threadprivate variable.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int tp;
int plain;
#pragma omp threadprivate(tp)

int f(int n) {
  int local = n;
#if CASE == 0
#pragma omp parallel copyin(tp)
  tp += n + local;
#elif CASE == 1
  // GLOBAL: :[[@LINE+1]]:33: error: copyin variable 'plain' is not threadprivate
#pragma omp parallel copyin(tp, plain)
  // GLOBAL-NEXT: {{^}}#pragma omp parallel copyin(tp, plain){{$}}
  // GLOBAL-NEXT: {{^                                \^$}}
  tp += plain + local;
#elif CASE == 2
  // LOCAL: :[[@LINE+1]]:29: error: copyin variable 'local' is not threadprivate
#pragma omp parallel copyin(local)
  tp += local;
#endif
  return tp + plain;
}
