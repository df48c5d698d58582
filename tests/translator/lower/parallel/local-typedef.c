// A typedef declared in the enclosing function and used in the region (in a captured variable's
// type, a reduction, a declaration or cast in the body) is repeated at file scope, before the
// function, with the same type: the outlined code sees it, and the function's own typedef hides
// the copy.  Typedefs it names come first.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct point { double x, y; };

// CHECK:      /* omp2numa: typedef 'real' repeated here from 'f' */
// CHECK-NEXT: typedef double real;
// CHECK:      struct __o2n_red_{{[0-9]+}} {
// CHECK-NEXT:   real sum;
// CHECK:      /* omp2numa: typedef 'pt' repeated here from 'f' */
// CHECK-NEXT: typedef struct point pt;
// CHECK:      /* omp2numa: typedef 'vec3' repeated here from 'f' */
// CHECK-NEXT: typedef real vec3[3];
// CHECK:      struct __o2n_ctx_{{[0-9]+}} {
// CHECK:        real *w;
// CHECK:      double f(int n) {
// CHECK:        typedef double real;
double f(int n) {
  typedef double real;
  typedef real vec3[3];
  typedef struct point pt;
  real sum = 0;
  vec3 w = {1, 2, 3};
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    pt p = {w[0], (real)i};
    sum += p.x + p.y;
  }
  return sum;
}

// Another function's typedef of the same name and type is repeated once.
// CHECK-NOT:  typedef 'real' repeated
double g(int n) {
  typedef double real;
  real t = 0;
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < n; i++)
    t += (real)i;
  return t;
}
