// `parallel for` is a region whose body is the lowered loop.  The loop ends with
// __omp2numa_loop_end_nowait(): the join of __omp2numa_parallel follows at once and is the
// barrier.  Data-sharing clauses apply to the region (private and firstprivate copies in its
// prologue); a reduction is done by the loop, into the region's by-reference capture; the loop
// variable, declared in the loop or before it, is private to the loop.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *a;
// CHECK-NEXT: };
// CHECK-NEXT: static void __o2n_region_[[R]](void *__o2n_data);
// CHECK-LABEL: void simple(int n, double *a)
void simple(int n, double *a) {
  // CHECK:      /* omp2numa: #pragma omp parallel for */
  // CHECK-NEXT: {
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}parallel-for.c", [[R]], {{.*}}};
  // CHECK-NEXT:   struct __o2n_ctx_[[R]] __o2n_args = {.n = n, .a = a};
  // CHECK-NEXT:   __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, 0, 1);
  // CHECK-NEXT: }
  // CHECK-NOT:  __omp2numa_barrier
  // CHECK-NOT:  __omp2numa_loop_end
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 2 * a[i];
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_ctx_[[R]] *const __o2n_ctx = (struct __o2n_ctx_[[R]] *)__o2n_data;
// CHECK-NEXT:   int n = __o2n_ctx->n;
// CHECK-NEXT:   double *a = __o2n_ctx->a;
// CHECK-EMPTY:
// CHECK-NEXT: #line [[R]] "{{[^"]*}}parallel-for.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^[ ]+$}}
// CHECK-NEXT: {
// CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}parallel-for.c", [[R]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
// CHECK:        if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:      #line [[@LINE-15]] "{{[^"]*}}parallel-for.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^    }}a[i] = 2 * a[i];
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK-NEXT: }

// Clauses of both constructs, and a loop variable declared before the loop.
// CHECK:      struct __o2n_red_[[R:[0-9]+]] {
// CHECK-NEXT:   double sum;
// CHECK-NEXT: };
// CHECK:      struct __o2n_ctx_[[R]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *a;
// CHECK-NEXT:   double *sum;
// CHECK-NEXT:   double scale;
// CHECK-NEXT: };
// CHECK-LABEL: double clauses(int n, double *a)
double clauses(int n, double *a) {
  int i;
  double sum = 0, scale = 2, t = 0;
#pragma omp parallel for reduction(+: sum) firstprivate(scale) private(t) schedule(dynamic, 4)
  for (i = 0; i < n; i++) {
    t = a[i] * scale;
    sum += t;
  }
  // CHECK:      /* omp2numa: #pragma omp parallel for reduction
  // CHECK-NEXT: {
  // CHECK-NEXT:   (void)t;
  // CHECK-NEXT:   (void)i;
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site =
  // CHECK-NEXT:   struct __o2n_ctx_[[R]] __o2n_args = {.n = n, .a = a, .sum = &sum, .scale = scale};
  // CHECK-NEXT:   __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, 0, 1);
  return sum;
}
// CHECK:        double *const sum = __o2n_ctx->sum;
// CHECK-NEXT:   double scale = __o2n_ctx->scale;
// CHECK-NEXT:   (void)scale;
// CHECK-NEXT:   double t;
// CHECK-NEXT:   (void)t;
// CHECK:        __o2n_loop = {"{{[^"]*}}", [[R]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK, 0, 0};
// CHECK:        const int64_t __o2n_chunk = (int64_t)(4);
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   struct __o2n_redtgt_[[R]] __o2n_tgt = {.sum = &(*sum)};
// CHECK-NEXT:   int i;
// CHECK-NEXT:   double sum = 0;
// CHECK:            int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
// CHECK-NEXT:            for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK-NEXT:            i = __o2n_var;
// CHECK:        __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_[[R]], &__o2n_tgt, sizeof __o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
