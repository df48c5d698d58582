// collapse(3) with loops of different directions and types: the trip count is n_0 * n_1 * n_2,
// and the logical iteration is split innermost first (k, then j, then i).  A decreasing loop
// subtracts its step.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
// CHECK:        const uint64_t __o2n_n_1 = (__o2n_lb_1 > __o2n_ub_1) ? (((uint64_t)__o2n_lb_1 - (uint64_t)__o2n_ub_1) - 1) / __o2n_step_1 + 1 : 0;
// CHECK-NEXT:   const long __o2n_lb_2 = (0);
// CHECK-NEXT:   const long __o2n_ub_2 = (p);
// CHECK:        const uint64_t __o2n_n = __o2n_n_0 * __o2n_n_1 * __o2n_n_2;
// CHECK:              uint64_t __o2n_rest = __o2n_k;
// CHECK-NEXT:       long k = (long)((uint64_t)__o2n_lb_2 + (__o2n_rest % __o2n_n_2) * __o2n_step_2);
// CHECK-NEXT:       (void)k;
// CHECK-NEXT:       __o2n_rest /= __o2n_n_2;
// CHECK-NEXT:       int j = (int)((uint64_t)__o2n_lb_1 - (__o2n_rest % __o2n_n_1) * __o2n_step_1);
// CHECK-NEXT:       (void)j;
// CHECK-NEXT:       __o2n_rest /= __o2n_n_1;
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb_0 + __o2n_rest * __o2n_step_0);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT: #line [[#R+3]]
// CHECK-EMPTY:
// CHECK-NEXT: a[(i * m + j) * p + k] = 1;
void f(int n, int m, long p, double *a) {
#pragma omp parallel for collapse(3) schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = m; j > 0; j--)
      for (long k = 0; k < p; k++)
        a[(i * m + j) * p + k] = 1;
}
