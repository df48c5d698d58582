// cancel and cancellation point become a runtime call and a jump to the end of the construct
// they bind to, before the code that ends it.  In a region with a cancel parallel directive, the
// region's barriers (explicit and implicit) are cancellation points that jump to its end; in
// one without, they stay plain barriers.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void use(int);

// CHECK-LABEL: void cancelled_region(int *a, int n)
// CHECK: static void __o2n_region_[[#R:]](void *__o2n_data)
void cancelled_region(int *a, int n) {
#pragma omp parallel
  {
    // CHECK: if (__omp2numa_cancel(__OMP2NUMA_CANCEL_FOR, !!((a [ i ] < 0)))) goto __o2n_cancel_[[#L:]];
    // CHECK: } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
    // CHECK-NEXT: __o2n_cancel_[[#L]]:;
    // CHECK-NEXT: __omp2numa_loop_end_nowait();
    // CHECK-NEXT: if (__omp2numa_barrier_cancel()) goto __o2n_cancel_[[#R]];
#pragma omp for
    for (int i = 0; i < n; i++) {
#pragma omp cancel for if (a[i] < 0)
      use(i);
    }
    // CHECK: if (__omp2numa_barrier_cancel()) goto __o2n_cancel_[[#R]];
#pragma omp barrier
    // CHECK: if (__omp2numa_cancel(__OMP2NUMA_CANCEL_PARALLEL, !!((n > 3)))) goto __o2n_cancel_[[#R]];
#pragma omp cancel parallel if (cancel: n > 3)
    // CHECK: if (__omp2numa_cancellation_point(__OMP2NUMA_CANCEL_SECTIONS)) goto __o2n_cancel_[[#S:]];
    // CHECK: __o2n_cancel_[[#S]]:;
    // CHECK-NEXT: __omp2numa_loop_end_nowait();
    // CHECK-NEXT: if (__omp2numa_barrier_cancel()) goto __o2n_cancel_[[#R]];
#pragma omp sections
    {
#pragma omp section
      {
#pragma omp cancellation point sections
      }
    }
    // CHECK: __omp2numa_single_end();
    // CHECK: if (__omp2numa_barrier_cancel()) goto __o2n_cancel_[[#R]];
#pragma omp single
    use(0);
    // The region's end, before its reductions.
    // CHECK: __o2n_cancel_[[#R]]:;
  }
}

// A cancellation point alone makes no barrier cancellable.
// CHECK-LABEL: void cancellation_point_only(void)
// CHECK: static void __o2n_region_[[#P:]](void *__o2n_data)
void cancellation_point_only(void) {
#pragma omp parallel
  {
    // CHECK: if (__omp2numa_cancellation_point(__OMP2NUMA_CANCEL_PARALLEL)) goto __o2n_cancel_[[#P]];
#pragma omp cancellation point parallel
    // CHECK: __omp2numa_barrier();
#pragma omp barrier
    // CHECK: __o2n_cancel_[[#P]]:;
  }
}

// cancel taskgroup jumps to the end of the task's function; the combined parallel for takes the
// jump at its loop, and its region has no label of its own.
// CHECK-LABEL: void tasks(int n)
// CHECK-LABEL: static void __o2n_task_
// CHECK: if (__omp2numa_cancel(__OMP2NUMA_CANCEL_TASKGROUP, 1)) goto __o2n_cancel_[[#T:]];
// CHECK: __o2n_cancel_[[#T]]:;
// CHECK-LABEL: static void __o2n_region_
// CHECK: if (__omp2numa_cancellation_point(__OMP2NUMA_CANCEL_FOR)) goto __o2n_cancel_[[#F:]];
// CHECK: __o2n_cancel_[[#F]]:;
// CHECK-NEXT: __omp2numa_loop_end_nowait();
// CHECK-NOT: __o2n_cancel_
void tasks(int n) {
#pragma omp taskgroup
  {
#pragma omp task
    {
#pragma omp cancel taskgroup
      use(n);
    }
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp cancellation point for
    use(i);
  }
}
