// Macros in a region's body.  The region's text is copied as written, macro invocations
// included.  A macro ARGUMENT that names a variable captured by reference is rewritten in the
// invocation, `ADD(sum, v)` -> `ADD((*sum), v)`, also inside nested invocations and when the
// macro uses the argument twice.  A stringified argument is text, not a use: it stays.  A macro
// whose body names a variable captured by value needs no rewrite (the prologue declares a local
// of that name).  A macro body naming a by-reference variable is an error (diagnostics/).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define SQ(x) ((x) * (x))
#define ADD(dst, v) ((dst) += (v))
#define TWICE(x) SQ(x) + SQ(x)
#define STR(x) #x
#define NEXT (n + 1)

// CHECK:      struct __o2n_ctx_[[R:[0-9]+]] {
// CHECK-NEXT:   int sum;
// CHECK-NEXT:   int ro;
// CHECK-NEXT:   const char *name;
// CHECK-NEXT:   int *out;
// CHECK-NEXT:   int n;
// CHECK-NEXT: };
// CHECK-LABEL: void macros(int n, int *out)
void macros(int n, int *out) {
  int sum = 0, ro = 2;
  const char *name = "";
#pragma omp parallel
  {
    ADD(sum, SQ(ro));
    ADD(sum, TWICE(sum));
    name = STR(sum);
    out[0] = NEXT + sum;
  }
  // CHECK: struct __o2n_ctx_[[R]] __o2n_args = {.sum = sum, .ro = ro, .name = name, .out = out, .n = n};
  (void)name;
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:      #line {{[0-9]+}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT:     ADD((*sum), SQ(ro));
// CHECK-NEXT:     ADD((*sum), TWICE((*sum)));
// CHECK-NEXT:     (*name) = STR(sum);
// CHECK-NEXT:     out[0] = NEXT + (*sum);
// CHECK-NEXT:   }
