// A macro defined after a region, in the same function, does not apply to the region, whose
// outlined definition goes after the function: each macro that the definition names, defined at
// the end of the function and not at the region, is pushed and undefined around it (found by the
// translator fuzzer: `#define counter (counter + 1)` after a region that captures counter made
// its prologue `int *const (counter + 1) = ...`).  Macros the region saw stay as they are.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define STEP 2

// CHECK-LABEL: int f(int *a)
int f(int *a) {
  int counter = 0;
#pragma omp parallel
  {
#pragma omp single
    counter = STEP;
  }
#define counter (counter + 1)
#define STEP2 (STEP * 2)
  a[0] = counter + STEP2;
  return a[0];
}
// CHECK-NOT:  push_macro("STEP")
// CHECK:      #pragma push_macro("counter")
// CHECK-NEXT: #undef counter
// CHECK-NOT:  STEP2
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK:        int *const counter = &__o2n_ctx->counter;
// CHECK:        (*counter) = STEP;
// CHECK:      #pragma pop_macro("counter")
