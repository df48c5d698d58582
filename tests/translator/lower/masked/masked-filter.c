// `masked` runs its block on the thread whose number is the filter: 0 without a filter clause,
// else the filter expression, converted to int and evaluated by every thread.  No barrier.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        long n = __o2n_ctx->n;
// CHECK:      /* omp2numa: #pragma omp masked */
// CHECK-NEXT: {{^\{$}}
// CHECK-NEXT: {{^  }}if (__omp2numa_masked(0)) {
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     a[0] = 1;
// CHECK-NEXT: {{^  \}$}}
// CHECK-NEXT: {{^\}$}}
// CHECK:      /* omp2numa: #pragma omp masked filter ( n - 1 ) */
// CHECK-NEXT: {{^\{$}}
// CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
// CHECK-NEXT: {{^  }}if (__omp2numa_masked((int)((__typeof__((n - 1) % 1))(n - 1)))) {
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     { a[1] = 2; a[2] = 3; }
// CHECK-NEXT: {{^  \}$}}
// CHECK-NEXT: {{^\}$}}
// CHECK:      /* omp2numa: #pragma omp masked filter ( 2 ) */
// CHECK-NEXT: {{^\{$}}
// CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
// CHECK-NEXT: {{^  }}if (__omp2numa_masked((int)(2))) {
// CHECK-NOT:  __omp2numa_barrier
// CHECK:      {{^}}}{{$}}
void f(int *a, long n) {
#pragma omp parallel
  {
#pragma omp masked
    a[0] = 1;
#pragma omp masked filter(n - 1)
    { a[1] = 2; a[2] = 3; }
#pragma omp masked filter(2)
    a[3] = 4;
  }
}
