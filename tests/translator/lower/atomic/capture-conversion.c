// `atomic capture` with v of another type than x: x is updated with its own type and the
// captured value converts on assignment to v, as in C.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;

// CHECK-LABEL: void f(int n, long *lv, double *dv)
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:        int *const __o2n_x = &(x);
// CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, 1, __ATOMIC_SEQ_CST);
// CHECK:        (lv[0]) = __o2n_old;
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:        int *const __o2n_x = &(x);
// CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
// CHECK:        (dv[0]) = __o2n_new;
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:        int *const __o2n_x = &(x);
// CHECK:        (lv[1]) = __o2n_old;
void f(int n, long *lv, double *dv) {
#pragma omp atomic capture
  lv[0] = x++;
#pragma omp atomic capture
  dv[0] = x += n;
  // Accepted today.
#pragma omp atomic capture
  { lv[1] = x; x -= n; }
}
