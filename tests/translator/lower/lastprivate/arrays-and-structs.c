// lastprivate arrays and structs: the private array is uninitialised (no `= {0}`) and copied
// back with __builtin_memcpy through a pointer to the original array; a struct is copied back by
// assignment.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct pt { int x, y; };

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        double (*const arr)[3] = __o2n_ctx->arr;
// CHECK-NEXT:   struct pt *const s = __o2n_ctx->s;
// CHECK:      /* omp2numa: #pragma omp for lastprivate ( arr , s ) */
// CHECK:        double (*const __o2n_last_arr)[3] = &(*arr);
// CHECK-NEXT:   struct pt *const __o2n_last_s = &(*s);
// CHECK-NEXT:   double arr[3];
// CHECK-NEXT:   (void)arr;
// CHECK-NEXT:   struct pt s = {0};
// CHECK-NEXT:   (void)s;
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       __builtin_memcpy(__o2n_last_arr, arr, sizeof arr);
// CHECK-NEXT:       *__o2n_last_s = s;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end();
double f(int n, int *a) {
  double arr[3] = {0};
  struct pt s = {0, 0};
#pragma omp parallel
  {
#pragma omp for lastprivate(arr, s)
    for (int i = 0; i < n; i++) {
      arr[0] = a[i];
      arr[1] = arr[2] = 0;
      s.x = a[i];
      s.y = i;
    }
  }
  return arr[0] + s.x;
}
