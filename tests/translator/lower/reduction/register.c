// A register variable has no address.  Where a worksharing construct outside any region writes
// its result back (reduction, lastprivate), the construct works on a shadow copied in before it
// and out after it, in a block of their own; a region captures it through a shadow too.  A
// register array still cannot be reached (fuzz-findings.c).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      /* omp2numa: #pragma omp for reduction ( + : q ) lastprivate ( last ) */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int __o2n_reg_last = last;
// CHECK-NEXT:   int __o2n_reg_q = q;
// CHECK-NEXT: {{^\{$}}
// CHECK:        int *const __o2n_last_last = &__o2n_reg_last;
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.q = &__o2n_reg_q};
// CHECK:        __omp2numa_loop_end();
// CHECK-NEXT: {{^\}$}}
// CHECK-NEXT:   last = __o2n_reg_last;
// CHECK-NEXT:   q = __o2n_reg_q;
// CHECK-NEXT: {{^\}$}}
int f(int n, const int *a) {
  register int q = 0, last = -1;
#pragma omp for reduction(+ : q) lastprivate(last)
  for (int i = 0; i < n; i++) {
    q += a[i];
    last = i;
  }
  return q + last;
}
