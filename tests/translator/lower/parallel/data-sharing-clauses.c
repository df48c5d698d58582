// private, firstprivate and shared on a parallel region.
//  - private(x): not captured; the region's prologue declares an uninitialised `T x;` (plus a
//    `(void)x;` so that an unused copy does not warn) and the body's uses are left as written.
//    At the call, `(void)x;` keeps the now unused original from warning.
//  - firstprivate(x): captured by value even though the region writes it: each thread writes
//    its own copy, initialised from the context.
//  - shared(x): the default rules: captured by reference when written, by value when only read.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *out;
// CHECK-NEXT:   int written;
// CHECK-NEXT:   int readonly;
// CHECK-NEXT:   int first;
// CHECK-NEXT: };
// CHECK-LABEL: void clauses(int *out)
void clauses(int *out) {
  int priv = 1, first = 2, written = 3, readonly = 4;
  double scratch[4];
  int *cursor = &priv;
#pragma omp parallel private(priv, scratch) private(cursor) firstprivate(first) shared(written, readonly)
  {
    priv = first++;
    scratch[0] = priv;
    cursor = &priv;
    out[0] = *cursor + (int)scratch[0];
    written = readonly + first;
  }
  // CHECK:      /* omp2numa: #pragma omp parallel private
  // CHECK-NEXT: {
  // CHECK-NEXT:   (void)priv;
  // CHECK-NEXT:   (void)scratch;
  // CHECK-NEXT:   (void)cursor;
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[@LINE-13]], {{.*}}};
  // CHECK-NEXT:   struct __o2n_ctx_[[R]] __o2n_args = {.out = out, .written = written, .readonly = readonly, .first = first};
}
// CHECK:        int *out = __o2n_ctx->out;
// CHECK-NEXT:   int *const written = &__o2n_ctx->written;
// CHECK-NEXT:   int readonly = __o2n_ctx->readonly;
// CHECK-NEXT:   int first = __o2n_ctx->first;
// CHECK-NEXT:   (void)first;
// CHECK-NEXT:   int priv;
// CHECK-NEXT:   (void)priv;
// CHECK-NEXT:   double scratch[4];
// CHECK-NEXT:   (void)scratch;
// CHECK-NEXT:   int *cursor;
// CHECK-NEXT:   (void)cursor;
// CHECK-NOT:  }
// CHECK:      {{^}}  {
// CHECK-NEXT:     priv = first++;
// CHECK-NEXT:     scratch[0] = priv;
// CHECK-NEXT:     cursor = &priv;
// CHECK-NEXT:     out[0] = *cursor + (int)scratch[0];
// CHECK-NEXT:     (*written) = readonly + first;
// CHECK-NEXT:   }

// A private variable declared inside a nested block of the function, and a firstprivate
// pointer: the pointer is copied, what it points to is shared.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *p;
// CHECK-NEXT: };
// CHECK-LABEL: void nested_block(int *p)
void nested_block(int *p) {
  {
    long t = 0;
#pragma omp parallel firstprivate(p) private(t)
    {
      t = *p;
      p[0] = (int)t;
    }
    // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.p = p};
  }
}
// CHECK:        int *p = __o2n_ctx->p;
// CHECK-NEXT:   (void)p;
// CHECK-NEXT:   long t;
// CHECK-NEXT:   (void)t;
// CHECK:      {{^}}    {
// CHECK-NEXT:       t = *p;
// CHECK-NEXT:       p[0] = (int)t;
// CHECK-NEXT:     }
