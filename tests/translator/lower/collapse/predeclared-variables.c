// Loop variables declared before a collapsed nest: the construct declares private copies of
// all of them and assigns them, not declares, when it splits the logical iteration; every
// original that the function no longer uses gets a `(void)x;`, as for a single loop.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void g(int n, int m, double *a)
// CHECK:      /* omp2numa: #pragma omp for collapse ( 2 ) */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   (void){{[ij]}};
// CHECK-NEXT:   (void){{[ij]}};
// CHECK-NEXT:   static struct __omp2numa_loop_site
// CHECK:        int i;
// CHECK-NEXT:   int j;
// CHECK:              j = (int)((uint64_t)__o2n_lb_1 + (__o2n_rest % __o2n_n_1) * __o2n_step_1);
// CHECK:              __o2n_rest /= __o2n_n_1;
// CHECK-NEXT:       i = (int)((uint64_t)__o2n_lb_0 + __o2n_rest * __o2n_step_0);
// CHECK:        __omp2numa_loop_end();
void g(int n, int m, double *a) {
  int i, j;
#pragma omp for collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = 1;
}
