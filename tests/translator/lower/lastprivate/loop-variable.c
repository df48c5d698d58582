// lastprivate of the loop variable itself: the thread that ran the last iteration stores the
// value the variable has after the sequential loop, lb + n * step in the variable's type (one
// step past the last value taken), not the value of the last iteration.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int *const i = &__o2n_ctx->i;
// CHECK:        const uint64_t __o2n_step = (uint64_t)(2);
// CHECK:        int *const __o2n_last_i = &(*i);
// CHECK-NEXT:   int i;
// CHECK:              int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
// CHECK-NEXT:              for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK-NEXT:              i = __o2n_var;
// CHECK:            if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_i = (int)((uint64_t)__o2n_lb + __o2n_n * __o2n_step);
// CHECK-NEXT:     }
int up(int n, int *a) {
  int i;
#pragma omp parallel
  {
#pragma omp for lastprivate(i)
    for (i = 0; i < n; i += 2)
      a[i] = i;
  }
  return i;
}

// A decreasing loop: the step is subtracted.
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        const long __o2n_lb = (n);
// CHECK:        const uint64_t __o2n_step = (uint64_t)(3);
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_j = (long)((uint64_t)__o2n_lb - __o2n_n * __o2n_step);
// CHECK-NEXT:     }
long down(long n, int *a) {
  long j;
#pragma omp parallel for lastprivate(j)
  for (j = n; j > 0; j -= 3)
    a[j] = 0;
  return j;
}
