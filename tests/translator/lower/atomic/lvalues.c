// The updated location may be any lvalue: an array element (with an index computed at run time),
// a member of a struct, of a struct reached through a pointer, or of a shared local struct
// captured by reference (`(*s).cnt`).  The builtins work on its address, `&(x)`, taken once.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct S { int cnt; double w; };

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int *const ar = __o2n_ctx->ar;
// CHECK:        struct S *const s = __o2n_ctx->s;
// CHECK:      /* omp2numa: #pragma omp atomic */
// CHECK:        int *const __o2n_x = &(ar[n % 4]);
// CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
// CHECK:      /* omp2numa: #pragma omp atomic */
// CHECK:        int *const __o2n_x = &((*s).cnt);
// CHECK:        __o2n_old = __atomic_fetch_add(__o2n_x, 1, __ATOMIC_SEQ_CST);
// CHECK:      /* omp2numa: #pragma omp atomic */
// CHECK:        double *const __o2n_x = &(ps->w);
// CHECK:        __atomic_compare_exchange(__o2n_x,
// CHECK:      /* omp2numa: #pragma omp atomic */
// CHECK:        int *const __o2n_x = &(grid[n][n + 1]);
// CHECK:        __o2n_old = __atomic_fetch_or(__o2n_x, __o2n_e, __ATOMIC_SEQ_CST);
// CHECK:      /* omp2numa: #pragma omp atomic write */
// CHECK:        double *const __o2n_x = &(ps[1].w);
// CHECK-NEXT:   double __o2n_v = (1.0);
// CHECK-NEXT:   __atomic_store(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
void f(int n, struct S *ps, int (*grid)[8]) {
  struct S s = {0, 0};
  int ar[4] = {0};
#pragma omp parallel shared(s, ar)
  {
#pragma omp atomic
    ar[n % 4] += 1;
#pragma omp atomic
    s.cnt++;
#pragma omp atomic
    ps->w += 1.0;
#pragma omp atomic
    grid[n][n + 1] |= 1;
#pragma omp atomic write
    ps[1].w = 1.0;
  }
  ps[0].cnt = s.cnt + ar[0];
}
