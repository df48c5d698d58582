// A declaration that lists several variables, all of them threadprivate (as NAS's header.h
// writes `static double a[N], b[N];` then `#pragma omp threadprivate(a, b)`): one _Thread_local
// for the whole declaration, however many directives name its variables.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      {{^}}_Thread_local static double lo[4], hi[4];
// CHECK-NEXT: #pragma omp threadprivate
// CHECK:      {{^}}_Thread_local int first = 1, second, *third;
// CHECK-NOT:  _Thread_local _Thread_local
static double lo[4], hi[4];
#pragma omp threadprivate(lo, hi)
int first = 1, second, *third;
#pragma omp threadprivate(first)
#pragma omp threadprivate(second, third)

int f(int n) {
  int sum = 0;
#pragma omp parallel copyin(first) reduction(+:sum)
  {
    lo[0] = n;
    hi[3] = first;
    third = &second;
    sum += (int)(lo[0] + hi[3]) + *third;
  }
  return sum;
}
