// A region whose body calls the function that contains it (recursive parallelism).  Only the
// outlined function's prototype comes before the enclosing function; its definition follows the
// enclosing function, where C has seen that function's declaration: the output compiles.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: {{^}}void sum_tree(int depth, long *out) {
void sum_tree(int depth, long *out) {
  if (depth == 0) {
    *out += 1;
    return;
  }
#pragma omp parallel num_threads(2)
  sum_tree(depth - 1, out);
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, (int)(2), 1);
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:      {{^}}  sum_tree(depth - 1, out);
