// `atomic capture` is the update's fetch-and-op (or CAS loop) followed by the assignment of the
// captured value to v: the old value for `v = x++`, `v = x--` and `{v = x; x op= e;}`, the new
// one for `v = ++x`, `v = x op= e`, `v = x = x op e` and `{x op= e; v = x;}`.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;
double d;

// CHECK-LABEL: void f(int n, int *v, double *dv)
void f(int n, int *v, double *dv) {
  // Old value.
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:      {{^\{$}}
  // CHECK-NEXT:   int *const __o2n_x = &(x);
  // CHECK-NEXT:   int __o2n_old;
// CHECK-NEXT:   int __o2n_new;
  // CHECK-NEXT:   __o2n_old = __atomic_fetch_add(__o2n_x, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + 1;
  // CHECK-NEXT:   (v[0]) = __o2n_old;
  // CHECK-NEXT:   (void)__o2n_new;
  // CHECK-NEXT: }
#pragma omp atomic capture
  v[0] = x++;
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        __o2n_old = __atomic_fetch_sub(__o2n_x, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old - 1;
  // CHECK-NEXT:   (v[1]) = __o2n_old;
#pragma omp atomic capture
  v[1] = x--;
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        const int __o2n_e = (n);
  // CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + __o2n_e;
  // CHECK-NEXT:   (v[2]) = __o2n_old;
#pragma omp atomic capture
  { v[2] = x; x += n; }

  // New value.
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + 1;
  // CHECK-NEXT:   (v[3]) = __o2n_new;
#pragma omp atomic capture
  v[3] = ++x;
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        const int __o2n_e = (n);
  // CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + __o2n_e;
  // CHECK-NEXT:   (v[4]) = __o2n_new;
#pragma omp atomic capture
  v[4] = x += n;
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        __o2n_old = __atomic_fetch_sub(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old - __o2n_e;
  // CHECK-NEXT:   (v[5]) = __o2n_new;
#pragma omp atomic capture
  { x -= n; v[5] = x; }
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:          __o2n_new = __o2n_old * __o2n_e;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  // CHECK-NEXT:   (v[6]) = __o2n_new;
#pragma omp atomic capture
  v[6] = x = x * n;

  // A CAS loop captures the same way.
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        double *const __o2n_x = &(d);
  // CHECK:          __o2n_new = __o2n_old * __o2n_e;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  // CHECK-NEXT:   (dv[0]) = __o2n_new;
#pragma omp atomic capture
  dv[0] = d *= 2.0;
  // CHECK:      /* omp2numa: #pragma omp atomic capture */
  // CHECK:        double *const __o2n_x = &(d);
  // CHECK:          __o2n_new = __o2n_old + 1;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  // CHECK-NEXT:   (dv[1]) = __o2n_old;
#pragma omp atomic capture
  { dv[1] = d; d++; }
}
