// parallel master and parallel masked [filter(e)]: a region whose body runs on the filter's
// thread only (thread 0 without a filter); the filter is evaluated by each thread in the region.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[M:[0-9]+]] {
// CHECK:      /* omp2numa: #pragma omp parallel master num_threads ( 4 ) */
// CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[M]], &__o2n_args, (int)(4), 1);
// CHECK:      /* omp2numa: #pragma omp parallel masked filter ( k ) private ( t ) */
// CHECK:      static void __o2n_region_[[M]](void *__o2n_data)
// CHECK:        if (__omp2numa_masked(0)) {
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK:        int k = __o2n_ctx->k;
// CHECK:        int t;
// CHECK:        if (__omp2numa_masked((int)(k))) {
// CHECK:          t = k * 2;
void f(int *a, int k) {
#pragma omp parallel master num_threads(4)
  a[0] = 1;
  int t;
#pragma omp parallel masked filter(k) private(t)
  {
    t = k * 2;
    a[1] = t;
  }
}
