// A named `critical` passes its name as a string; names are program-wide, so the runtime finds
// the lock by name.  Each construct has its own static lock cache (`static void *__o2n_lock;`
// in its own block), even when two constructs share a name: both caches end up pointing to the
// runtime's one lock for that name.  The name is a separate namespace from C identifiers.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int g;

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:      /* omp2numa: #pragma omp critical ( update ) */
// CHECK-NEXT: {
// CHECK-NEXT:   static void *__o2n_lock;
// CHECK-NEXT:   __omp2numa_critical_start(&__o2n_lock, "update");
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT:     g += n;
// CHECK-NEXT:   __omp2numa_critical_end(&__o2n_lock);
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp critical ( update ) */
// CHECK-NEXT: {
// CHECK-NEXT:   static void *__o2n_lock;
// CHECK-NEXT:   __omp2numa_critical_start(&__o2n_lock, "update");
// CHECK:          a[0] = g;
// CHECK-NEXT:   __omp2numa_critical_end(&__o2n_lock);
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp critical ( g ) */
// CHECK-NEXT: {
// CHECK-NEXT:   static void *__o2n_lock;
// CHECK-NEXT:   __omp2numa_critical_start(&__o2n_lock, "g");
// CHECK:          g--;
// CHECK-NEXT:   __omp2numa_critical_end(&__o2n_lock);
// CHECK-NEXT: }
void f(int n, int *a) {
#pragma omp parallel
  {
#pragma omp critical(update)
    g += n;
#pragma omp critical (update)
    a[0] = g;
#pragma omp critical(g)
    g--;
  }
}
