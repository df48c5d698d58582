// `single nowait`: the same __omp2numa_single_start() test, without the barrier after it.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void f(int *a)
// CHECK:      /* omp2numa: #pragma omp single nowait */
// CHECK-NEXT: {
// CHECK-NEXT:   if (__omp2numa_single_start()) {
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:   a[0] = 1;
// CHECK-NEXT:   __omp2numa_single_end();
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  __omp2numa_barrier
// CHECK:      a[1] = 2;
void f(int *a) {
#pragma omp single nowait
  a[0] = 1;
  a[1] = 2;
}
