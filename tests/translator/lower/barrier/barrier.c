// `#pragma omp barrier` becomes a call of __omp2numa_barrier() where the pragma was, after a
// comment that keeps the pragma's text; the line that follows is marked with its own line.  It
// is lowered the same way in a region and orphaned (in a function called from a region).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data);
// CHECK-LABEL: void in_region(int *a)
void in_region(int *a) {
#pragma omp parallel
  {
    a[0] = 1;
#pragma omp barrier
    a[1] = a[0];
  }
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK:      #line [[#R]]
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT:     a[0] = 1;
// CHECK-NEXT: /* omp2numa: #pragma omp barrier */ __omp2numa_barrier();
// CHECK-NEXT: #line [[#R+3]] "{{[^"]*}}barrier.c"
// CHECK-EMPTY:
// CHECK-NEXT:     a[1] = a[0];
// CHECK-NEXT:   }

// CHECK-LABEL: void orphaned(int *a)
void orphaned(int *a) {
  a[0] = 1;
  // CHECK:      /* omp2numa: #pragma omp barrier */ __omp2numa_barrier();
  // CHECK-NEXT: #line [[@LINE+1]] "{{[^"]*}}barrier.c"
#pragma omp barrier
  a[1] = a[0];
}
