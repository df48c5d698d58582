// reduction over arrays of several variable-length dimensions, as a section of all of their rows
// (or of some): the private copy is a buffer on the heap of the elements from the section's first
// to its last, which the name, a pointer to an array of the original's type (spelled `(*v)`),
// reaches as the original.  In a region that privatises the variable, the variable lengths are
// the context's; in a worksharing construct they are measured once where it starts.  A stride of
// a variable-length dimension is the size of the rows it steps over, in elements; a section's
// omitted length of a variable-length dimension runs to its end.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void on_for(int n, int m, double a[n][m])
void on_for(int n, int m, double a[n][m]) {
  double v[n][m];
#pragma omp parallel
#pragma omp for reduction(+: v)
  for (int i = 0; i < n; i++)
    v[i][0] += a[i][0];
}
// CHECK:        double (*const v)[__o2n_ctx->__o2n_dim_v_0][__o2n_ctx->__o2n_dim_v_1] = __o2n_ctx->v;
// CHECK:        const size_t __o2n_dim_v_0 = sizeof((*v)) / sizeof(((*v))[0]);
// CHECK-NEXT:   const size_t __o2n_dim_v_1 = sizeof(((*v))[0]) / sizeof((((*v))[0])[0]);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb0_v = (ptrdiff_t)0;
// CHECK-NEXT:   const ptrdiff_t __o2n_len0_v = (ptrdiff_t)(__o2n_dim_v_0 - __o2n_lb0_v);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb_v = __o2n_lb0_v * (ptrdiff_t)(sizeof(double [__o2n_dim_v_1]) / sizeof(double));
// CHECK-NEXT:   const size_t __o2n_len_v = __o2n_len0_v > 0 ? (size_t)((__o2n_len0_v - 1) * (ptrdiff_t)(sizeof(double [__o2n_dim_v_1]) / sizeof(double)) + (ptrdiff_t)(sizeof(double [__o2n_dim_v_1]) / sizeof(double))) : 0;
// CHECK-NEXT:   struct __o2n_redtgt_[[#F:]] __o2n_tgt = {.v = (double *)(*&(*v)) + __o2n_lb_v};
// CHECK-NEXT:   double *const __o2n_sec_v = (double *)__omp2numa_reduction_alloc(__o2n_len_v, sizeof(double));
// CHECK:        double (*const v)[__o2n_dim_v_0][__o2n_dim_v_1] = (double (*)[__o2n_dim_v_0][__o2n_dim_v_1])(__o2n_sec_v - __o2n_lb_v);
// CHECK:      {{^}}    (*v)[i][0] += a[i][0];
// CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_[[#F]], &__o2n_tgt);
// CHECK-NEXT:   __omp2numa_reduction_free(__o2n_sec_v);

// A constant dimension between two of variable length: an array of variable-length arrays is
// one too, whatever its length (C11 6.7.6.2), measured as the others.
// CHECK-LABEL: void on_parallel(int n, int m)
void on_parallel(int n, int m) {
  long b[n][4][m];
#pragma omp parallel reduction(max: b)
  b[0][0][0] = 1;
}
// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data)
// CHECK:        const ptrdiff_t __o2n_len0_b = (ptrdiff_t)(__o2n_ctx->__o2n_dim_b_0 - __o2n_lb0_b);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb_b = __o2n_lb0_b * (ptrdiff_t)(sizeof(long [__o2n_ctx->__o2n_dim_b_1][__o2n_ctx->__o2n_dim_b_2]) / sizeof(long));
// CHECK:        struct __o2n_redtgt_[[#R]] __o2n_tgt = {.b = (long *)__o2n_ctx->b + __o2n_lb_b};
// CHECK:          __o2n_sec_b[__o2n_e] = (-(long)9223372036854775807ULL - 1);
// CHECK:        long (*const b)[__o2n_ctx->__o2n_dim_b_0][__o2n_ctx->__o2n_dim_b_1][__o2n_ctx->__o2n_dim_b_2] = (long (*)[__o2n_ctx->__o2n_dim_b_0][__o2n_ctx->__o2n_dim_b_1][__o2n_ctx->__o2n_dim_b_2])(__o2n_sec_b - __o2n_lb_b);
// CHECK-NEXT:   (void)b;
// CHECK-EMPTY:
// CHECK-NEXT: #line [[#R]]
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  (*b)[0][0][0] = 1;

// An array of 4 variable-length arrays, and a section through a pointer to variable-length rows:
// the omitted length of the inner dimension runs to its end; the pointer's private copy points
// into the buffer.
// CHECK-LABEL: void sections(int n, int m, double (*p)[m])
void sections(int n, int m, double (*p)[m]) {
  int d[4][m];
  d[0][0] = 0;
#pragma omp parallel for reduction(+: p[1:2][:]) reduction(|: d)
  for (int i = 0; i < n; i++)
    p[1][i % m] += d[0][0] |= i;
}
// CHECK:        const size_t __o2n_dim_p_0 = sizeof((*(*p))) / sizeof(((*(*p)))[0]);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb0_p = (ptrdiff_t)(1);
// CHECK-NEXT:   const ptrdiff_t __o2n_len0_p = (ptrdiff_t)(2);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb1_p = (ptrdiff_t)0;
// CHECK-NEXT:   const ptrdiff_t __o2n_len1_p = (ptrdiff_t)(__o2n_dim_p_0 - __o2n_lb1_p);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb_p = __o2n_lb0_p * (ptrdiff_t)(sizeof(double [__o2n_dim_p_0]) / sizeof(double)) + __o2n_lb1_p * 1;
// CHECK:        const size_t __o2n_dim_d_0 = sizeof((*d)) / sizeof(((*d))[0]);
// CHECK-NEXT:   const size_t __o2n_dim_d_1 = sizeof(((*d))[0]) / sizeof((((*d))[0])[0]);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb0_d = (ptrdiff_t)0;
// CHECK-NEXT:   const ptrdiff_t __o2n_len0_d = (ptrdiff_t)(__o2n_dim_d_0 - __o2n_lb0_d);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb_d = __o2n_lb0_d * (ptrdiff_t)(sizeof(int [__o2n_dim_d_1]) / sizeof(int));
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.p = (double *)(*&(*p)) + __o2n_lb_p, .d = (int *)(*&(*d)) + __o2n_lb_d};
// CHECK:        double (*p)[__o2n_dim_p_0] = (double (*)[__o2n_dim_p_0])(__o2n_sec_p - __o2n_lb_p);
// CHECK:        int (*const d)[__o2n_dim_d_0][__o2n_dim_d_1] = (int (*)[__o2n_dim_d_0][__o2n_dim_d_1])(__o2n_sec_d - __o2n_lb_d);
// CHECK:      {{^}}    p[1][i % m] += (*d)[0][0] |= i;

// A pointer to variable-length rows privatised by a region: its context holds the pointer's
// address, through which the target reaches the rows.
// CHECK-LABEL: void pointer_in_region(int n, int m, double (*p)[m])
void pointer_in_region(int n, int m, double (*p)[m]) {
#pragma omp parallel reduction(+: p[0:n][0:m])
  p[0][0] += 1;
}
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.p = (double *)(*(double (**)[__o2n_ctx->__o2n_dim_p_0])__o2n_ctx->p) + __o2n_lb_p};
// CHECK:        double (*p)[__o2n_ctx->__o2n_dim_p_0] = (double (*)[__o2n_ctx->__o2n_dim_p_0])(__o2n_sec_p - __o2n_lb_p);
