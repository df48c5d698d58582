// `single copyprivate(list)`: the runtime's copy protocol (omp2numa-abi.h).  A block-scope
// `struct __o2n_copy_<line>` holds a pointer to each variable.  __omp2numa_single_copy_start()
// returns NULL on the thread that runs the block: it publishes the addresses of its copies
// with __omp2numa_single_copy_end() (which waits until every thread has copied).  The other
// threads assign from those pointers (structs by assignment), then meet at the barrier.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

struct pt { int x, y; };

// CHECK-LABEL: void f(int n, int *a)
void f(int n, int *a) {
  int cp = 0;
  double d = 0;
  struct pt s = {0, 0};
#pragma omp parallel firstprivate(cp, d, s)
  {
#pragma omp single copyprivate(cp, d, s)
    { cp = n; d = 2.5; s.x = 1; }
    a[0] = cp + (int)d + s.x;
  }
}
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int cp = __o2n_ctx->cp;
// CHECK-NEXT:   (void)cp;
// CHECK-NEXT:   double d = __o2n_ctx->d;
// CHECK-NEXT:   (void)d;
// CHECK-NEXT:   struct pt s = __o2n_ctx->s;
// CHECK-NEXT:   (void)s;
// CHECK:      /* omp2numa: #pragma omp single copyprivate ( cp , d , s ) */
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_copy_[[#L:]] {
// CHECK-NEXT:     int *cp;
// CHECK-NEXT:     double *d;
// CHECK-NEXT:     struct pt *s;
// CHECK-NEXT:   };
// CHECK-NEXT:   struct __o2n_copy_[[#L]] *const __o2n_src = (struct __o2n_copy_[[#L]] *)__omp2numa_single_copy_start();
// CHECK-NEXT:   if (!__o2n_src) {
// CHECK-NEXT: #line [[#L]]
// CHECK-EMPTY:
// CHECK-NEXT:     { cp = n; d = 2.5; s.x = 1; }
// CHECK-NEXT:   struct __o2n_copy_[[#L]] __o2n_mine = {.cp = &cp, .d = &d, .s = &s};
// CHECK-NEXT:     __omp2numa_single_copy_end(&__o2n_mine);
// CHECK-NEXT:   } else {
// CHECK-NEXT:     cp = *__o2n_src->cp;
// CHECK-NEXT:     d = *__o2n_src->d;
// CHECK-NEXT:     s = *__o2n_src->s;
// CHECK-NEXT:     __omp2numa_barrier();
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  __omp2numa_barrier
// CHECK:        a[0] = cp + (int)d + s.x;
