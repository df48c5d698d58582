// reduction on a parallel region.  The region captures the variable by reference; its prologue
// points the targets at the context's pointer (`.s = __o2n_ctx->s`) and declares the private
// copy, set to the identity, in place of the capture; the body accumulates into the copy as
// written; after the body every thread hands its partial to __omp2numa_reduce_at_join, for the
// region's join to combine (reduction/at-join.c says when; integer sums and bit operations are
// atomic updates instead: reduction/atomic-at-join.c).  A nested region passes the outer
// region's view of the variable (`&(*s)`).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_red_[[#R:]] {
// CHECK-NEXT:   double s;
// CHECK-NEXT: };
// CHECK:        *__o2n_t->s = *__o2n_t->s + __o2n_p->s;
// CHECK:      struct __o2n_ctx_[[#R]] {
// CHECK-NEXT:   int *a;
// CHECK-NEXT:   double *s;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_region_[[#R]](void *__o2n_data);
// CHECK-LABEL: double simple(int *a)
double simple(int *a) {
  double s = 0;
#pragma omp parallel reduction(+: s)
  s += a[0];
  // CHECK: struct __o2n_ctx_[[#R]] __o2n_args = {.a = a, .s = &s};
  return s;
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[#R]] *const __o2n_ctx = (struct __o2n_ctx_[[#R]] *)__o2n_data;
// CHECK-NEXT:   int *a = __o2n_ctx->a;
// CHECK-NEXT:   struct __o2n_redtgt_[[#R]] __o2n_tgt = {.s = __o2n_ctx->s};
// CHECK-NEXT:   double s = 0;
// CHECK-EMPTY:
// CHECK-NEXT: #line [[#R]]
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  s += a[0];
// CHECK-NEXT:   {
// CHECK-NEXT:     struct __o2n_red_[[#R]] __o2n_part = {.s = s};
// CHECK-NEXT:     __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_[[#R]], &__o2n_tgt, sizeof __o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT: }

// A reduction region inside a region that holds the variable by reference, and a for loop
// reducing into the region's private copy.
// CHECK:      struct __o2n_ctx_[[INNER:[0-9]+]] {
// CHECK-NEXT:   double *m;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[OUTER:[0-9]+]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *x;
// CHECK-NEXT:   double m;
// CHECK-NEXT: };
// CHECK-LABEL: double nested(int n, double *x)
double nested(int n, double *x) {
  double m = 1;
#pragma omp parallel
  {
#pragma omp parallel reduction(*: m)
    m *= 2;
#pragma omp for reduction(*: m)
    for (int i = 0; i < n; i++)
      m *= x[i];
  }
  // CHECK: struct __o2n_ctx_[[OUTER]] __o2n_args = {.n = n, .x = x, .m = m};
  return m;
}
// CHECK:        struct __o2n_redtgt_[[INNER]] __o2n_tgt = {.m = __o2n_ctx->m};
// CHECK-NEXT:   double m = 1;
// CHECK:          struct __o2n_ctx_[[INNER]] __o2n_args = {.m = &(*m)};
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.m = &(*m)};
// CHECK-NEXT:   double m = 1;
