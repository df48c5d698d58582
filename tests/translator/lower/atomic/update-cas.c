// `atomic` updates that no fetch-and-op builtin does are a compare-and-swap loop: a relaxed load
// of x into __o2n_old, then new = old op e (in the order the user wrote it) until
// __atomic_compare_exchange succeeds (sequentially consistent).  This covers floating-point x,
// the operators * / << >>, `x = e - x` (not x - e) and `x = e + x`, and an integer x updated with
// a floating-point operand (x = x + 1.5 converts the sum, not the operand, to int: the operand
// keeps its own type).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;
long l;
double d;
float fl;

// CHECK-LABEL: void f(int n, double e)
void f(int n, double e) {
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:      {{^\{$}}
  // CHECK-NEXT:   double *const __o2n_x = &(d);
  // CHECK-NEXT:   const double __o2n_e = (1.5);
  // CHECK-NEXT:   double __o2n_old;
// CHECK-NEXT:   double __o2n_new;
  // CHECK-NEXT:   __atomic_load(__o2n_x, &__o2n_old, __ATOMIC_RELAXED);
  // CHECK-NEXT:   do {
  // CHECK-NEXT:     __o2n_new = __o2n_old + __o2n_e;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
  // CHECK-NEXT:   (void)__o2n_new;
  // CHECK-NEXT: }
#pragma omp atomic
  d += 1.5;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        double *const __o2n_x = &(d);
  // CHECK-NEXT:   double __o2n_old;
// CHECK-NEXT:   double __o2n_new;
  // CHECK:          __o2n_new = __o2n_old + 1;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(
#pragma omp atomic
  d++;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (n);
  // CHECK:          __o2n_new = __o2n_e - __o2n_old;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(
#pragma omp atomic
  x = n - x;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (n);
  // CHECK:          __o2n_new = __o2n_e + __o2n_old;
  // CHECK-NEXT:   } while (!__atomic_compare_exchange(
#pragma omp atomic
  x = n + x;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (3);
  // CHECK:          __o2n_new = __o2n_old * __o2n_e;
#pragma omp atomic
  x *= 3;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (2);
  // CHECK:          __o2n_new = __o2n_old / __o2n_e;
#pragma omp atomic
  x = x / 2;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        long *const __o2n_x = &(l);
  // CHECK-NEXT:   const int __o2n_e = (n);
  // CHECK-NEXT:   long __o2n_old;
// CHECK-NEXT:   long __o2n_new;
  // CHECK:          __o2n_new = __o2n_old << __o2n_e;
#pragma omp atomic
  l <<= n;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:          __o2n_new = __o2n_old >> __o2n_e;
#pragma omp atomic
  l >>= 1;
  // An int updated with a double: the CAS loop, the operand stays double.
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        int *const __o2n_x = &(x);
  // CHECK-NEXT:   const double __o2n_e = (1.5);
  // CHECK-NEXT:   int __o2n_old;
// CHECK-NEXT:   int __o2n_new;
  // CHECK-NOT:    __atomic_fetch_add
  // CHECK:          __o2n_new = __o2n_old + __o2n_e;
#pragma omp atomic
  x += 1.5;
  // A float updated with a double.
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        float *const __o2n_x = &(fl);
  // CHECK-NEXT:   const double __o2n_e = (e);
  // CHECK-NEXT:   float __o2n_old;
// CHECK-NEXT:   float __o2n_new;
  // CHECK:          __o2n_new = __o2n_old * __o2n_e;
#pragma omp atomic
  fl = fl * e;
}
