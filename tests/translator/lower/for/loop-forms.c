// Canonical loop forms of a worksharing loop: the test (< <= > >= !=, the variable on either
// side) and the increment (++ -- in both positions, += -=, i = i + s, i = s + i, i = i - s, a
// negative step).  The emitted code keeps the bounds as written (__o2n_lb, __o2n_ub), the
// step's magnitude in the loop's direction (__o2n_step, uint64_t), and maps the logical
// iteration k back to `i = lb + k * step` (increasing) or `i = lb - k * step` (decreasing).
// With != the direction is the sign of the (constant) step.  Trip counts: trip-count.c.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void forms(int lo, int hi, int s, int *a)
void forms(int lo, int hi, int s, int *a) {
  // Increasing.
  // CHECK:      __o2n_loop = {"{{[^"]*}}loop-forms.c", [[@LINE+8]], __OMP2NUMA_SCHED_DEFAULT, {{.*}}};
  // CHECK-NEXT: const int __o2n_lb = (lo);
  // CHECK-NEXT: const int __o2n_ub = (hi);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i < hi; i++)
    a[i] = i;

  // CHECK:      const int __o2n_lb = (lo);
  // CHECK-NEXT: const int __o2n_ub = (hi);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb <= __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i <= hi; ++i)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(s);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i < hi; i += s)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(3);
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i < hi; i = i + 3)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(s * 2);
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i < hi; i = s * 2 + i)
    a[i] = i;

  // The variable on the right of the test: `hi > i` is `i < hi`.
  // CHECK:      const int __o2n_lb = (lo);
  // CHECK-NEXT: const int __o2n_ub = (hi);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
#pragma omp for
  for (int i = lo; hi > i; i++)
    a[i] = i;

  // Decreasing.
  // CHECK:      const int __o2n_lb = (hi);
  // CHECK-NEXT: const int __o2n_ub = (lo);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i > lo; i--)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb >= __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i >= lo; --i)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(2);
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i >= lo; i -= 2)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(s);
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i > lo; i = i - s)
    a[i] = i;

  // A negative step added: its magnitude is 0 - step.
  // CHECK:      const uint64_t __o2n_step = (uint64_t)0 - (uint64_t)(-4);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i > lo; i += -4)
    a[i] = i;

  // `lo < i` is `i > lo`.
  // CHECK:      const int __o2n_lb = (hi);
  // CHECK-NEXT: const int __o2n_ub = (lo);
  // CHECK-NEXT: const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ?
#pragma omp for
  for (int i = hi; lo < i; i--)
    a[i] = i;

  // != : the direction comes from the step.
  // CHECK:      const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i != hi; i++)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = 1;
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i != lo; i--)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)(2);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
#pragma omp for
  for (int i = lo; i != hi; i += 2)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)0 - (uint64_t)(-2);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb > __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb - __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var -= (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = hi; i != lo; i += -2)
    a[i] = i;

  // CHECK:      const uint64_t __o2n_step = (uint64_t)0 - (uint64_t)(-2);
  // CHECK-NEXT: const uint64_t __o2n_n = (__o2n_lb < __o2n_ub) ?
  // CHECK:      int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:      for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:      int i = __o2n_var;
#pragma omp for
  for (int i = lo; i != hi; i -= -2)
    a[i] = i;

  // Bounds are expressions, copied as written (in parentheses).
  // CHECK:      const int __o2n_lb = (lo * 2 + 1);
  // CHECK-NEXT: const int __o2n_ub = (hi - (s > 0 ? s : -s));
#pragma omp for
  for (int i = lo * 2 + 1; i < hi - (s > 0 ? s : -s); i++)
    a[i] = i;
}
