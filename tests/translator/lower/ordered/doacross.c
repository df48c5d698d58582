// Doacross loops: ordered(n) makes the site __OMP2NUMA_LOOP_DOACROSS and the loop start with
// __omp2numa_doacross_start, given the trip counts of the n loops.  The collapsed loops' logical
// indices go to __o2n_iv; the loops after them stay as written, and depend(source) completes the
// vector from their variables before __omp2numa_doacross_post.  depend(sink: ...) becomes a
// vector of logical indices for __omp2numa_doacross_wait: an offset over a constant step is
// folded, one over a step known at run time is divided at run time, under the condition that it
// names an iteration.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void out(int);

// CHECK-LABEL: static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_DOACROSS, 0, 0};
// CHECK:        const uint64_t __o2n_step_1 = (uint64_t)(s);
// CHECK:        const uint64_t __o2n_n = __o2n_n_0;
// CHECK:        const uint64_t __o2n_counts[] = {__o2n_n_0, __o2n_n_1};
// CHECK-NEXT:   uint64_t __o2n_iv[2];
// CHECK-NEXT:   if (__omp2numa_doacross_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, 2, __o2n_counts, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       __o2n_iv[0] = __o2n_k;
// CHECK-NEXT:       int i = (int)((uint64_t)__o2n_lb_0 + __o2n_iv[0] * __o2n_step_0);
// CHECK:      {{^}}    for (int j = m; j > 0; j -= s) {
// CHECK-NEXT: /* omp2numa: #pragma omp ordered depend ( sink : i - 1 , j + 2 ) */ { const int64_t __o2n_sink[] = {(int64_t)__o2n_iv[0] - 1, (int64_t)(((uint64_t)__o2n_lb_1 - (uint64_t)j) / __o2n_step_1) + (int64_t)-2 / (int64_t)__o2n_step_1}; if ((int64_t)-2 % (int64_t)__o2n_step_1 == 0) __omp2numa_doacross_wait(__o2n_sink); }
// CHECK:        out(i + j);
// CHECK-NEXT: /* omp2numa: #pragma omp ordered depend ( source ) */ __o2n_iv[1] = ((uint64_t)__o2n_lb_1 - (uint64_t)j) / __o2n_step_1; __omp2numa_doacross_post(__o2n_iv);
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
void f(int n, int m, int s) {
#pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < n; i++)
    for (int j = m; j > 0; j -= s) {
#pragma omp ordered depend(sink: i - 1, j + 2)
      out(i + j);
#pragma omp ordered depend(source)
    }
}

// collapse(2) ordered(3): two loops distributed, the third (its variable declared before the
// loop, private, lastprivate) in the body; a pointer loop's offset over its constant step 2 is
// folded; doacross(...) is the same as depend(...).
// CHECK-LABEL: void g(int n, int *a) {
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#G:]], __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_DOACROSS, 0, 0};
// CHECK:        const uint64_t __o2n_n = __o2n_n_0 * __o2n_n_1;
// CHECK:        const uint64_t __o2n_counts[] = {__o2n_n_0, __o2n_n_1, __o2n_n_2};
// CHECK-NEXT:   uint64_t __o2n_iv[3];
// CHECK:        int k;
// CHECK-NEXT:   if (__omp2numa_doacross_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, 3, __o2n_counts, &__o2n_lo, &__o2n_hi)) do {
// CHECK:          __o2n_iv[1] = (__o2n_rest % __o2n_n_1);
// CHECK-NEXT:     char *p = __o2n_lb_1 + (ptrdiff_t)(__o2n_iv[1] * __o2n_step_1);
// CHECK:          __o2n_iv[0] = __o2n_rest;
// CHECK:      {{^}}      for (k = 0; k < 4; k++) {
// CHECK-NEXT: /* omp2numa: #pragma omp ordered doacross ( sink : i - 1 , p + 2 , k - 1 ) */ { const int64_t __o2n_sink[] = {(int64_t)__o2n_iv[0] - 1, (int64_t)__o2n_iv[1] + 1, (int64_t)(((uint64_t)k - (uint64_t)__o2n_lb_2) / __o2n_step_2) - 1}; __omp2numa_doacross_wait(__o2n_sink); }
// CHECK:      /* omp2numa: #pragma omp ordered doacross ( source : ) */ __o2n_iv[2] = ((uint64_t)k - (uint64_t)__o2n_lb_2) / __o2n_step_2; __omp2numa_doacross_post(__o2n_iv);
// CHECK:          *__o2n_last_k = (int)((uint64_t)__o2n_lb_2 + __o2n_n_2 * __o2n_step_2);
// CHECK:        __omp2numa_loop_end();
void g(int n, int *a) {
  static int k;
#pragma omp for collapse(2) ordered(3) lastprivate(k)
  for (int i = 0; i < n; i++)
    for (char *p = (char *)a; p < (char *)a + 8; p += 2)
      for (k = 0; k < 4; k++) {
#pragma omp ordered doacross(sink: i - 1, p + 2, k - 1)
        out(i + k);
#pragma omp ordered doacross(source:)
      }
}

// Sinks that name no iteration or wait for a later one are dropped (with warnings,
// diagnostics/doacross.c), as is the current iteration itself: only the source is left.
// CHECK-LABEL: void h(int n) {
// CHECK-NOT:    __omp2numa_doacross_wait
// CHECK:      /* omp2numa: #pragma omp ordered depend ( sink : i ) */{{$}}
// CHECK-NOT:    __omp2numa_doacross_wait
// CHECK:        __omp2numa_doacross_post(__o2n_iv);
// CHECK-NOT:    __omp2numa_doacross_wait
// CHECK:        __omp2numa_loop_end();
void h(int n) {
#pragma omp for ordered(1)
  for (int i = 0; i < n; i += 3) {
#pragma omp ordered depend(sink: i - 2)
#pragma omp ordered depend(sink: i + 3)
#pragma omp ordered depend(sink: i)
    out(i);
#pragma omp ordered depend(source)
  }
}
