// A declaration of types inside the enclosing function that the region uses (an enum, a struct,
// a typedef of an unnamed struct) moves before the function, with a #line marker at its own
// line, and a comment stays where it was; the definition of a named struct declared with its
// variables moves alone, and the variables keep their declaration.  What a moved declaration
// needs of the function moves first.  (A typedef of a type file scope can name is repeated
// instead: local-typedef.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      /* omp2numa: moved here from 'f' */
// CHECK-NEXT: #line [[#N:]] "{{.*}}local-types.c"
// CHECK-NEXT: enum { N = 8 };
// CHECK-NEXT: #line
// CHECK-NEXT: /* omp2numa: moved here from 'f' */
// CHECK-NEXT: #line [[#N+1]] "{{.*}}local-types.c"
// CHECK-NEXT: typedef struct { int v[N]; } box;
// CHECK:      /* omp2numa: moved here from 'f' */
// CHECK-NEXT: #line [[#N+2]] "{{.*}}local-types.c"
// CHECK-NEXT: struct pt { int x, y; };
// CHECK:      int f(int n) {
// CHECK-NEXT:   /* omp2numa: moved before 'f' */
// CHECK:        /* omp2numa: moved before 'f' */
// CHECK:        /* omp2numa: definition moved before 'f' */ struct pt
// CHECK:        p = {1, 2};
int f(int n) {
  enum { N = 8 };
  typedef struct { int v[N]; } box;
  struct pt { int x, y; } p = {1, 2};
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    box b = {{i}};
    sum += b.v[0] + p.x;
  }
  return sum;
}
