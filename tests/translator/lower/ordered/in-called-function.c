// An `ordered` region in a function called from an ordered loop (an orphaned ordered region) is
// lowered the same way, start and end with no argument: the runtime knows the calling thread's
// current iteration of its ordered loop.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void out(int);

// CHECK-LABEL: void step(int i)
// CHECK-NEXT: /* omp2numa: #pragma omp ordered */
// CHECK-NEXT: {
// CHECK-NEXT:   __omp2numa_ordered_start();
// CHECK-NEXT: #line [[@LINE+6]]
// CHECK-EMPTY:
// CHECK-NEXT:   out(i);
// CHECK-NEXT:   __omp2numa_ordered_end();
// CHECK-NEXT: }
void step(int i) {
#pragma omp ordered
  out(i);
}

// The loop has no ordered region of its own: the 'ordered' clause still makes it ordered.
// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_ORDERED, 0, 0};
// CHECK:          for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; __omp2numa_ordered_iteration_end(), ++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK:      step(i);
void f(int n) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
    step(i);
}
