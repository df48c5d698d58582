// A simd loop that one thread runs reduces an array of constant size element by element: its
// private copy starts as identities and is combined into the original's elements after the loop.
// The hint keeps the reduction, which the back end vectorises.  On `parallel for simd`, a
// section (or a variable-length array) is reached through a pointer that no clause can name, so
// the loop gets no hint rather than one that promises independent iterations.  A section on
// `simd` alone is not supported yet.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -fopenmp-simd -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: not %omp2numa %s -o %t.c -- -DSECTION_ON_SIMD 2>&1 | FileCheck %s --check-prefix=ERROR

void histogram(const int *key, int n, int *hist) {
  int h[4] = {0};
#ifdef SECTION_ON_SIMD
  // ERROR: :[[@LINE+1]]:32: error: reduction over the array 'h' of type 'int[4]' is not supported yet here
#pragma omp simd reduction(+ : h[1:2])
#else
#pragma omp simd reduction(+ : h)
#endif
  for (int i = 0; i < n; i++)
    h[key[i] % 4] += 1;
  for (int k = 0; k < 4; k++)
    hist[k] = h[k];
}
// CHECK-LABEL: void histogram(
// CHECK:         int *const __o2n_red_h = (int *)&h;
// CHECK-NEXT:    int h[4];
// CHECK-NEXT:    for (size_t __o2n_e = 0; __o2n_e < 4; ++__o2n_e) {
// CHECK-NEXT:      ((int *)h)[__o2n_e] = 0;
// CHECK-NEXT:    }
// CHECK:       #pragma omp simd reduction(+: h)
// CHECK:         for (size_t __o2n_e = 0; __o2n_e < 4; ++__o2n_e) {
// CHECK-NEXT:      __o2n_red_h[__o2n_e] = __o2n_red_h[__o2n_e] + ((int *)h)[__o2n_e];
// CHECK-NEXT:    }

void sections(const int *key, int n, long *sec) {
#pragma omp parallel for simd reduction(+ : sec[1:4])
  for (int i = 0; i < n; i++)
    sec[1 + key[i] % 4] += i;
}
// CHECK-LABEL: outlined from line 38:
// CHECK-NOT:   #pragma omp simd
// CHECK:         __omp2numa_reduce(
