// The allocate directive on automatic variables: each declarator becomes a pointer of the same
// name to storage from __omp2numa_allocate_var (sizeof *x: a variable-length array's size is
// evaluated once, by the declarator; the larger of the type's alignment and align(n); the
// allocator as written, 0 for the def-allocator-var ICV), freed by the pointer's cleanup on
// every way out of the block (gcc's -Wuninitialized, which sees a variable-length array's
// pointer read by `sizeof *x` in its own initializer, is off for that declaration); an
// initializer is copied in from a compound literal of one element, so it keeps its meaning
// (braces, strings, a struct from a call, a macro); an array sized by its initializer gets its
// size; every reference becomes (*x), so sizeof, & and decay
// keep their meaning; declarators that share a declaration are rewritten one by one.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c %}

#include <omp.h>
#include <string.h>

struct pair {
  int a, b;
};
struct pair make(int a);
#define ZERO 0

int scalars(omp_allocator_handle_t h) {
  // CHECK-LABEL: int scalars(
  // CHECK: int (*x) __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *x, 64, (uintptr_t)((h))), (__typeof__(*x)[1]){ 3 }, sizeof *x), keep = 1, (*y) __attribute__((cleanup(__omp2numa_allocate_var_free))) = __omp2numa_allocate_var(sizeof *y, 64, (uintptr_t)((h)));
  // CHECK-NEXT: const double (*c) __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *c, 8, 0), (__typeof__(*c)[1]){ ZERO }, sizeof *c);
  // CHECK-NEXT: struct pair (*p) __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *p, 4, 0), (__typeof__(*p)[1]){ make((*x)) }, sizeof *p);
  // CHECK-NEXT: /* omp2numa: #pragma omp allocate ( x , y ) allocator ( h ) align ( 64 ) */
  // CHECK: /* omp2numa: #pragma omp allocate ( c , p ) */
  // CHECK: (*y) = (*x) + keep + (int)sizeof (*y) + (*p).b + (int)(*c);
  // CHECK-NEXT: return (*y) + *&(*x);
  int x = 3, keep = 1, y;
  const double c = ZERO;
  struct pair p = make(x);
#pragma omp allocate(x, y) allocator(h) align(64)
#pragma omp allocate(c, p)
  y = x + keep + (int)sizeof y + p.b + (int)c;
  return y + *&x;
}

int arrays(int n) {
  // CHECK-LABEL: int arrays(
  // CHECK: int (*a)[4] __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *a, 16, (uintptr_t)((omp_low_lat_mem_alloc))), (__typeof__(*a)[1]){ {1, 2} }, sizeof *a);
  // CHECK-NEXT: char (*s)[6] __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *s, 1, (uintptr_t)((omp_low_lat_mem_alloc))), (__typeof__(*s)[1]){ "hello" }, sizeof *s);
  // CHECK-NEXT: _Pragma("GCC diagnostic push") {{.*}} _Pragma("GCC diagnostic ignored \"-Wuninitialized\"") {{.*}} double (*v)[n][n + 1] __attribute__((cleanup(__omp2numa_allocate_var_free))) = __omp2numa_allocate_var(sizeof *v, {{[0-9]+}}, (uintptr_t)((omp_low_lat_mem_alloc))); _Pragma("GCC diagnostic pop")
  // CHECK: (*v)[n - 1][n] = (*a)[1] + (int)strlen((*s)) + (int)(sizeof (*v) / sizeof (*v)[0]);
  // CHECK-NEXT: int *first = (*a);
  int a[4] = {1, 2};
  char s[] = "hello";
  double v[n][n + 1];
#pragma omp allocate(a, s, v) allocator(omp_low_lat_mem_alloc)
  v[n - 1][n] = a[1] + (int)strlen(s) + (int)(sizeof v / sizeof v[0]);
  int *first = a;
  return first[0] + (int)v[n - 1][n];
}

int exits(int n) {
  // CHECK-LABEL: int exits(
  // CHECK: int (*t) __attribute__((cleanup(__omp2numa_allocate_var_free))) = __builtin_memcpy(__omp2numa_allocate_var(sizeof *t, 4, 0), (__typeof__(*t)[1]){ i }, sizeof *t);
  // CHECK: if ((*t) == 3)
  // CHECK-NEXT: return (*t);
  for (int i = 0; i < n; i++) {
    int t = i;
#pragma omp allocate(t)
    if (t == 3)
      return t;
    if (t == 5)
      break;
  }
  return 0;
}
