// A non-rectangular collapse(2) nest: the inner loop's bounds use the outer variable.  Only the
// outer loop's bounds are fixed; the trip count is the sum of the inner loop's counts, by a pass
// over the outer loop, which leaves the inner loop's last bounds in __o2n_lb_1 and __o2n_n_1 (for
// lastprivate).  Each thread walks the nest: at each logical iteration __o2n_k it moves forward
// from where it is (__o2n_at), a row at a time, or from the start if __o2n_k is behind it; a new
// row's bounds are computed from the outer variable, declared under its name.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0};
// CHECK-NEXT:   const int __o2n_lb_0 = (0);
// CHECK-NEXT:   const int __o2n_ub_0 = (n);
// CHECK-NEXT:   const uint64_t __o2n_step_0 = 1;
// CHECK-NEXT:   const uint64_t __o2n_n_0 = (__o2n_lb_0 < __o2n_ub_0) ? (((uint64_t)__o2n_ub_0 - (uint64_t)__o2n_lb_0) - 1) / __o2n_step_0 + 1 : 0;
// CHECK-NEXT:   const uint64_t __o2n_step_1 = (uint64_t)(2);
// CHECK-NEXT:   int __o2n_lb_1 = 0;
// CHECK-NEXT:   uint64_t __o2n_n_1 = 0;
// CHECK-NEXT:   uint64_t __o2n_n = 0;
// CHECK-NEXT:   for (uint64_t __o2n_c_0 = 0; __o2n_c_0 < __o2n_n_0; ++__o2n_c_0) {
// CHECK-NEXT:     {
// CHECK-NEXT:       const int i = (int)((uint64_t)__o2n_lb_0 + __o2n_c_0 * __o2n_step_0);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT:       const int __o2n_l = (i);
// CHECK-NEXT:       const int __o2n_u = (2 * i + m);
// CHECK-NEXT:       __o2n_lb_1 = __o2n_l;
// CHECK-NEXT:       __o2n_n_1 = (__o2n_l <= __o2n_u) ? (((uint64_t)__o2n_u - (uint64_t)__o2n_l)) / __o2n_step_1 + 1 : 0;
// CHECK-NEXT:     }
// CHECK-NEXT:     __o2n_n += __o2n_n_1;
// CHECK-NEXT:   }
// CHECK-NEXT:   (void)__o2n_lb_1;
// CHECK-NEXT:   uint64_t __o2n_t[2], __o2n_r[2], __o2n_at;
// CHECK-NEXT:   int __o2n_d;
// CHECK-NEXT:   int __o2n_wlb_1 = 0;
// CHECK-NEXT:   __o2n_r[0] = __o2n_n_0;
// CHECK-NEXT:   __o2n_at = 0, __o2n_d = 0, __o2n_t[0] = (uint64_t)-1, __o2n_t[1] = 0, __o2n_r[1] = 0;
// CHECK-NEXT:   const int64_t __o2n_chunk = 0;
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       if (__o2n_k < __o2n_at)
// CHECK-NEXT:         __o2n_at = 0, __o2n_d = 0, __o2n_t[0] = (uint64_t)-1, __o2n_t[1] = 0, __o2n_r[1] = 0;
// CHECK-NEXT:       while (__o2n_k - __o2n_at >= __o2n_r[1] - __o2n_t[1]) {
// CHECK-NEXT:         __o2n_at += __o2n_r[1] - __o2n_t[1];
// CHECK-NEXT:         for (;;) {
// CHECK-NEXT:           if (++__o2n_t[__o2n_d] >= __o2n_r[__o2n_d]) {
// CHECK-NEXT:             --__o2n_d;
// CHECK-NEXT:             continue;
// CHECK-NEXT:           }
// CHECK-NEXT:           while (++__o2n_d < 2) {
// CHECK-NEXT:             __o2n_t[__o2n_d] = 0;
// CHECK-NEXT:             switch (__o2n_d) {
// CHECK-NEXT:             case 1:
// CHECK-NEXT:               {
// CHECK-NEXT:                 const int i = (int)((uint64_t)__o2n_lb_0 + __o2n_t[0] * __o2n_step_0);
// CHECK-NEXT:                 (void)i;
// CHECK-NEXT:                 const int __o2n_l = (i);
// CHECK-NEXT:                 const int __o2n_u = (2 * i + m);
// CHECK-NEXT:                 __o2n_wlb_1 = __o2n_l;
// CHECK-NEXT:                 __o2n_r[1] = (__o2n_l <= __o2n_u) ? (((uint64_t)__o2n_u - (uint64_t)__o2n_l)) / __o2n_step_1 + 1 : 0;
// CHECK-NEXT:               }
// CHECK-NEXT:               break;
// CHECK-NEXT:             }
// CHECK-NEXT:             if (__o2n_d < 1 && __o2n_r[__o2n_d] == 0)
// CHECK-NEXT:               break;
// CHECK-NEXT:           }
// CHECK-NEXT:           if (__o2n_d == 2)
// CHECK-NEXT:             break;
// CHECK-NEXT:           --__o2n_d;
// CHECK-NEXT:         }
// CHECK-NEXT:         __o2n_d = 0;
// CHECK-NEXT:       }
// CHECK-NEXT:       __o2n_t[1] += __o2n_k - __o2n_at;
// CHECK-NEXT:       __o2n_at = __o2n_k;
// CHECK-NEXT:       int j = (int)((uint64_t)__o2n_wlb_1 + __o2n_t[1] * __o2n_step_1);
// CHECK-NEXT:       (void)j;
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb_0 + __o2n_t[0] * __o2n_step_0);
// CHECK-NEXT:       (void)i;
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}non-rectangular.c"
// CHECK-EMPTY:
// CHECK-NEXT:       a[i * n + j] = 0;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }

void f(int n, int m, int *a) {
#pragma omp parallel for collapse(2) schedule(dynamic)
  for (int i = 0; i < n; i++)
    for (int j = i; j <= 2 * i + m; j += 2)
      a[i * n + j] = 0;
}

// collapse(3) with an unsigned middle loop that depends on the outer one and may be empty: the
// walk's switch computes loops 1 and 2; an empty loop 1 sends it back to advance loop 0.
// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        unsigned int __o2n_lb_1 = 0;
// CHECK-NEXT:   uint64_t __o2n_n_1 = 0;
// CHECK-NEXT:   long __o2n_lb_2 = 0;
// CHECK-NEXT:   uint64_t __o2n_n_2 = 0;
// CHECK-NEXT:   uint64_t __o2n_n = 0;
// CHECK-NEXT:   for (uint64_t __o2n_c_0 = 0; __o2n_c_0 < __o2n_n_0; ++__o2n_c_0) {
// CHECK:          for (uint64_t __o2n_c_1 = 0; __o2n_c_1 < __o2n_n_1; ++__o2n_c_1) {
// CHECK-NEXT:       {
// CHECK-NEXT:         const int i = (int)((uint64_t)__o2n_lb_0 + __o2n_c_0 * __o2n_step_0);
// CHECK-NEXT:         (void)i;
// CHECK-NEXT:         const unsigned int j = (unsigned int)((uint64_t)__o2n_lb_1 - __o2n_c_1 * __o2n_step_1);
// CHECK-NEXT:         (void)j;
// CHECK-NEXT:         const long __o2n_l = (7);
// CHECK-NEXT:         const long __o2n_u = (i - 3);
// CHECK:              __o2n_n += __o2n_n_2;
// CHECK:            switch (__o2n_d) {
// CHECK-NEXT:       case 1:
// CHECK:              __o2n_wlb_1 = __o2n_l;
// CHECK:            case 2:
// CHECK:              const unsigned int j = (unsigned int)((uint64_t)__o2n_wlb_1 - __o2n_t[1] * __o2n_step_1);
// CHECK:              __o2n_wlb_2 = __o2n_l;
// CHECK:            if (__o2n_d < 2 && __o2n_r[__o2n_d] == 0)
// CHECK-NEXT:         break;
// CHECK:          __o2n_d = 1;
// CHECK:        long k = (long)((uint64_t)__o2n_wlb_2 + __o2n_t[2] * __o2n_step_2);
// CHECK:        unsigned int j = (unsigned int)((uint64_t)__o2n_wlb_1 - __o2n_t[1] * __o2n_step_1);
// CHECK:        int i = (int)((uint64_t)__o2n_lb_0 + __o2n_t[0] * __o2n_step_0);
void g(int n, int *a) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (unsigned j = 2 * i; j > 4u; j--)
      for (long k = 7; k < i - 3; k++)
        a[i + j + k] = 0;
}
