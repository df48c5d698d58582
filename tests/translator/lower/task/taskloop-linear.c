// linear on taskloop simd: the value where the tasks are created (__o2n_first_x) and the step,
// evaluated there too, travel in the context with the original's address; each task's copy
// takes first + k * step in logical iteration k, and the task of the last iteration writes it
// back.  A linear loop variable is the loop's: it ends as the sequential loop leaves it.  (gcc
// 12 stops with an internal error on a step read from a variable, like s here.)
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// DIAG-NOT: error

int f(int n, int s, double *q) {
  int j = 0, i;
#pragma omp parallel
#pragma omp single
// CHECK:      static void __o2n_taskloop_[[#TL:]](void *__o2n_data, uint64_t __o2n_lo, uint64_t __o2n_hi)
// CHECK:      int j = __o2n_ctx->__o2n_first_j;
// CHECK:      double *q = __o2n_ctx->__o2n_first_q;
// CHECK:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK:        j = (int)((uint64_t)__o2n_ctx->__o2n_first_j + __o2n_k * __o2n_ctx->__o2n_linstep_j);
// CHECK-NEXT:   q = __o2n_ctx->__o2n_first_q + (ptrdiff_t)(__o2n_k * __o2n_ctx->__o2n_linstep_q);
// CHECK:      if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:   *__o2n_ctx->i = (int)((uint64_t)__o2n_lb + __o2n_n * __o2n_step);
// CHECK-NEXT:   *__o2n_ctx->j = j;
// CHECK-NEXT:   *__o2n_ctx->q = q;
// CHECK:      struct __o2n_ctx_[[#TL]] __o2n_args = {.__o2n_linstep_j = (uint64_t)((__typeof__((s * 2) % 1))(s * 2)), .__o2n_linstep_q = (uint64_t)1, {{.*}}.j = &(*j), .__o2n_first_j = (*j), .q = &(*q), .__o2n_first_q = (*q), .i = &(*i),
#pragma omp taskloop simd linear(j : s * 2) linear(q) linear(i)
  for (i = 0; i < n; i++) {
    j += s * 2;
    q++;
  }
  return j + i;
}
