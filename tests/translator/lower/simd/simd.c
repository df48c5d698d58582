// A simd loop alone is run by the encountering thread, every iteration, in the normalised form of
// worksharing loops but without the runtime; the loop that runs the iterations keeps a
// `#pragma omp simd` hint with the clauses that apply to it, between diagnostic pragmas so that
// a compiler without -fopenmp-simd does not warn.  Reductions are lowered as on worksharing loops
// (private copies, a combine function), but the thread calls the combine function on the
// originals itself; the loop variable declared before the loop gets the value the sequential
// loop leaves.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %cc -std=c11 -fsyntax-only -fopenmp-simd -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: float dot(
// CHECK:      /* omp2numa: #pragma omp simd reduction ( + : s ) safelen ( 16 ) simdlen ( 8 ) aligned ( a , b : 32 ) */
// CHECK:      {{^\{$}}
// CHECK:        const uint64_t __o2n_lo = 0, __o2n_hi = __o2n_n;
// CHECK-NEXT:   int *const __o2n_last_i = &i;
// CHECK-NEXT:   struct __o2n_redtgt_[[#R:]] __o2n_tgt = {.s = &s};
// CHECK-NEXT:   int i;
// CHECK-NEXT:   float s = 0;
// CHECK-NEXT: #pragma GCC diagnostic push
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wunknown-pragmas"
// CHECK-NEXT: #pragma omp simd reduction(+: s) safelen(16) simdlen(8) aligned(a, b: 32) private(i){{$}}
// CHECK-NEXT:   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// CHECK-NEXT:       i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
// CHECK:          s += a[i] * b[i];
// CHECK-NEXT:   }
// CHECK-NEXT: #pragma GCC diagnostic pop
// CHECK-NEXT:     *__o2n_last_i = (int)((uint64_t)__o2n_lb + __o2n_n * __o2n_step);
// CHECK-NEXT:   {
// CHECK-NEXT:     struct __o2n_red_[[#R]] __o2n_part = {.s = s};
// CHECK-NEXT:     __o2n_combine_[[#R]](&__o2n_tgt, &__o2n_part);
// CHECK-NEXT:   }
// CHECK-NEXT: {{^\}$}}
// CHECK-NOT:  __omp2numa_
float dot(int n, const float *a, const float *b) {
  float s = 0;
  int i;
#pragma omp simd reduction(+ : s) safelen(16) simdlen(8) aligned(a, b : 32)
  for (i = 0; i < n; i++)
    s += a[i] * b[i];
  return s + i;
}

// private and lastprivate: the block's copies; the hint names them; the copy back after the last
// iteration.  if(simd: e) stays on the hint.
// CHECK-LABEL: void scale(
// CHECK:        double *const __o2n_last_last = &last;
// CHECK-NEXT:   double t;
// CHECK-NEXT:   (void)t;
// CHECK-NEXT:   double last = {0};
// CHECK-NEXT:   (void)last;
// CHECK:      #pragma omp simd if((n > 8)) private(t) lastprivate(last){{$}}
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_last = last;
void scale(int n, double *x, double f) {
  double t, last = -1;
#pragma omp simd private(t) lastprivate(last) if(simd: n > 8)
  for (int i = 0; i < n; i++) {
    t = x[i] * f;
    x[i] = t;
    last = t;
  }
  x[0] = last;
}

// In a parallel region, every thread runs the whole simd loop (no runtime loop), and a variable
// the region shares by reference is named in the hint only where it has its own name: the
// reduction's private copy does; p, whose address is taken (captured by reference, `(*p)` in the
// region), does not, and aligned(p), only a hint, is dropped.
// CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK-NOT:  __omp2numa_loop_start
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.total = &(*total)};
// CHECK:      #pragma omp simd reduction(+: total){{$}}
// CHECK-NOT:  __omp2numa_loop_start
void per_thread(int n, long *out, int *p) {
  long total = 0;
  int **pp = &p;
#pragma omp parallel
  {
#pragma omp simd reduction(+ : total) aligned(p)
    for (int i = 0; i < n; i++)
      total += p[i];
  }
  *pp = 0;
  *out = total;
}
