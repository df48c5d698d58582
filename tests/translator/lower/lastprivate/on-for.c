// lastprivate(x) on a `for` in a region: the construct's block keeps a pointer to the original
// (__o2n_last_x, taken before the private copy hides it) and declares the copy.  The thread that
// runs the sequentially last iteration (a non-empty chunk ending at the trip count) copies its
// value back right after that chunk: later chunks it may run (stolen, nonmonotonic) are earlier
// iterations and must not change what is copied.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int *const x = &__o2n_ctx->x;
// CHECK:      /* omp2numa: #pragma omp for lastprivate ( x ) */
// CHECK:        uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   int *const __o2n_last_x = &(*x);
// CHECK-NEXT:   int x = {0};
// CHECK-NEXT:   (void)x;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:            x = a[i] * 2;
// CHECK-NEXT:     }
// CHECK-NEXT:     if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_x = x;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end();
// CHECK-NEXT: }
int f(int n, int *a) {
  int x = 0;
#pragma omp parallel
  {
#pragma omp for lastprivate(x)
    for (int i = 0; i < n; i++)
      x = a[i] * 2;
    a[0] = x;
  }
  return x;
}

// Orphaned with nowait: the copy back comes before __omp2numa_loop_end_nowait().
// CHECK-LABEL: void orphaned(int n, int *a, double *out)
// CHECK:        double *const __o2n_last_out0 = &out0;
// CHECK-NEXT:   double out0 = {0};
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_out0 = out0;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
void orphaned(int n, int *a, double *out) {
  static double out0;
#pragma omp for lastprivate(out0) nowait
  for (int i = 0; i < n; i++)
    out0 = a[i];
  out[0] = out0;
}
