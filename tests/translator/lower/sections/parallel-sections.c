// `parallel sections` is a region whose body is the sections loop.  The loop ends with
// __omp2numa_loop_end_nowait(): the end of the region is the barrier.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[#R:]] {
// CHECK-NEXT:   int *a;
// CHECK-NEXT: };
// CHECK-LABEL: void f(int *a)
// CHECK:      /* omp2numa: #pragma omp parallel sections */
// CHECK-NEXT: {
// CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[#R]], __OMP2NUMA_PROC_BIND_NONE, 0};
// CHECK-NEXT:   struct __o2n_ctx_[[#R]] __o2n_args = {.a = a};
// CHECK-NEXT:   __omp2numa_parallel(&__o2n_site, __o2n_region_[[#R]], &__o2n_args, 0, 1);
// CHECK-NEXT: }
void f(int *a) {
#pragma omp parallel sections
  {
#pragma omp section
    a[0] = 0;
#pragma omp section
    a[1] = 1;
  }
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK:        int *a = __o2n_ctx->a;
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0};
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, 2, 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:              case 0:
// CHECK-NEXT: #line [[#R+3]]
// CHECK-NEXT: a[0] = 0;
// CHECK:              case 1:
// CHECK-NEXT: #line [[#R+5]]
// CHECK-NEXT: a[1] = 1;
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK-NEXT: }
