// `master` runs its block on thread 0: `if (__omp2numa_masked(0))`, with no barrier.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp master */
// CHECK-NEXT: {{^\{$}}
// CHECK-NEXT: {{^  }}if (__omp2numa_masked(0)) {
// CHECK-NEXT: #line [[@LINE+11]]
// CHECK-EMPTY:
// CHECK-NEXT:     a[0] = 1;
// CHECK-NEXT: {{^  \}$}}
// CHECK-NEXT: {{^\}$}}
// CHECK-NEXT: #line [[@LINE+7]]
// CHECK-EMPTY:
// CHECK-NEXT:     a[1] = 2;
void f(int *a) {
#pragma omp parallel
  {
#pragma omp master
    a[0] = 1;
    a[1] = 2;
  }
}
