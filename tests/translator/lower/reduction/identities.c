// Identities that depend on the variable's type.  min starts from the type's largest value and
// max from its smallest: the signed maximum (spelled through an unsigned literal, the minimum as
// -max - 1), ~0 and 0 for unsigned types, and +-infinity for floating types (so that an original
// value of -inf or +inf survives).  & starts from all bits set, in the variable's type.
// Additive identities are 0 whatever the type.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <stddef.h>

// CHECK-LABEL: void identities(int n, const double *x)
void identities(int n, const double *x) {
  static signed char sc_min = 0, sc_max = 0;
  static short s_min = 0;
  static long long ll_min = 0, ll_max = 0;
  static unsigned u_min = 0, u_max = 0, u_and = 0;
  static unsigned long long ull_min = 0;
  static size_t z_and = 0;
  static float f_min = 0, f_max = 0;
  static double d_min = 0, d_max = 0, d_add = 0, d_mul = 1;
  static long double ld_min = 0, ld_max = 0;
  static _Bool b_and = 1, b_or = 0;
  // CHECK:      signed char sc_min = (signed char)127ULL;
  // CHECK-NEXT: short s_min = (short)32767ULL;
  // CHECK-NEXT: long long ll_min = (long long)9223372036854775807ULL;
  // CHECK-NEXT: unsigned int u_min = (unsigned int)~(unsigned int)0;
  // CHECK-NEXT: unsigned long long ull_min = (unsigned long long)~(unsigned long long)0;
  // CHECK-NEXT: float f_min = __builtin_inff();
  // CHECK-NEXT: double d_min = __builtin_inf();
  // CHECK-NEXT: long double ld_min = __builtin_infl();
  // CHECK-NEXT: signed char sc_max = (-(signed char)127ULL - 1);
  // CHECK-NEXT: long long ll_max = (-(long long)9223372036854775807ULL - 1);
  // CHECK-NEXT: unsigned int u_max = (unsigned int)0;
  // CHECK-NEXT: float f_max = -__builtin_inff();
  // CHECK-NEXT: double d_max = -__builtin_inf();
  // CHECK-NEXT: long double ld_max = -__builtin_infl();
  // CHECK-NEXT: unsigned int u_and = (unsigned int)~(unsigned int)0;
  // CHECK-NEXT: size_t z_and = (size_t)~(size_t)0;
  // CHECK-NEXT: _Bool b_and = 1;
  // CHECK-NEXT: _Bool b_or = 0;
  // CHECK-NEXT: double d_add = 0;
  // CHECK-NEXT: double d_mul = 1;
  // CHECK-NEXT: if (__omp2numa_loop_start(
#pragma omp for reduction(min: sc_min, s_min, ll_min, u_min, ull_min, f_min, d_min, ld_min) \
    reduction(max: sc_max, ll_max, u_max, f_max, d_max, ld_max) \
    reduction(&: u_and, z_and) reduction(&&: b_and) reduction(||: b_or) \
    reduction(+: d_add) reduction(*: d_mul)
  for (int i = 0; i < n; i++) {
    sc_min = sc_max = (signed char)x[i];
    s_min = (short)x[i];
    ll_min = ll_max = (long long)x[i];
    u_min = u_max = u_and = (unsigned)x[i];
    ull_min = (unsigned long long)x[i];
    z_and = (size_t)x[i];
    f_min = f_max = (float)x[i];
    d_min = d_max = x[i];
    ld_min = ld_max = x[i];
    b_and = b_and && x[i] > 0;
    b_or = b_or || x[i] > 0;
    d_add += x[i];
    d_mul *= x[i];
  }
}
