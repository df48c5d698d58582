// A block-scope `static` made threadprivate moves to file scope, just before its function, as
// `_Thread_local` with its declaration as written (initialiser included), so that the outlined
// regions, defined after the function, name it.  Its declaration and the pragma become comments.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      /* omp2numa: threadprivate 'calls' moved here from 'f' */
// CHECK-NEXT: #line
// CHECK-NEXT: _Thread_local static long calls = 5;
// CHECK:      /* omp2numa: threadprivate 'hist' moved here from 'f' */
// CHECK-NEXT: #line
// CHECK-NEXT: _Thread_local static int hist[4];
// CHECK:      struct __o2n_ctx_[[#R:]] {
// CHECK-NEXT:   int k;
// CHECK-NEXT: };
// CHECK-LABEL: int f(int k)
// CHECK-NEXT:   /* omp2numa: 'calls' moved to file scope (threadprivate) */
// CHECK-NEXT: #line [[#R-3]]
// CHECK-EMPTY:
// CHECK-NEXT:   /* omp2numa: 'hist' moved to file scope (threadprivate) */
// CHECK-NEXT: #line [[#R-2]]
// CHECK-EMPTY:
// CHECK-NEXT: /* omp2numa: #pragma omp threadprivate ( calls , hist ) */ /* thread-local storage */
// CHECK:        struct __o2n_ctx_[[#R]] __o2n_args = {.k = k};
// CHECK:        return (int)calls + hist[k];
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data){{$}}
// CHECK:          calls++;
// CHECK-NEXT:     hist[k]++;
int f(int k) {
  static long calls = 5;
  static int hist[4];
#pragma omp threadprivate(calls, hist)
#pragma omp parallel
  {
    calls++;
    hist[k]++;
  }
  return (int)calls + hist[k];
}
