// The end of a worksharing loop: __omp2numa_loop_end() (the implicit barrier) without nowait,
// __omp2numa_loop_end_nowait() and the __OMP2NUMA_LOOP_NOWAIT site flag with it, in a region
// and orphaned alike.  (parallel for ends its loop without a barrier: parallel-for.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data);
// CHECK-LABEL: void in_region(int n, int *a, int *b)
void in_region(int n, int *a, int *b) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      b[i] = i;
#pragma omp for schedule(static, 2) nowait
    for (int i = 0; i < n; i++)
      b[i] += a[i];
  }
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK:        __o2n_loop = {"{{[^"]*}}", [[#R+2]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end();
// CHECK-NEXT: }
// CHECK:        __o2n_loop = {"{{[^"]*}}", [[#R+5]], __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK:        __o2n_loop = {"{{[^"]*}}", [[#R+8]], __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK:        __omp2numa_loop_end_nowait();

// CHECK-LABEL: void orphaned(int n, int *a)
void orphaned(int n, int *a) {
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_NOWAIT, 0, 0};
  // CHECK:      } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
  // CHECK-NEXT: __omp2numa_loop_end_nowait();
#pragma omp for nowait
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK:      } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
  // CHECK-NEXT: __omp2numa_loop_end();
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
