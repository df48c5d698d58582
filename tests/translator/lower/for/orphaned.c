// An orphaned `for`: a worksharing loop in a function with no parallel region, which binds to the
// region of whoever calls it (a team of one when nobody does).  It is lowered in place: no
// outlined function, no context, variables used as written; the loop's runtime calls are the
// same as inside a region.  Private copies are declared in the lowered block; a reduction
// targets the variable itself (&s).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-NOT: __o2n_region_
// CHECK-NOT: __o2n_ctx
// CHECK-LABEL: double dot(int n, const double *x, const double *y)
double dot(int n, const double *x, const double *y) {
  static double s; // shared by the threads that call dot (a local would be private to each)
  s = 0;
  // CHECK:      /* omp2numa: #pragma omp for reduction ( + : s ) schedule ( static ) */
  // CHECK-NEXT: {{^[ ]+$}}
  // CHECK-NEXT: {
  // CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}orphaned.c", [[@LINE+17]], __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  // CHECK-NEXT:   const int __o2n_lb = (0);
  // CHECK-NEXT:   const int __o2n_ub = (n);
  // CHECK:        struct __o2n_redtgt_[[@LINE+14]] __o2n_tgt = {.s = &s};
  // CHECK-NEXT:   double s = 0;
  // CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
  // CHECK-NEXT:     int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
  // CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k, __o2n_var += (int)__o2n_step) {
  // CHECK-NEXT:       int i = __o2n_var;
  // CHECK-NEXT:       (void)i;
  // CHECK-NEXT: #line [[@LINE+8]]
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^    }}s += x[i] * y[i];
  // CHECK-NEXT:     }
  // CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
  // CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_[[@LINE+2]], &__o2n_tgt);
  // CHECK:        __omp2numa_loop_end_nowait();
#pragma omp for reduction(+: s) schedule(static)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

// private and firstprivate on an orphaned loop: block-local copies, the firstprivate one
// initialised from the original before the loop starts.
// CHECK-LABEL: void scale(int n, double *v, double factor)
void scale(int n, double *v, double factor) {
  static double f;
  double t = 0;
  f = factor;
  // CHECK:        (void)t;
  // CHECK:        double __o2n_first_f = f;
  // CHECK-NEXT:   double t;
  // CHECK-NEXT:   (void)t;
  // CHECK-NEXT:   double f = __o2n_first_f;
  // CHECK-NEXT:   (void)f;
  // CHECK-NEXT:   if (__omp2numa_loop_start(
#pragma omp for private(t) firstprivate(f)
  for (int i = 0; i < n; i++) {
    t = v[i] * f;
    v[i] = t;
  }
  // CHECK: __omp2numa_loop_end();
}
