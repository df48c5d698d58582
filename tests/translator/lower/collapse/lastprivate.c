// lastprivate of the loop variables of a collapsed nest: each gets the value it has after the
// sequential nest, lb + n * step of its own loop (the inner variable too: after the last
// outer iteration, the inner loop has run to its end).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_i = (int)((uint64_t)__o2n_lb_0 + __o2n_n_0 * __o2n_step_0);
// CHECK-NEXT:       *__o2n_last_j = (int)((uint64_t)__o2n_lb_1 + __o2n_n_1 * __o2n_step_1);
// CHECK-NEXT:     }
int f(int n, int m, double *a) {
  int i, j;
#pragma omp parallel for collapse(2) lastprivate(i, j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = 0;
  return i + j;
}
