// `atomic` / `atomic update` on an integer with + - & | ^ (and ++ / --) is one fetch-and-op
// builtin on x.  The operand is evaluated once, into a temporary of x's type; ++ and -- use the
// constant 1.  `x = x + e` and `x = x - e` are the same as `x += e` and `x -= e`.  (`x = e + x`
// keeps its operand order in a compare-and-swap loop: update-cas.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;
unsigned u;

// CHECK-LABEL: void f(int n)
void f(int n) {
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:      {{^\{$}}
  // CHECK-NEXT:   int *const __o2n_x = &(x);
  // CHECK-NEXT:   const int __o2n_e = (n);
  // CHECK-NEXT:   int __o2n_old;
// CHECK-NEXT:   int __o2n_new;
  // CHECK-NEXT:   __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + __o2n_e;
  // CHECK-NEXT:   (void)__o2n_new;
  // CHECK-NEXT: }
#pragma omp atomic
  x += n;
  // CHECK:      /* omp2numa: #pragma omp atomic update */
  // CHECK:      {{^\{$}}
  // CHECK-NEXT:   int *const __o2n_x = &(x);
  // CHECK-NEXT:   int __o2n_old;
// CHECK-NEXT:   int __o2n_new;
  // CHECK-NEXT:   __o2n_old = __atomic_fetch_add(__o2n_x, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT:   __o2n_new = __o2n_old + 1;
#pragma omp atomic update
  x++;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        __o2n_old = __atomic_fetch_sub(__o2n_x, 1, __ATOMIC_SEQ_CST);
#pragma omp atomic
  --x;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (2 * n);
  // CHECK:        __o2n_old = __atomic_fetch_sub(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  x -= 2 * n;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        unsigned int *const __o2n_x = &(u);
  // CHECK-NEXT:   const unsigned int __o2n_e = (3u);
  // CHECK:        __o2n_old = __atomic_fetch_and(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  u &= 3u;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        __o2n_old = __atomic_fetch_or(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  u |= 4u;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        __o2n_old = __atomic_fetch_xor(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  u ^= 5u;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (n);
  // CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  x = x + n;
  // CHECK:      /* omp2numa: #pragma omp atomic */
  // CHECK:        const int __o2n_e = (n);
  // CHECK-NOT:  }
  // CHECK:        __o2n_old = __atomic_fetch_sub(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
#pragma omp atomic
  x = x - n;
}
