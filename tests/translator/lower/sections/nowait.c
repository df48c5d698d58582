// `sections nowait` ends its loop with __omp2numa_loop_end_nowait() (no barrier) and sets the
// __OMP2NUMA_LOOP_NOWAIT site flag; without nowait (switch.c) it is __omp2numa_loop_end().
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void f(int *a)
// CHECK:        static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[@LINE+5]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
void f(int *a) {
#pragma omp sections nowait
  {
#pragma omp section
    a[0] = 0;
#pragma omp section
    a[1] = 1;
  }
}
