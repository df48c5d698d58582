// The location of an atomic construct keeps its qualifiers: `__o2n_x` points to a volatile int
// for a volatile variable (also through a typedef), so the initialisation does not discard
// `volatile` (gcc's -Wdiscarded-qualifiers, an error under -Werror; LLVM's omp_testsuite.h
// updates a `volatile int` with `omp atomic`).  The value temporaries are unqualified.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

typedef volatile long vlong;
volatile int v;
vlong w;
volatile double d;

// CHECK-LABEL: void f(void)
void f(void) {
  int x;
  // CHECK: volatile int *const __o2n_x = &(v);
  // CHECK-NEXT: int __o2n_old;
#pragma omp atomic
  v++;
  // CHECK: volatile long *const __o2n_x = &(w);
  // CHECK-NEXT: const long __o2n_e = (2);
#pragma omp atomic update
  w += 2;
  // CHECK: volatile double *const __o2n_x = &(d);
#pragma omp atomic
  d += 0.5;
  // CHECK: volatile int *const __o2n_x = &(v);
  // CHECK-NEXT: int __o2n_v;
#pragma omp atomic read
  x = v;
  // CHECK: volatile int *const __o2n_x = &(v);
#pragma omp atomic compare
  if (v < x) { v = x; }
}
