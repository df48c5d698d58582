// The capture form `{v = x; x = expr;}` (swap) is one __atomic_exchange: expr is evaluated into
// __o2n_new, the old value lands in __o2n_old and is assigned to v.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;
double d;

// CHECK-LABEL: void f(int n, int *v, double *dv)
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int *const __o2n_x = &(x);
// CHECK-NEXT:   int __o2n_new = (n + 1);
// CHECK-NEXT:   int __o2n_old;
// CHECK-NEXT:   __atomic_exchange(__o2n_x, &__o2n_new, &__o2n_old, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (v[0]) = __o2n_old;
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   double *const __o2n_x = &(d);
// CHECK-NEXT:   double __o2n_new = (0.5);
// CHECK-NEXT:   double __o2n_old;
// CHECK-NEXT:   __atomic_exchange(__o2n_x, &__o2n_new, &__o2n_old, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (dv[0]) = __o2n_old;
// CHECK-NEXT: }
void f(int n, int *v, double *dv) {
#pragma omp atomic capture
  { v[0] = x; x = n + 1; }
#pragma omp atomic capture
  { dv[0] = d; d = 0.5; }
}
