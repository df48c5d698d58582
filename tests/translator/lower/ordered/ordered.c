// An `ordered` region inside a loop with the `ordered` clause.  The loop site carries
// __OMP2NUMA_LOOP_ORDERED; the region is __omp2numa_ordered_start() ... __omp2numa_ordered_end()
// (the runtime knows the thread's current iteration).  The loop's increment, which also runs
// after `continue`, calls __omp2numa_ordered_iteration_end(), so that an iteration that ran no
// ordered region passes its turn and later iterations never wait for it.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void out(int);

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data){{$}}
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#R]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_ORDERED, 0, 0};
// CHECK:        uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT:     int __o2n_var = (int)((uint64_t)__o2n_lb + __o2n_lo * __o2n_step);
// CHECK-NEXT:     for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; __omp2numa_ordered_iteration_end(), ++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK-NEXT:       int i = __o2n_var;
// CHECK:            if (i % 2)
// CHECK-NEXT:         continue;
// CHECK-NEXT: /* omp2numa: #pragma omp ordered */
// CHECK-NEXT: {
// CHECK-NEXT:   __omp2numa_ordered_start();
// CHECK-NEXT: #line [[#R+5]]
// CHECK-EMPTY:
// CHECK-NEXT:     out(i);
// CHECK-NEXT:   __omp2numa_ordered_end();
// CHECK-NEXT: }
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
void f(int n, int *a) {
#pragma omp parallel for ordered schedule(dynamic)
  for (int i = 0; i < n; i++) {
    a[i] = i;
    if (i % 2)
      continue;
#pragma omp ordered
    out(i);
  }
}

// An orphaned `for ordered` with a chunk, and a compound ordered block.
// CHECK-LABEL: void orphaned(int n)
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[@LINE+10]], __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_ORDERED, 0, 0};
// CHECK:          for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; __omp2numa_ordered_iteration_end(), ++__o2n_k, __o2n_var += (int)__o2n_step) {
// CHECK:      /* omp2numa: #pragma omp ordered */
// CHECK-NEXT: {
// CHECK-NEXT:   __omp2numa_ordered_start();
// CHECK:          { out(i); out(-i); }
// CHECK-NEXT:   __omp2numa_ordered_end();
// CHECK-NEXT: }
// CHECK:        __omp2numa_loop_end();
void orphaned(int n) {
#pragma omp for ordered schedule(static, 4)
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    { out(i); out(-i); }
  }
}
