// reduction(inscan, max: m) on simd alone, with an exclusive scan: the encountering thread runs
// both passes over every iteration, without the runtime (its prefix is the original's value).  The
// statements before the directive are the scan phase: the first pass jumps over them to the input
// phase and keeps the running value before combining the iteration's; the second runs them and
// stops at the directive.  No simd hint: the first pass carries the running value.  The default
// modifier, reduction(default, +: t), is an ordinary reduction.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void running_max(int n, const double *a, double *b)
void running_max(int n, const double *a, double *b) {
  double m = 0;
#pragma omp simd reduction(inscan, max: m)
  for (int i = 0; i < n; i += 2) {
    b[i] = m;
#pragma omp scan exclusive(m)
    m = a[i] > m ? a[i] : m;
  }
}
// CHECK:      struct __o2n_redtgt_[[#R:]] __o2n_tgt = {.m = &m};
// CHECK-NEXT: double m = -__builtin_inf();
// CHECK-NEXT: double __o2n_scan_m = -__builtin_inf();
// CHECK-NEXT: double __o2n_scantotal_m = -__builtin_inf();
// CHECK-NEXT: double *const __o2n_scanbuf_m = (double *)__omp2numa_scan_buffer(__o2n_hi - __o2n_lo, sizeof(double));
// CHECK-NEXT: for (int __o2n_scan_pass_15 = 0; __o2n_scan_pass_15 < 2; ++__o2n_scan_pass_15) {
// CHECK-NEXT:   if (__o2n_scan_pass_15 == 1) {
// CHECK-NEXT:     __o2n_scantotal_m = __o2n_scan_m;
// CHECK-NEXT:     __o2n_scan_m = *__o2n_tgt.m;
// CHECK-NEXT:   }
// CHECK:          if (__o2n_scan_pass_15 != 1)
// CHECK-NEXT:       goto __o2n_scan_second_15;
// CHECK:          /* omp2numa: #pragma omp scan exclusive ( m ) */if (__o2n_scan_pass_15 == 1) goto __o2n_scan_end_15; __o2n_scan_second_15: ;
// CHECK:          __o2n_scan_end_15:
// CHECK-NEXT:     if (__o2n_scan_pass_15 == 0) {
// CHECK-NEXT:       __o2n_scanbuf_m[__o2n_k - __o2n_lo] = __o2n_scan_m;
// CHECK-NEXT:       __o2n_scan_m = m > __o2n_scan_m ? m : __o2n_scan_m;
// CHECK-NEXT:     }
// CHECK:      m = __o2n_scantotal_m;
// CHECK-NEXT: __omp2numa_scan_buffer_free(__o2n_scanbuf_m);
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_red_[[#R]] __o2n_part = {.m = m};
// CHECK-NEXT:   __o2n_combine_[[#R]](&__o2n_tgt, &__o2n_part);
// CHECK-NOT:  __omp2numa_scan_prefix
// CHECK-NOT:  #pragma omp simd

// CHECK-LABEL: double plain(int n, const double *a)
double plain(int n, const double *a) {
  double t = 0;
#pragma omp parallel for reduction(default, +: t)
  for (int i = 0; i < n; i++)
    t += a[i];
  return t;
}
// CHECK:      struct __o2n_red_{{[0-9]+}} __o2n_part = {.t = t};
// CHECK-NOT:  __o2n_scan
