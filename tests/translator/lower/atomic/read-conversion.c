// `atomic read` with v and x of different arithmetic types: x is loaded atomically with its own
// type, and the assignment to v converts, as in C.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

double d;
int x;

// CHECK-LABEL: void f(long *lv, float *fv)
// CHECK:      /* omp2numa: #pragma omp atomic read */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   double *const __o2n_x = &(d);
// CHECK-NEXT:   double __o2n_v;
// CHECK-NEXT:   __atomic_load(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (lv[0]) = __o2n_v;
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp atomic read */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int *const __o2n_x = &(x);
// CHECK-NEXT:   int __o2n_v;
// CHECK-NEXT:   __atomic_load(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (fv[0]) = __o2n_v;
// CHECK-NEXT: }
void f(long *lv, float *fv) {
#pragma omp atomic read
  lv[0] = d;
#pragma omp atomic read
  fv[0] = x;
}
