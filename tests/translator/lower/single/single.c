// `single` asks the runtime whether this thread runs the block (__omp2numa_single_start(), 1 on
// the first thread to arrive), then waits at the construct's implicit barrier.  The same in a
// region and orphaned.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void orphaned(int *a)
// CHECK:      /* omp2numa: #pragma omp single */
// CHECK-NEXT: {
// CHECK-NEXT:   if (__omp2numa_single_start()) {
// CHECK-NEXT: #line [[@LINE+8]]
// CHECK-EMPTY:
// CHECK-NEXT:   a[0] = 1;
// CHECK-NEXT:   __omp2numa_single_end();
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK-NEXT: }
void orphaned(int *a) {
#pragma omp single
  a[0] = 1;
}

// CHECK-LABEL: void in_region(int *a)
void in_region(int *a) {
#pragma omp parallel
  {
#pragma omp single
    {
      a[0] = 1;
      a[1] = 2;
    }
    a[2] = a[0];
  }
}
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp single */
// CHECK-NEXT: {
// CHECK-NEXT:   if (__omp2numa_single_start()) {
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     {
// CHECK-NEXT:       a[0] = 1;
// CHECK-NEXT:       a[1] = 2;
// CHECK-NEXT:     }
// CHECK-NEXT:   __omp2numa_single_end();
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK-NEXT: }
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     a[2] = a[0];
