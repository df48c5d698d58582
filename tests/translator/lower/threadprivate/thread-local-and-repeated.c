// A block-scope static already declared _Thread_local (or __thread), named by a threadprivate
// directive, moves to file scope as it is, after a #line naming its own line; a variable named by
// two threadprivate directives with a redeclaration between them is made _Thread_local once per
// declaration.  (Both were uncompilable output: found by the translator fuzzer.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=gnu11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}_Thread_local int counter;
// CHECK:      {{^}}_Thread_local extern int counter;
// CHECK-NOT:  _Thread_local _Thread_local
int counter;
#pragma omp threadprivate(counter)
extern int counter;
#pragma omp threadprivate(counter)

// CHECK:      /* omp2numa: threadprivate 'tp' moved here from 'g' */
// CHECK-NEXT: #line [[@LINE+7]] "{{.*}}thread-local-and-repeated.c"
// CHECK-NEXT: {{^}}_Thread_local static int tp;
// CHECK:      /* omp2numa: threadprivate 'calls' moved here from 'g' */
// CHECK-NEXT: #line [[@LINE+6]] "{{.*}}thread-local-and-repeated.c"
// CHECK-NEXT: {{^}}static __thread long calls;
int g(int *a)
{
  _Thread_local static int tp;
#pragma omp threadprivate(tp)
  static __thread long calls;
#pragma omp threadprivate(calls)
#pragma omp parallel
  a[0] = tp + (int)calls++ + counter;
  return a[0];
}
