// The unnamed `critical` takes the lock of the null name, (const char *)0, cached in a static
// pointer of its own construct, and releases it with the same pointer after the block.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int g;

// CHECK-LABEL: void f(int n)
// CHECK:      /* omp2numa: #pragma omp critical */
// CHECK-NEXT: {
// CHECK-NEXT:   static void *__o2n_lock;
// CHECK-NEXT:   __omp2numa_critical_start(&__o2n_lock, (const char *)0);
// CHECK-NEXT: #line [[@LINE+6]]
// CHECK-EMPTY:
// CHECK-NEXT:   g += n;
// CHECK-NEXT:   __omp2numa_critical_end(&__o2n_lock);
// CHECK-NEXT: }
void f(int n) {
#pragma omp critical
  g += n;
}

// In a region, with a compound statement.
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp critical */
// CHECK-NEXT: {
// CHECK-NEXT:   static void *__o2n_lock;
// CHECK-NEXT:   __omp2numa_critical_start(&__o2n_lock, (const char *)0);
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     {
// CHECK-NEXT:       g++;
// CHECK-NEXT:       a[0] = g;
// CHECK-NEXT:     }
// CHECK-NEXT:   __omp2numa_critical_end(&__o2n_lock);
// CHECK-NEXT: }
void in_region(int *a) {
#pragma omp parallel
  {
#pragma omp critical
    {
      g++;
      a[0] = g;
    }
  }
}
