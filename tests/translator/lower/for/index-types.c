// Loop variables of every integer type and of pointer type, declared in the loop or before it.
// The bounds are held in the variable's type (`const T __o2n_lb`, `T *const` for pointers) and
// the logical iteration is mapped back with a cast to that type (pointers: lb +- (ptrdiff_t)).
// A variable declared before the loop gets a private copy `T i;` inside the lowered block and
// is assigned, not declared, in the loop; the unused original is kept quiet with `(void)i;`.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <stddef.h>
#include <stdint.h>

typedef long my_index;

// CHECK-LABEL: void types(int *a, unsigned un, long long ll, size_t sz, int *end)
void types(int *a, unsigned un, long long ll, size_t sz, int *end) {
  // CHECK:      const unsigned int __o2n_lb = (0);
  // CHECK-NEXT: const unsigned int __o2n_ub = (un);
  // CHECK:      unsigned int __o2n_var = (unsigned int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (unsigned int)__o2n_step) {
  // CHECK-NEXT:      unsigned int u = __o2n_var;
#pragma omp for
  for (unsigned u = 0; u < un; u++)
    a[u] = 0;

  // CHECK:      const long long __o2n_lb = (ll);
  // CHECK-NEXT: const long long __o2n_ub = (-ll);
  // CHECK:      long long __o2n_var = (long long)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (long long)__o2n_step) {
  // CHECK-NEXT:      long long k = __o2n_var;
#pragma omp for
  for (long long k = ll; k >= -ll; k--)
    a[k] = 0;

  // CHECK:      const size_t __o2n_lb = (sz);
  // CHECK-NEXT: const size_t __o2n_ub = (0);
  // CHECK:      size_t __o2n_var = (size_t)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (size_t)__o2n_step) {
  // CHECK-NEXT:      size_t z = __o2n_var;
#pragma omp for
  for (size_t z = sz; z > 0; z--)
    a[z] = 0;

  // CHECK:      const short __o2n_lb = (0);
  // CHECK:      short __o2n_var = (short)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (short)__o2n_step) {
  // CHECK-NEXT:      short h = __o2n_var;
#pragma omp for
  for (short h = 0; h < 100; h++)
    a[h] = 0;

  // CHECK:      const unsigned char __o2n_lb = (0);
  // CHECK:      unsigned char __o2n_var = (unsigned char)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (unsigned char)__o2n_step) {
  // CHECK-NEXT:      unsigned char c = __o2n_var;
#pragma omp for
  for (unsigned char c = 0; c < 200; c++)
    a[c] = 0;

  // CHECK:      const my_index __o2n_lb = (1);
  // CHECK:      my_index __o2n_var = (my_index)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (my_index)__o2n_step) {
  // CHECK-NEXT:      my_index t = __o2n_var;
#pragma omp for
  for (my_index t = 1; t <= 64; t++)
    a[t] = 0;

  // CHECK:      const int64_t __o2n_lb = (INT64_MIN);
  // CHECK-NEXT: const int64_t __o2n_ub = (INT64_MAX);
  // CHECK:      int64_t __o2n_var = (int64_t)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int64_t)__o2n_step) {
  // CHECK-NEXT:      int64_t w = __o2n_var;
#pragma omp for
  for (int64_t w = INT64_MIN; w < INT64_MAX; w += INT64_MAX)
    a[0] = (int)w;

  // Pointers, increasing and decreasing.
  // CHECK:      int *const __o2n_lb = (a);
  // CHECK-NEXT: int *const __o2n_ub = (end);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ? ((uint64_t)(__o2n_ub - __o2n_lb) - 1) / __o2n_step + 1 : 0;
  // CHECK:      int *p = __o2n_lb + (ptrdiff_t)(__o2n_k * __o2n_step);
#pragma omp for
  for (int *p = a; p < end; p++)
    *p = 0;

  // CHECK:      int *const __o2n_lb = (end - 1);
  // CHECK-NEXT: int *const __o2n_ub = (a);
  // CHECK-NEXT: const uint64_t __o2n_step = (uint64_t)(2);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb >= __o2n_ub) ? ((uint64_t)(__o2n_lb - __o2n_ub)) / __o2n_step + 1 : 0;
  // CHECK:      int *q = __o2n_lb - (ptrdiff_t)(__o2n_k * __o2n_step);
#pragma omp for
  for (int *q = end - 1; q >= a; q -= 2)
    *q = 1;
}

// The variable declared before the loop.
// CHECK-LABEL: void declared_before(int n, int *a, const char *s)
void declared_before(int n, int *a, const char *s) {
  int i;
  const char *p;
  // CHECK:      /* omp2numa: #pragma omp for */
  // CHECK-NEXT: {{^[ ]+$}}
  // CHECK-NEXT: {
  // CHECK-NEXT:   (void)i;
  // CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop =
  // CHECK:        int i;
  // CHECK-NEXT:   if (__omp2numa_loop_start(
  // CHECK-NEXT:     int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:       i = __o2n_var;
  // CHECK-NEXT:       (void)i;
#pragma omp for
  for (i = 0; i < n; i++)
    a[i] = i;

  // CHECK:        (void)p;
  // CHECK:        const char *const __o2n_lb = (s);
  // CHECK:        const char *p;
  // CHECK-NEXT:   if (__omp2numa_loop_start(
  // CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
  // CHECK-NEXT:       p = __o2n_lb + (ptrdiff_t)(__o2n_k * __o2n_step);
#pragma omp for
  for (p = s; p < s + n; p++)
    a[0] = *p;
}
