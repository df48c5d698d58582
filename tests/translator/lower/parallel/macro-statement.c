// A region's statement may be a macro call: it is copied into the outlined function as written,
// and the macro expands there (its argument, a variable captured by reference, is rewritten).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define SET(x) a[0] = (x)

void f(int n, int *a) {
  int last = 0;
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[#R:]], &__o2n_args, 0, 1);
#pragma omp parallel
  SET(last = n);
  (void)last;
}
// CHECK: static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK: int *const last = &__o2n_ctx->last;
// CHECK: SET((*last) = n);
