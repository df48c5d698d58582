// A non-rectangular taskloop nest: the inner loop's bounds use the outer variable.  Where the
// taskloop is, each such bound, `a1 * i + a2`, is evaluated with i = 0 (a2, in the bound's type)
// and i = 1 (a1, the difference, as uint64_t), once, as gcc does; a bound without the outer
// variable is evaluated once.  The count is a pass over the outer loop that rebuilds each row's
// bounds from these values, and leaves the last row's in __o2n_lb_1 and __o2n_n_1 (for
// lastprivate).  The tasks carry them, and each walks the nest through its own range as the
// threads of a worksharing loop do (non-rectangular.c), rebuilding the rows the same way.  The
// bounds are read before the construct's private copies exist: `m`, private, is the original.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=TASK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static const struct __omp2numa_task_site __o2n_site = {"{{[^"]*}}", [[#L:]]};
// CHECK-NEXT:   const int __o2n_lb_0 = (0);
// CHECK-NEXT:   const int __o2n_ub_0 = (n);
// CHECK-NEXT:   const uint64_t __o2n_step_0 = 1;
// CHECK-NEXT:   const uint64_t __o2n_n_0 = (__o2n_lb_0 < __o2n_ub_0) ? (((uint64_t)__o2n_ub_0 - (uint64_t)__o2n_lb_0) - 1) / __o2n_step_0 + 1 : 0;
// CHECK-NEXT:   const uint64_t __o2n_step_1 = (uint64_t)(2);
// CHECK-NEXT:   int __o2n_a2l_1;
// CHECK-NEXT:   uint64_t __o2n_a1l_1;
// CHECK-NEXT:   {
// CHECK-NEXT:     const int i = 0;
// CHECK-NEXT:     (void)i;
// CHECK-NEXT:     __o2n_a2l_1 = (n - 2 * i);
// CHECK-NEXT:   }
// CHECK-NEXT:   {
// CHECK-NEXT:     const int i = 1;
// CHECK-NEXT:     (void)i;
// CHECK-NEXT:     __o2n_a1l_1 = ((uint64_t)(n - 2 * i) - (uint64_t)__o2n_a2l_1);
// CHECK-NEXT:   }
// CHECK-NEXT:   const int __o2n_a2u_1 = (m);
// CHECK-NEXT:   int __o2n_lb_1 = 0;
// CHECK-NEXT:   uint64_t __o2n_n_1 = 0;
// CHECK-NEXT:   uint64_t __o2n_n = 0;
// CHECK-NEXT:   for (uint64_t __o2n_c_0 = 0; __o2n_c_0 < __o2n_n_0; ++__o2n_c_0) {
// CHECK-NEXT:     {
// CHECK-NEXT:       const int i = (int)((uint64_t)__o2n_lb_0 + __o2n_c_0 * __o2n_step_0);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT:       const int __o2n_l = (int)((uint64_t)__o2n_a2l_1 + __o2n_a1l_1 * (uint64_t)i);
// CHECK-NEXT:       const int __o2n_u = __o2n_a2u_1;
// CHECK-NEXT:       __o2n_lb_1 = __o2n_l;
// CHECK-NEXT:       __o2n_n_1 = (__o2n_l <= __o2n_u) ? (((uint64_t)__o2n_u - (uint64_t)__o2n_l)) / __o2n_step_1 + 1 : 0;
// CHECK-NEXT:     }
// CHECK-NEXT:     __o2n_n += __o2n_n_1;
// CHECK-NEXT:   }
// CHECK-NEXT:   (void)__o2n_lb_1;
// CHECK-NEXT:   struct __o2n_ctx_[[#L]] __o2n_args = {.a = a, .n = n, .i = &i, .j = &j, .__o2n_lb_0 = __o2n_lb_0, .__o2n_step_0 = __o2n_step_0, .__o2n_n_0 = __o2n_n_0, .__o2n_lb_1 = __o2n_lb_1, .__o2n_step_1 = __o2n_step_1, .__o2n_n_1 = __o2n_n_1, .__o2n_n = __o2n_n, .__o2n_a2l_1 = __o2n_a2l_1, .__o2n_a1l_1 = __o2n_a1l_1, .__o2n_a2u_1 = __o2n_a2u_1};
// CHECK-NEXT: #line [[#L]] "{{.*}}"
// CHECK-NEXT:   __omp2numa_taskloop(&__o2n_site, __o2n_taskloop_[[#L]], &__o2n_args, sizeof __o2n_args, _Alignof(struct __o2n_ctx_[[#L]]), __o2n_n, 0, 0, 0);

// TASK:      static void __o2n_taskloop_[[#L:]](void *__o2n_data, uint64_t __o2n_lo, uint64_t __o2n_hi){{$}}
// TASK:        const int __o2n_a2l_1 = __o2n_ctx->__o2n_a2l_1;
// TASK-NEXT:   (void)__o2n_a2l_1;
// TASK-NEXT:   const uint64_t __o2n_a1l_1 = __o2n_ctx->__o2n_a1l_1;
// TASK-NEXT:   (void)__o2n_a1l_1;
// TASK-NEXT:   const int __o2n_a2u_1 = __o2n_ctx->__o2n_a2u_1;
// TASK-NEXT:   (void)__o2n_a2u_1;
// TASK-NEXT:   int i;
// TASK-NEXT:   int j;
// TASK-NEXT:   uint64_t __o2n_t[2], __o2n_r[2], __o2n_at;
// TASK-NEXT:   int __o2n_d;
// TASK-NEXT:   int __o2n_wlb_1 = 0;
// TASK-NEXT:   __o2n_r[0] = __o2n_n_0;
// TASK-NEXT:   __o2n_at = 0, __o2n_d = 0, __o2n_t[0] = (uint64_t)-1, __o2n_t[1] = 0, __o2n_r[1] = 0;
// TASK-NEXT:   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// TASK-NEXT:       if (__o2n_k < __o2n_at)
// TASK:                    case 1:
// TASK-NEXT:               {
// TASK-NEXT:                 const int i = (int)((uint64_t)__o2n_lb_0 + __o2n_t[0] * __o2n_step_0);
// TASK-NEXT:                 (void)i;
// TASK-NEXT:                 const int __o2n_l = (int)((uint64_t)__o2n_a2l_1 + __o2n_a1l_1 * (uint64_t)i);
// TASK-NEXT:                 const int __o2n_u = __o2n_a2u_1;
// TASK-NEXT:                 __o2n_wlb_1 = __o2n_l;
// TASK:              __o2n_t[1] += __o2n_k - __o2n_at;
// TASK-NEXT:       __o2n_at = __o2n_k;
// TASK-NEXT:       j = (int)((uint64_t)__o2n_wlb_1 + __o2n_t[1] * __o2n_step_1);
// TASK-NEXT:       (void)j;
// TASK-NEXT:       i = (int)((uint64_t)__o2n_lb_0 + __o2n_t[0] * __o2n_step_0);
// TASK-NEXT:       (void)i;
// TASK:              a[i * n + j] = m = 0;
// TASK-NEXT:   }
// TASK-NEXT:   if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// TASK-NEXT:     *__o2n_ctx->i = (int)((uint64_t)__o2n_lb_0 + __o2n_n_0 * __o2n_step_0);
// TASK-NEXT:     *__o2n_ctx->j = (int)((uint64_t)__o2n_lb_1 + __o2n_n_1 * __o2n_step_1);
// TASK-NEXT:   }
void f(int n, int m, int *a) {
  int i, j;
#pragma omp taskloop collapse(2) lastprivate(i, j) private(m)
  for (i = 0; i < n; i++)
    for (j = n - 2 * i; j <= m; j += 2)
      a[i * n + j] = m = 0;
}
