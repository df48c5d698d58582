// reduction on a worksharing loop.  The private copies are declared in the lowered loop block
// (after the targets, which are taken while the name still means the original), the loop body
// accumulates into them as written, and every thread calls __omp2numa_reduce after its last
// chunk, before __omp2numa_loop_end_nowait: __omp2numa_reduce holds the loop's barrier.  (An
// integer sum or bit operation is an atomic update before the loop's own barrier instead, and
// in a parallel for, whose loop ends the region, before the join: reduction/atomic-at-join.c;
// the products here take the general path.)  The target is the original as the loop sees it:
//   orphaned (a static: a local is     &s
//   private to each calling thread)
//   held by reference by the region     &(*s)
//   parallel for                        &(*s)  (the region of the parallel for captures s)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: int orphaned(int n, const int *a)
int orphaned(int n, const int *a) {
  static int s;
  s = 1;
  // CHECK:      struct __o2n_redtgt_[[@LINE+7]] __o2n_tgt = {.s = &s};
  // CHECK-NEXT: int s = 1;
  // CHECK:      } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
  // CHECK-NEXT: {
  // CHECK-NEXT:   struct __o2n_red_[[@LINE+3]] __o2n_part = {.s = s};
  // CHECK-NEXT:   __omp2numa_reduce(&__o2n_part, __o2n_combine_[[@LINE+2]], &__o2n_tgt);
  // CHECK-NEXT: }
#pragma omp for reduction(*: s)
  for (int i = 0; i < n; i++)
    s *= a[i];
  // CHECK-NEXT: __omp2numa_loop_end_nowait();
  return s;
}

// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: int in_region(int n, const int *a)
int in_region(int n, const int *a) {
  int s = 1, local = 1;
#pragma omp parallel
  {
#pragma omp for reduction(*: s) nowait
    for (int i = 0; i < n; i++)
      s *= a[i];
#pragma omp for reduction(*: local)
    for (int i = 0; i < n; i++)
      local *= a[i];
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {{[{].*}}.s = s{{.*}}};
  return s;
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        int *const s = &__o2n_ctx->s;
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.s = &(*s)};
// CHECK-NEXT:   int s = 1;
// CHECK:        __omp2numa_reduce(
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK:        struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.local = &(*local)};
// CHECK-NEXT:   int local = 1;
// CHECK:        __omp2numa_reduce(
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK:        int *s;
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data);
// CHECK-LABEL: int parallel_for(int n, const int *a)
int parallel_for(int n, const int *a) {
  int s = 0;
#pragma omp parallel for reduction(+: s)
  for (int i = 0; i < n; i++)
    s += a[i];
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {{[{].*}}.s = &s{{.*}}};
  return s;
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        struct __o2n_redtgt_[[R]] __o2n_tgt = {.s = &(*s)};
// CHECK-NEXT:   int s = 0;
// CHECK:        } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   {
// CHECK-NEXT:     __atomic_fetch_add(__o2n_tgt.s, s, __ATOMIC_RELAXED);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
