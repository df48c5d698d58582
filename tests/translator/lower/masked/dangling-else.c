// A master or masked construct that is the body of an `if` with an `else`: the `else` must
// stay with the user's `if`.  The lowering must be a single statement that cannot take an
// `else`, for example a compound statement `{ if (__omp2numa_masked(0)) {...} }`.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        if (c)
// CHECK-NEXT: /* omp2numa: #pragma omp master */
// CHECK-NEXT: {{^\{$}}
// CHECK-NEXT: {{^  }}if (__omp2numa_masked(0)) {
// CHECK-NEXT: #line [[@LINE+13]] "{{[^"]*}}dangling-else.c"
// CHECK-EMPTY:
// CHECK-NEXT:       a[0] = 1;
// CHECK-NEXT: {{^  \}$}}
// CHECK-NEXT: {{^\}$}}
// CHECK-NEXT: #line [[@LINE+9]] "{{[^"]*}}dangling-else.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^ *}}else{{$}}
// CHECK-NEXT:       a[1] = 2;
void f(int c, int *a) {
#pragma omp parallel
  {
    if (c)
#pragma omp master
      a[0] = 1;
    else
      a[1] = 2;
  }
}
