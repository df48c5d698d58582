// A pointer is a scalar, so `atomic` updates of a pointer are allowed: p += n moves it by n
// elements.  The __atomic_fetch_add builtin would add bytes, not elements, so a pointer is
// updated with the compare-and-swap loop, where the addition is C's pointer arithmetic; old and
// new have the pointer's type.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int *p;

// CHECK-LABEL: void f(int n, int **v)
// CHECK:      /* omp2numa: #pragma omp atomic */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int **const __o2n_x = &(p);
// CHECK-NEXT:   const int __o2n_e = (n);
// CHECK-NEXT:   int *__o2n_old{{[,;]}}
// CHECK-NOT:    __atomic_fetch_add
// CHECK:          __o2n_new = __o2n_old + __o2n_e;
// CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK-NOT:    __atomic_fetch_add
// CHECK:          __o2n_new = __o2n_old + 1;
// CHECK-NEXT:   } while (!__atomic_compare_exchange(__o2n_x, &__o2n_old, &__o2n_new, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
// CHECK-NEXT:   (v[0]) = __o2n_old;
// CHECK:      /* omp2numa: #pragma omp atomic capture */
// CHECK:        __atomic_exchange(__o2n_x, &__o2n_new, &__o2n_old, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (v[1]) = __o2n_old;
void f(int n, int **v) {
#pragma omp atomic
  p += n;
#pragma omp atomic capture
  v[0] = p++;
#pragma omp atomic capture
  { v[1] = p; p = v[0]; }
}
