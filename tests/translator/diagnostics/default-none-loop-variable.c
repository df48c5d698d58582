// default(none) on a parallel region whose statement contains a worksharing loop over a
// variable declared outside the region: the loop variable of a loop construct is predetermined
// private, so it needs no clause (GCC and Clang accept this).  The translation must succeed.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void nested_loop_variable(int n, int *a)
void nested_loop_variable(int n, int *a) {
  int i;
#pragma omp parallel default(none) shared(n, a)
  {
#pragma omp for
    for (i = 0; i < n; i++)
      a[i] = i;
  }
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, 0, 1);
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        int i;
// CHECK:            int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
// CHECK-NEXT:            for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; {{.*}}++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK-NEXT:            i = __o2n_var;
