// `atomic read` (v = x;) is an __atomic_load of x into a temporary, then the plain assignment
// to v; `atomic write` (x = expr;) evaluates expr once into a temporary of x's type, then
// __atomic_store.  Both sequentially consistent (memory-order clauses are accepted).  v of another
// type than x: read-conversion.c.  A shared local v written in a region is
// reached through its pointer, `(*v)`.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int x;
double d;

// CHECK-LABEL: void f(int n, int *out)
// CHECK:      /* omp2numa: #pragma omp atomic read */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int *const __o2n_x = &(x);
// CHECK-NEXT:   int __o2n_v;
// CHECK-NEXT:   __atomic_load(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   (out[0]) = __o2n_v;
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp atomic write */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   double *const __o2n_x = &(d);
// CHECK-NEXT:   double __o2n_v = (n * 0.5);
// CHECK-NEXT:   __atomic_store(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT: }
void f(int n, int *out) {
#pragma omp atomic read
  out[0] = x;
#pragma omp atomic write
  d = n * 0.5;
}

// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int *const v = &__o2n_ctx->v;
// CHECK:      /* omp2numa: #pragma omp atomic read seq_cst */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int *const __o2n_x = &(x);
// CHECK-NEXT:   int __o2n_v;
// CHECK-NEXT:   __atomic_load(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT:   ((*v)) = __o2n_v;
// CHECK-NEXT: }
// CHECK:      /* omp2numa: #pragma omp atomic write */
// CHECK:      {{^\{$}}
// CHECK-NEXT:   int *const __o2n_x = &(x);
// CHECK-NEXT:   int __o2n_v = ((*v) + 1);
// CHECK-NEXT:   __atomic_store(__o2n_x, &__o2n_v, __ATOMIC_SEQ_CST);
// CHECK-NEXT: }
int in_region(void) {
  int v = 0;
#pragma omp parallel shared(v)
  {
#pragma omp atomic read seq_cst
    v = x;
#pragma omp atomic write
    x = v + 1;
  }
  return v;
}
