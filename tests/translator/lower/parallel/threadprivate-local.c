// A block-scope static variable made threadprivate is, like a file-scope one, a thread-local
// variable that every thread names directly: an outlined region must not capture it (capturing
// it would hand every thread the primary thread's copy), and copyin assigns each thread's own
// copy from the primary's.
//
// The block-scope static moves to file scope as a _Thread_local variable, so the outlined
// regions (defined after the function) see it.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[R1:[0-9]+]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[R2:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void counters(int *a)
void counters(int *a) {
  // CHECK-NOT:  .tp = &tp
  static int tp;
#pragma omp threadprivate(tp)
#pragma omp parallel
  {
    tp++;
    a[0] = tp;
  }
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[R1]],
  // CHECK-NOT:  .tp = &tp
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[R2]],
#pragma omp parallel copyin(tp)
  a[1] = tp;
}
// CHECK:      static void __o2n_region_[[R1]](void *__o2n_data)
// CHECK-NOT:  __o2n_ctx->tp;
// CHECK:      {{^}}  {
// CHECK-NEXT:     tp++;
// CHECK-NEXT:     a[0] = tp;
// CHECK:      static void __o2n_region_[[R2]](void *__o2n_data)
// CHECK-NOT:  __o2n_ctx->tp;
// CHECK:      {{^}}  a[1] = tp;
