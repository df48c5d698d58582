// A parallel region copies the scalars it only reads into its context, by value: the context
// member has the variable's (unqualified) type, the region's prologue declares a local of the
// same name (`int n = __o2n_ctx->n;`), and the body's uses are left exactly as written.
// Parameters, locals, const scalars and pointers (a pointer that is only read, even when what it
// points to is written) are all copied.  Members come in the order of first use.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// Read-only parameters and locals.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   double *out;
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double scale;
// CHECK-NEXT:   long bias;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_region_[[R]](void *__o2n_data);
// CHECK-LABEL: void read_only(int n, double *out)
void read_only(int n, double *out) {
  double scale = 0.5;
  const long bias = 3;
#pragma omp parallel
  out[0] = n * scale + (double)bias;
  // CHECK:      static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}capture-by-value.c", [[@LINE-2]], {{.*}}};
  // CHECK-NEXT: struct __o2n_ctx_[[@LINE-3]] __o2n_args = {.out = out, .n = n, .scale = scale, .bias = bias};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE-4]], &__o2n_args, 0, 1);
  // CHECK-NEXT: }
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[R]] *const __o2n_ctx = (struct __o2n_ctx_[[R]] *)__o2n_data;
// CHECK-NEXT:   double *out = __o2n_ctx->out;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK-NEXT:   double scale = __o2n_ctx->scale;
// CHECK-NEXT:   const long bias = __o2n_ctx->bias;
// CHECK-NOT:  }
// CHECK:      {{^}}  out[0] = n * scale + (double)bias;
// CHECK-NEXT: }

// Reads in every position: loop bounds, conditions, subscripts, function arguments.
// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int lo;
// CHECK-NEXT:   int hi;
// CHECK-NEXT:   int k;
// CHECK-NEXT:   int *a;
// CHECK-NEXT: };
static int add(int x, int y) { return x + y; }
// CHECK-LABEL: void reads(int *a, int lo, int hi, int k)
void reads(int *a, int lo, int hi, int k) {
#pragma omp parallel
  for (int i = lo; i < hi; i++)
    if (i != k)
      a[i] = add(a[k], i);
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.lo = lo, .hi = hi, .k = k, .a = a};
  // CHECK-NEXT: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE-5]], &__o2n_args, 0, 1);
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[R]] *const __o2n_ctx = (struct __o2n_ctx_[[R]] *)__o2n_data;
// CHECK-NEXT:   int lo = __o2n_ctx->lo;
// CHECK-NEXT:   int hi = __o2n_ctx->hi;
// CHECK-NEXT:   int k = __o2n_ctx->k;
// CHECK-NEXT:   int *a = __o2n_ctx->a;
// CHECK-NOT:  (*
// CHECK:      {{^}}  for (int i = lo; i < hi; i++)
// CHECK-NEXT:   if (i != k)
// CHECK-NEXT:     a[i] = add(a[k], i);
// CHECK-NEXT: }
