// for simd and parallel for simd: the worksharing part is lowered as for and parallel for are,
// and the loop that runs each chunk keeps the `#pragma omp simd` hint.  The loop variable
// declared before the loop is lastprivate (its value after the sequential loop, as gcc and clang
// give it); linear(j: 2) starts each iteration at j0 + k * 2, and the last iteration's value is
// copied back, after a barrier that lets every thread read j0 first.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %cc -std=c11 -fsyntax-only -fopenmp-simd -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      void axpy(
// CHECK:      /* omp2numa: #pragma omp for simd schedule ( static , 64 ) linear ( j : 2 ) nowait */
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {{{.*}}, __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK:        int *const __o2n_last_j = &(*j);
// CHECK-NEXT:   const int __o2n_lin_j = (*j);
// CHECK-NEXT: #line {{[0-9]+}} "{{[^"]*}}"
// CHECK-NEXT:   const uint64_t __o2n_linstep_j = (uint64_t)(2);
// CHECK-NEXT:   int j = __o2n_lin_j;
// CHECK-NEXT:   __omp2numa_barrier();
// CHECK:        if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT: #pragma GCC diagnostic push
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wunknown-pragmas"
// CHECK-NEXT: #pragma omp simd lastprivate(j){{$}}
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT:       j = (int)((uint64_t)__o2n_lin_j + __o2n_k * __o2n_linstep_j);
// CHECK:            y[i] += a * x[j];
// CHECK:      #pragma GCC diagnostic pop
// CHECK-NEXT:     if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_j = j;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
void axpy(int n, float a, const float *x, float *y) {
  int j = 0;
#pragma omp parallel
  {
#pragma omp for simd schedule(static, 64) linear(j : 2) nowait
    for (int i = 0; i < n; i++) {
      y[i] += a * x[j];
      j += 2;
    }
  }
  y[0] = (float)j;
}

// CHECK:      double sum(
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK:        int *const __o2n_last_i = i;
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.s = &(*s)};
// CHECK-NEXT:   int i;
// CHECK-NEXT:   double s = 0;
// CHECK:      #pragma omp simd reduction(+: s) safelen(8) private(i){{$}}
// CHECK:            *__o2n_last_i = (int)((uint64_t)__o2n_lb + __o2n_n * __o2n_step);
// CHECK:        __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt, sizeof __o2n_tgt);
double sum(int n, const double *v) {
  double s = 0;
  int i;
#pragma omp parallel for simd reduction(+ : s) safelen(8) if(parallel: n > 1000)
  for (i = 0; i < n; i++)
    s += v[i];
  return s + i;
}
