// A register variable has no address.  A region that shares it captures it through a shadow
// copied in before the region and out after it; a worksharing construct in the region reduces
// into it (and writes its lastprivate value) through the region's pointer to the shadow.  An
// orphaned worksharing construct cannot name a register local in reduction or lastprivate: the
// variable is private to each thread that calls the function (gcc's 'private in outer context',
// diagnostics/private-in-outer-context.c).  A register array still cannot be reached
// (fuzz-findings.c).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: int f(int n, const int *a) {
// CHECK:        int __o2n_reg_q = q;
// CHECK-NEXT:   int __o2n_reg_last = last;
// CHECK-NEXT:   struct __o2n_ctx_{{[0-9]+}} __o2n_args = {.n = n, .a = a, .q = &__o2n_reg_q, .last = &__o2n_reg_last};
// CHECK-NEXT:   __omp2numa_parallel(
// CHECK-NEXT:   q = __o2n_reg_q;
// CHECK-NEXT:   last = __o2n_reg_last;
// CHECK:        int *const q = __o2n_ctx->q;
// CHECK:        int *const last = __o2n_ctx->last;
// CHECK:      /* omp2numa: #pragma omp for reduction ( + : q ) lastprivate ( last ) */
// CHECK:        int *const __o2n_last_last = &(*last);
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.q = &(*q)};
// CHECK:        __atomic_fetch_add(__o2n_tgt.q, q, __ATOMIC_RELAXED);
// CHECK:        __omp2numa_loop_end();
int f(int n, const int *a) {
  register int q = 0, last = -1;
#pragma omp parallel
#pragma omp for reduction(+ : q) lastprivate(last)
  for (int i = 0; i < n; i++) {
    q += a[i];
    last = i;
  }
  return q + last;
}
