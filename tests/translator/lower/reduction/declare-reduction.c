// declare reduction, expanded where its reductions are lowered: the directive becomes a
// comment; the combiner goes into the combine function, the initializer where the private copy
// is made (a declaration's initializer for `omp_priv = {...}`, a compound literal for an
// array's element, a statement for a call, zero without an initializer), with omp_out, omp_in,
// omp_priv and omp_orig replaced by the lvalues they stand for, each after a #line marker of
// the expression in the directive.  A section of several dimensions privatises the span from
// its first element to its last, on the heap (freed after the combination), which the name
// reaches as a pointer to the original's rows.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct vec { long x, y; };
void vinit(struct vec *v, const struct vec *orig);

#pragma omp declare reduction(vadd : struct vec : omp_out.x += omp_in.x) initializer(omp_priv = { 0, omp_orig.y })
#pragma omp declare reduction(+ : struct vec : omp_out.x += omp_in.x)
#pragma omp declare reduction(vcall : struct vec : omp_out.x += omp_in.x) initializer(vinit(&omp_priv, &omp_orig))
// CHECK:      /* omp2numa: #pragma omp declare reduction ( vadd : struct vec : omp_out . x += omp_in . x ) initializer ( omp_priv = { 0 , omp_orig . y } ) */
// CHECK:      static void __o2n_combine_[[#R:]](void *__o2n_target, void *__o2n_partial)
// CHECK:      #line 17 "{{.*}}declare-reduction.c"
// CHECK-NEXT: (*__o2n_t->a) . x += (__o2n_p->a) . x;
// CHECK:      #line 18 "{{.*}}declare-reduction.c"
// CHECK-NEXT: (*__o2n_t->b) . x += (__o2n_p->b) . x;
// CHECK:      #line 19 "{{.*}}declare-reduction.c"
// CHECK-NEXT: (*__o2n_t->c) . x += (__o2n_p->c) . x;

long scalars(void) {
  struct vec a = {0, 0}, b = {0, 0}, c = {0, 0};
#pragma omp parallel reduction(vadd : a) reduction(+ : b) reduction(vcall : c)
  a.x++, b.x++, c.x++;
  return a.x + b.x + c.x;
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK:        struct __o2n_redtgt_[[#R]] __o2n_tgt = {.a = __o2n_ctx->a, .b = __o2n_ctx->b, .c = __o2n_ctx->c};
// CHECK:      struct vec a = { 0 , (*__o2n_tgt.a) . y };
// CHECK-NEXT:   struct vec b;
// CHECK-NEXT:   __builtin_memset(&b, 0, sizeof b);
// CHECK-NEXT:   struct vec c;
// CHECK:      vinit ( & (c) , & (*__o2n_tgt.c) );

long arrays(struct vec (*p)[4]) {
  struct vec h[3];
#pragma omp parallel for reduction(vadd : h) reduction(+ : p[1:2][0:4])
  for (int i = 0; i < 8; i++)
    h[i % 3].x++, p[1 + i % 2][i % 4].x++;
  return h[0].x;
}
// CHECK:      static void __o2n_combine_[[#S:]](void *__o2n_target, void *__o2n_partial)
// CHECK:        for (size_t __o2n_e = 0; __o2n_e < 3; ++__o2n_e) {
// CHECK:      (__o2n_t->h[__o2n_e]) . x += (__o2n_p->h[__o2n_e]) . x;
// CHECK:        for (size_t __o2n_e = 0; __o2n_e < __o2n_p->__o2n_len_p; ++__o2n_e) {
// CHECK:      (__o2n_t->p[__o2n_e]) . x += (__o2n_p->p[__o2n_e]) . x;
// CHECK:      static void __o2n_region_[[#S]](void *__o2n_data)
// CHECK:        const ptrdiff_t __o2n_lb0_p = (ptrdiff_t)(1);
// CHECK-NEXT:   const ptrdiff_t __o2n_len0_p = (ptrdiff_t)(2);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb1_p = (ptrdiff_t)(0);
// CHECK-NEXT:   const ptrdiff_t __o2n_len1_p = (ptrdiff_t)(4);
// CHECK-NEXT:   const ptrdiff_t __o2n_lb_p = __o2n_lb0_p * 4 + __o2n_lb1_p * 1;
// CHECK-NEXT:   const size_t __o2n_len_p = __o2n_len0_p > 0 && __o2n_len1_p > 0 ? (size_t)((__o2n_len0_p - 1) * 4 + (__o2n_len1_p - 1) * 1 + 1) : 0;
// CHECK-NEXT:   struct __o2n_redtgt_[[#S]] __o2n_tgt = {.h = (struct vec *)&(*h), .p = (struct vec *)(*&(*p)) + __o2n_lb_p};
// CHECK-NEXT:   struct vec h[3];
// CHECK:      ((struct vec *)h)[__o2n_e] = (struct vec){ 0 , (__o2n_tgt.h[__o2n_e]) . y };
// CHECK:        struct vec *const __o2n_sec_p = (struct vec *)__omp2numa_reduction_alloc(__o2n_len_p, sizeof(struct vec));
// CHECK:          __builtin_memset(&__o2n_sec_p[__o2n_e], 0, sizeof __o2n_sec_p[__o2n_e]);
// CHECK:        struct vec (*p)[4] = (struct vec (*)[4])(__o2n_sec_p - __o2n_lb_p);
// CHECK:          __omp2numa_reduce(&__o2n_part, __o2n_combine_[[#S]], &__o2n_tgt);
// CHECK-NEXT:     __omp2numa_reduction_free(__o2n_sec_p);
