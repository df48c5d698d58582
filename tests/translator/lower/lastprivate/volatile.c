// Results written back through a pointer to a volatile original keep the qualifier: the
// pointer of a lastprivate copy back (also of a loop variable declared outside the loop) and of
// a linear variable's last value points to volatile, so the translated code does not discard
// `volatile` (gcc's -Wdiscarded-qualifiers, an error under -Werror).  atomic/volatile.c has the
// atomic constructs.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: int f(int n)
int f(int n) {
  volatile int last = 0, lin = 0, i;
#pragma omp parallel for lastprivate(last)
  for (int k = 0; k < n; k++)
    last = k;
#pragma omp parallel for lastprivate(i)
  for (i = 0; i < n; i++)
    ;
  // CHECK: volatile int *const __o2n_last_lin = &lin;
#pragma omp simd linear(lin: 2)
  for (int k = 0; k < n; k++)
    lin += 2;
  return last + lin + i;
}
// The regions' copy backs, after f:
// CHECK: volatile int *const __o2n_last_last = last;
// CHECK: volatile int *const __o2n_last_i = i;
