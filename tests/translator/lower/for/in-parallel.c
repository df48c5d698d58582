// A `for` inside a parallel region.  The loop is lowered inside the outlined function: its
// bounds, step and chunk are spelled as the region sees the variables (`(*n)` for a variable the
// region holds by reference), a loop variable declared before the region is private to the loop
// (declared in the lowered block, not captured), and a reduction targets the region's view of
// the variable: `&(*sum)` when the region holds it by reference (a variable declared in the
// region is private to each thread, and cannot be a loop's reduction variable).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   double *a;
// CHECK-NEXT:   double local;
// CHECK-NEXT:   double sum;
// CHECK-NEXT:   int c;
// CHECK-NEXT: };
// CHECK-LABEL: double in_region(int n, double *a, int c)
double in_region(int n, double *a, int c) {
  double sum = 0, local = 0;
  int i;
#pragma omp parallel
  {
    if (n > 100)
      n = 100;
#pragma omp for reduction(+: sum) schedule(dynamic, c)
    for (i = 0; i < n; i++)
      sum += a[i];
#pragma omp for reduction(max: local)
    for (int j = 0; j < n; j++)
      local = a[j] > local ? a[j] : local;
    a[0] = local;
  }
  // CHECK:      (void)i;
  // CHECK:      struct __o2n_ctx_[[R]] __o2n_args = {.n = n, .a = a, .local = local, .sum = sum, .c = c};
  return sum;
}
// CHECK:        int *const n = &__o2n_ctx->n;
// CHECK-NEXT:   double *a = __o2n_ctx->a;
// CHECK-NEXT:   double *const local = &__o2n_ctx->local;
// CHECK-NEXT:   double *const sum = &__o2n_ctx->sum;
// CHECK-NEXT:   int c = __o2n_ctx->c;
// CHECK:      {{^}}  {
// CHECK-NEXT:     if ((*n) > 100)
// CHECK-NEXT:       (*n) = 100;
// CHECK-NEXT: /* omp2numa: #pragma omp for reduction ( + : sum ) schedule ( dynamic , c ) */
// CHECK-NEXT: {{^[ ]+$}}
// CHECK-NEXT: {
// CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop =
// CHECK-NEXT:   const int __o2n_lb = (0);
// CHECK-NEXT:   const int __o2n_ub = ((*n));
// CHECK:        const int64_t __o2n_chunk = (int64_t)(c);
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.sum = &(*sum)};
// CHECK-NEXT:   int i;
// CHECK-NEXT:   double sum = 0;
// CHECK:            int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
// CHECK-NEXT:            for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK-NEXT:            i = __o2n_var;
// CHECK:      #line [[@LINE-32]] "{{[^"]*}}in-parallel.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^      }}sum += a[i];
// CHECK:        __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp for reduction ( max : local ) */
// CHECK:        const int __o2n_ub = ((*n));
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.local = &(*local)};
// CHECK-NEXT:   double local = -__builtin_inf();
// CHECK:      #line [[@LINE-38]] "{{[^"]*}}in-parallel.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^      }}local = a[j] > local ? a[j] : local;
// CHECK:        __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK:      {{^}}    a[0] = (*local);
// CHECK-NEXT:   }
// CHECK-NEXT: }
