// The trip count __o2n_n of a worksharing loop, computed in uint64_t so that it cannot overflow
// (the difference of two values of a type of at most 64 bits is exact modulo 2^64), and zero
// when the first value already fails the test:
//   <  : lb <  ub ? ((ub - lb) - 1) / step + 1 : 0       >  : lb >  ub ? ((lb - ub) - 1) / step + 1 : 0
//   <= : lb <= ub ? (ub - lb) / step + 1 : 0             >= : lb >= ub ? (lb - ub) / step + 1 : 0
// Integers are converted to uint64_t before subtracting; pointers subtract first (in elements).
// The runtime receives the count, the chunk and the map, and nothing of the bounds.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <stddef.h> /* for pointer loops: see pointer-index-without-stddef.c */

// CHECK-LABEL: void counts(int lo, int hi, int s, double *p, double *q)
void counts(int lo, int hi, int s, double *p, double *q) {
  // CHECK:      const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ? (((uint64_t)__o2n_ub - (uint64_t)__o2n_lb) - 1) / __o2n_step + 1 : 0;
  // CHECK-NEXT: const int64_t __o2n_chunk = 0;
  // CHECK-NEXT: uint64_t __o2n_lo, __o2n_hi;
  // CHECK-NEXT: if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
  // CHECK-NEXT:   int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k, __o2n_var += (int)__o2n_step) {
#pragma omp for
  for (int i = lo; i < hi; i++)
    p[i] = 0;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(s);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb <= __o2n_ub) ? (((uint64_t)__o2n_ub - (uint64_t)__o2n_lb)) / __o2n_step + 1 : 0;
#pragma omp for
  for (int i = lo; i <= hi; i += s)
    p[i] = 0;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(3);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ? (((uint64_t)__o2n_lb - (uint64_t)__o2n_ub) - 1) / __o2n_step + 1 : 0;
#pragma omp for
  for (int i = hi; i > lo; i -= 3)
    p[i] = 0;

  // CHECK:      const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb >= __o2n_ub) ? (((uint64_t)__o2n_lb - (uint64_t)__o2n_ub)) / __o2n_step + 1 : 0;
#pragma omp for
  for (int i = hi; i >= lo; i--)
    p[i] = 0;

  // != with a step of 1 counts like <.
  // CHECK:      const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ? (((uint64_t)__o2n_ub - (uint64_t)__o2n_lb) - 1) / __o2n_step + 1 : 0;
#pragma omp for
  for (int i = lo; i != hi; i++)
    p[i] = 0;

  // Pointers.
  // CHECK:      const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ? ((uint64_t)(__o2n_ub - __o2n_lb) - 1) / __o2n_step + 1 : 0;
#pragma omp for
  for (double *r = p; r < q; r++)
    *r = 0;

  // CHECK:      const uint64_t __o2n_n = (__o2n_lb >= __o2n_ub) ? ((uint64_t)(__o2n_lb - __o2n_ub)) / __o2n_step + 1 : 0;
#pragma omp for
  for (double *r = q; r >= p; r -= 4)
    *r = 0;

  // Bounds at the ends of the type's range: 2^64 - 1 iterations.
  // CHECK:      const unsigned long long __o2n_lb = (0);
  // CHECK-NEXT: const unsigned long long __o2n_ub = (~0ULL);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ? (((uint64_t)__o2n_ub - (uint64_t)__o2n_lb) - 1) / __o2n_step + 1 : 0;
#pragma omp for
  for (unsigned long long u = 0; u < ~0ULL; u++)
    p[0] = (double)u;
}
