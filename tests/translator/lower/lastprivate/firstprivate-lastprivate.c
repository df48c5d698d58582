// firstprivate and lastprivate on the same variable of a `parallel for`: the region's copy is
// initialised from the original (through the context's pointer, since the original is written
// back), and the thread that ran the last iteration writes its copy back to the original through
// the same pointer.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_ctx_[[#R:]] {
// CHECK-NEXT:   int n;
// CHECK-NEXT:   int *a;
// CHECK-NEXT:   int *y;
// CHECK-NEXT: };
// CHECK-LABEL: int f(int n, int *a)
// CHECK:        struct __o2n_ctx_[[#R]] __o2n_args = {.n = n, .a = a, .y = &y};
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK:        int n = __o2n_ctx->n;
// CHECK-NEXT:   int *a = __o2n_ctx->a;
// CHECK-NEXT:   int y = *__o2n_ctx->y;
// CHECK:        int *const __o2n_last_y = __o2n_ctx->y;
// CHECK:        y += j;
// CHECK:          if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_y = y;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
int f(int n, int *a) {
  int y = 1;
#pragma omp parallel for firstprivate(y) lastprivate(y)
  for (int j = 0; j < n; j++) {
    y += j;
    a[j] = y;
  }
  return y;
}
