// collapse(2): each loop of the nest gets its own bounds, step and trip count (suffix _0 for the
// outermost), the loop site sees their product, and the logical iteration __o2n_k is split back
// innermost first: j = k % n_1 (the innermost varies fastest), then i = k / n_1.  The outer
// loop's value needs no `%`.  Only the innermost body is copied.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
// CHECK-NEXT:   const int __o2n_lb_0 = (0);
// CHECK-NEXT:   const int __o2n_ub_0 = (n);
// CHECK-NEXT:   const uint64_t __o2n_step_0 = 1;
// CHECK-NEXT:   const uint64_t __o2n_n_0 = (__o2n_lb_0 < __o2n_ub_0) ? (((uint64_t)__o2n_ub_0 - (uint64_t)__o2n_lb_0) - 1) / __o2n_step_0 + 1 : 0;
// CHECK-NEXT:   const int __o2n_lb_1 = (1);
// CHECK-NEXT:   const int __o2n_ub_1 = (m);
// CHECK-NEXT:   const uint64_t __o2n_step_1 = (uint64_t)(2);
// CHECK-NEXT:   const uint64_t __o2n_n_1 = (__o2n_lb_1 <= __o2n_ub_1) ? (((uint64_t)__o2n_ub_1 - (uint64_t)__o2n_lb_1)) / __o2n_step_1 + 1 : 0;
// CHECK-NEXT:   const uint64_t __o2n_n = __o2n_n_0 * __o2n_n_1;
// CHECK-NEXT:   const int64_t __o2n_chunk = 0;
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       uint64_t __o2n_rest = __o2n_k;
// CHECK-NEXT:       int j = (int)((uint64_t)__o2n_lb_1 + (__o2n_rest % __o2n_n_1) * __o2n_step_1);
// CHECK-NEXT:       (void)j;
// CHECK-NEXT:       __o2n_rest /= __o2n_n_1;
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb_0 + __o2n_rest * __o2n_step_0);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT: #line [[#R+2]]
// CHECK-EMPTY:
// CHECK-NEXT: a[i * m + j] = 0;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
void f(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 1; j <= m; j += 2)
      a[i * m + j] = 0;
}

// Braces around the inner loop and its body: the nest is still perfect.
// CHECK-LABEL: void g(int n, int m, double *a)
// CHECK:              int j = (int)((uint64_t)__o2n_lb_1 + (__o2n_rest % __o2n_n_1) * __o2n_step_1);
// CHECK:              __o2n_rest /= __o2n_n_1;
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb_0 + __o2n_rest * __o2n_step_0);
// CHECK:        #line [[@LINE+8]]
// CHECK-NEXT: {{^ }}{
// CHECK-NEXT:       a[i * m + j] = 1;
// CHECK-NEXT:     }
// CHECK:        __omp2numa_loop_end();
void g(int n, int m, double *a) {
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      a[i * m + j] = 1;
    }
  }
}
