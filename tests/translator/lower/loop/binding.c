// The loop construct becomes the construct it binds to, as gcc 12 lowers it.  Closely nested in
// a parallel region without bind, or with bind(parallel) (also orphaned): a worksharing loop
// that ends with a barrier (loop_end, not loop_end_nowait).  With bind(thread), or without bind
// in another construct: the simd lowering, every iteration on the encountering thread, without
// the runtime.  parallel loop: parallel for.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void orphaned(int n, int *a) {
// CHECK:         static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#@LINE+3]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
// CHECK:         __omp2numa_loop_end();
void orphaned(int n, int *a) {
#pragma omp loop bind(parallel)
  for (int i = 0; i < n; i++)
    a[i] = i;
}

// CHECK-LABEL: void thread(int n, int *a) {
// CHECK-NOT:     __omp2numa_loop_start
// CHECK:         const uint64_t __o2n_lo = 0, __o2n_hi = __o2n_n;
// CHECK-NEXT:    #pragma GCC diagnostic push
// CHECK:         #pragma omp simd
// CHECK-NEXT:    for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NOT:     __omp2numa_loop_start
// CHECK:       }
void thread(int n, int *a) {
#pragma omp loop bind(thread)
  for (int i = 0; i < n; i++)
    a[i] = i;
}

// CHECK-LABEL: void nested(int n, int *a) {
// CHECK:       static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:         __omp2numa_loop_start(
// CHECK:         __omp2numa_loop_end();
// CHECK:         const uint64_t __o2n_lo = 0, __o2n_hi = __o2n_n;
// CHECK-NOT:     __omp2numa_loop_start
// CHECK:       }
void nested(int n, int *a) {
#pragma omp parallel
  {
#pragma omp loop
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma omp single
    {
#pragma omp loop
      for (int i = 0; i < n; i++)
        a[i] += i;
    }
  }
}

// CHECK-LABEL: void combined(int n, int *a) {
// CHECK:         __omp2numa_parallel(&__o2n_site, __o2n_region_[[#R:]], &__o2n_args,
// CHECK:       static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK:         static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
void combined(int n, int *a) {
#pragma omp parallel loop collapse(2) order(concurrent)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * n + j] = 0;
}
