// threadprivate variables that share a declaration (`int a, b;`, `static double x, y = 1;`), at
// file and block scope.  A declaration whose variables are all threadprivate gets one
// _Thread_local (a block-scope one moves whole to file scope); one that also declares variables
// that are not threadprivate is split into a declaration per variable.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}_Thread_local int a, b;
int a, b;
// CHECK:      {{^}}_Thread_local static double x, y = 1;
static double x, y = 1;
// CHECK:      {{^}}int other; _Thread_local int c = 3; int more[2] = {1, 2};
int other, c = 3, more[2] = {1, 2};
#pragma omp threadprivate(a, b)
#pragma omp threadprivate(x)
#pragma omp threadprivate(y, c)

// CHECK:      /* omp2numa: threadprivate 'p', 'q' moved here from 'f' */
// CHECK:      {{^}}_Thread_local static int p, q = 4;
// CHECK:      /* omp2numa: threadprivate 'u' moved here from 'f' */
// CHECK:      {{^}}static _Thread_local long u;
// CHECK:      int f(void) {
// CHECK:        /* omp2numa: 'p', 'q' moved to file scope (threadprivate) */
// CHECK:        /* omp2numa: 'u' moved to file scope (threadprivate) */ static long v = 2;
int f(void) {
  static int p, q = 4;
  static long u, v = 2;
#pragma omp threadprivate(p, q)
#pragma omp threadprivate(u)
  int s = 0;
#pragma omp parallel reduction(+ : s)
  s += a + b + (int)x + (int)y + c + p + q + (int)u;
  return s + other + more[0] + (int)v;
}
