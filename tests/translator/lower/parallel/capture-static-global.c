// Variables with static storage.  A static local is captured by reference even when the region
// only reads it (it outlives the call and other code may change it): its uses become (*name).
// File-scope variables, static or not, are visible from the outlined function as they are: they
// are not captured and their uses are not rewritten.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

int counter;
static double table[4];
static const int limit = 10;

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int *calls;
// CHECK-NEXT:   int *out;
// CHECK-NEXT:   const int *seed;
// CHECK-NEXT: };
// CHECK-LABEL: void statics(int *out)
void statics(int *out) {
  static int calls;
  static const int seed = 7;
#pragma omp parallel
  {
    calls++;
    out[0] = seed + counter + limit;
    table[1] = counter++;
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.calls = &calls, .out = out, .seed = &seed};
}
// CHECK:        int *const calls = __o2n_ctx->calls;
// CHECK-NEXT:   int *out = __o2n_ctx->out;
// CHECK-NEXT:   const int *const seed = __o2n_ctx->seed;
// CHECK:      {{^}}  {
// CHECK-NEXT:     (*calls)++;
// CHECK-NEXT:     out[0] = (*seed) + counter + limit;
// CHECK-NEXT:     table[1] = counter++;
// CHECK-NEXT:   }

// A region that uses only file-scope variables captures nothing.
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void globals_only(void)
void globals_only(void) {
#pragma omp parallel
  table[0] = counter + limit;
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], (void *)0, 0, 1);
}
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   (void)__o2n_data;
// CHECK-EMPTY:
// CHECK-NEXT: #line
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  table[0] = counter + limit;
// CHECK-NEXT: }
