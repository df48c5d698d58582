// The barrier at the end of a worksharing construct with a reduction is __omp2numa_reduce's:
// the construct then ends with __omp2numa_loop_end_nowait, one barrier instead of two.  In a
// region with `cancel parallel` the construct keeps its cancellable barrier after the reduce
// (a cancellation point); a construct without a reduction keeps __omp2numa_loop_end.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9_]+}}, &__o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK-NOT:  __omp2numa_barrier
// CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9_]+}}, &__o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
// CHECK:        __omp2numa_loop_end();
// CHECK-NEXT: }
void in_region(int n, const double *a, double *out) {
  double s = 0;
  int m = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : s)
    for (int i = 0; i < n; i++)
      s += a[i];
#pragma omp sections reduction(max : m)
    {
#pragma omp section
      m = n > m ? n : m;
#pragma omp section
      m = 2 * n > m ? 2 * n : m;
    }
#pragma omp for
    for (int i = 0; i < n; i++)
      out[i] = s + m;
  }
}

// CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        __omp2numa_reduce(&__o2n_part, __o2n_combine_{{[0-9_]+}}, &__o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT:   if (__omp2numa_barrier_cancel()) goto
void cancellable(int n, const double *a, double *out) {
  double s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : s)
    for (int i = 0; i < n; i++)
      s += a[i];
    if (s < 0) {
#pragma omp cancel parallel
    }
    out[0] = s;
  }
}
