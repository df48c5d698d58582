// reduction(inscan, +: s) on for, with an inclusive scan: a static schedule (one block per
// thread), a buffer of the block's running values, two passes over the block (the first runs the
// input phase, each iteration from the identity; between them the threads' totals become each
// thread's prefix, from the original's value on; the second runs the scan phase from the prefix
// and the value kept), then the thread's total goes to the reduction as usual.  No simd hint.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void prefix(int n, const int *a, int *b)
void prefix(int n, const int *a, int *b) {
  int s = 0;
#pragma omp parallel
#pragma omp for reduction(inscan, +: s)
  for (int i = 0; i < n; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
}
// CHECK:      static struct __omp2numa_loop_site __o2n_loop = {"{{.*}}for-inclusive.c", 15, __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
// CHECK:      struct __o2n_redtgt_15 __o2n_tgt = {.s = &(*s)};
// CHECK-NEXT: int s = 0;
// CHECK-NEXT: int __o2n_scan_s = 0;
// CHECK-NEXT: int __o2n_scantotal_s = 0;
// CHECK-NEXT: if (!__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi))
// CHECK-NEXT:   __o2n_lo = __o2n_hi = 0;
// CHECK-NEXT: int *const __o2n_scanbuf_s = (int *)__omp2numa_scan_buffer(__o2n_hi - __o2n_lo, sizeof(int));
// CHECK-NEXT: for (int __o2n_scan_pass_15 = 0; __o2n_scan_pass_15 < 2; ++__o2n_scan_pass_15) {
// CHECK-NEXT:   if (__o2n_scan_pass_15 == 1) {
// CHECK-NEXT:     __o2n_scantotal_s = __o2n_scan_s;
// CHECK-NEXT:     __o2n_scan_s = *__o2n_tgt.s;
// CHECK-NEXT:     __omp2numa_scan_prefix(&(struct __o2n_red_15){.s = __o2n_scantotal_s}, __o2n_combine_15, &(struct __o2n_redtgt_15){.s = &__o2n_scan_s});
// CHECK-NEXT:   }
// CHECK-NEXT:   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:     int i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
// CHECK-NEXT:     (void)i;
// CHECK-NEXT:     if (__o2n_scan_pass_15 == 0) {
// CHECK-NEXT:       s = 0;
// CHECK-NEXT:     } else {
// CHECK-NEXT:       s = __o2n_scan_s;
// CHECK-NEXT:       s = s + __o2n_scanbuf_s[__o2n_k - __o2n_lo];
// CHECK-NEXT:     }
// CHECK-NEXT:     if (__o2n_scan_pass_15 != 0)
// CHECK-NEXT:       goto __o2n_scan_second_15;
// CHECK-NEXT: #line 16
// CHECK-NEXT:  {
// CHECK-NEXT:     s += a[i];
// CHECK-NEXT:     /* omp2numa: #pragma omp scan inclusive ( s ) */if (__o2n_scan_pass_15 == 0) goto __o2n_scan_end_15; __o2n_scan_second_15: ;
// CHECK:          b[i] = s;
// CHECK-NEXT:   }
// CHECK-NEXT:     __o2n_scan_end_15:
// CHECK-NEXT:     if (__o2n_scan_pass_15 == 0) {
// CHECK-NEXT:       __o2n_scan_s = __o2n_scan_s + s;
// CHECK-NEXT:       __o2n_scanbuf_s[__o2n_k - __o2n_lo] = __o2n_scan_s;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: s = __o2n_scantotal_s;
// CHECK-NEXT: __omp2numa_scan_buffer_free(__o2n_scanbuf_s);
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_red_15 __o2n_part = {.s = s};
// CHECK-NEXT:   __omp2numa_reduce(&__o2n_part, __o2n_combine_15, &__o2n_tgt);
// CHECK-NEXT: }
// CHECK-NEXT: __omp2numa_loop_end_nowait();
// CHECK-NOT:  #pragma omp simd
