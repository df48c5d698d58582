// A simd loop that one thread runs reduces arrays, array sections and variable-length arrays as
// a worksharing loop does (private copies start as identities; a section's or a VLA's on the
// heap), and then calls the combine function on the originals itself.  The hint keeps the
// reduction of an array that has its own name, which the back end vectorises; a section or a
// variable-length array is reached through a pointer that no clause can name, so that loop
// gets no hint rather than one that promises independent iterations (on `parallel for simd`
// too).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -fopenmp-simd -Wall -Wextra -Werror -I%runtime_inc %t.c

void histogram(const int *key, int n, int *hist) {
  int h[4] = {0};
#pragma omp simd reduction(+ : h)
  for (int i = 0; i < n; i++)
    h[key[i] % 4] += 1;
  for (int k = 0; k < 4; k++)
    hist[k] = h[k];
}
// CHECK-LABEL: void histogram(
// CHECK:         struct __o2n_redtgt_[[#H:]] __o2n_tgt = {.h = (int *)&h};
// CHECK-NEXT:    {{.*}}int h[4];
// CHECK-NEXT:    for (size_t __o2n_e = 0; __o2n_e < 4; ++__o2n_e) {
// CHECK-NEXT:      ((int *)h)[__o2n_e] = 0;
// CHECK:       #pragma omp simd reduction(+: h)
// CHECK:           struct __o2n_red_[[#H]] __o2n_part = {.h = (int *)h};
// CHECK-NEXT:      __o2n_combine_[[#H]](&__o2n_tgt, &__o2n_part);

void section(const int *key, int n, long *sec) {
#pragma omp simd reduction(+ : sec[1:4])
  for (int i = 0; i < n; i++)
    sec[1 + key[i] % 4] += i;
}
// CHECK-LABEL: void section(
// CHECK:         long *const __o2n_sec_sec = (long *)__omp2numa_reduction_alloc(__o2n_len_sec, sizeof(long));
// CHECK-NOT:   #pragma omp simd
// CHECK:           __o2n_combine_{{[0-9]+}}(&__o2n_tgt, &__o2n_part);
// CHECK-NEXT:      __omp2numa_reduction_free(__o2n_sec_sec);

void sections(const int *key, int n, long *sec) {
#pragma omp parallel for simd reduction(+ : sec[1:4])
  for (int i = 0; i < n; i++)
    sec[1 + key[i] % 4] += i;
}
// CHECK-LABEL: outlined from line 42:
// CHECK-NOT:   #pragma omp simd
// CHECK:         __omp2numa_reduce(
