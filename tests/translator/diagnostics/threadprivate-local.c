// threadprivate of a variable without static storage (a local, a parameter) is an error at the
// variable's name in the directive.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=LOCAL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=PARAM --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: a block-scope static.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int n) {
#if CASE == 0
  static int x;
#pragma omp threadprivate(x)
  x = n;
  return x;
#elif CASE == 1
  int x = n;
  // LOCAL: :[[@LINE+1]]:27: error: threadprivate variable 'x' must be a file-scope or static variable
#pragma omp threadprivate(x)
  // LOCAL-NEXT: {{^}}#pragma omp threadprivate(x){{$}}
  // LOCAL-NEXT: {{^                          \^$}}
  return x;
#elif CASE == 2
  // PARAM: :[[@LINE+1]]:27: error: threadprivate variable 'n' must be a file-scope or static variable
#pragma omp threadprivate(n)
  return n;
#endif
}
