// declare reduction errors, with gcc's messages where gcc has one: an operator redeclared for
// an arithmetic type, a qualified type, a redeclaration in the same scope (a note names the
// previous one), a type that nothing visible names, a combiner or initializer that is not an
// expression or uses what it may not (a local variable, an undeclared name), malformed
// directives; and in reduction clauses: an identifier no visible declaration declares for the
// variable's type (also one declared in a block that has ended), an operator without a
// declaration for a struct, an array section that leaves gaps (of an array of constant size, and
// of one of variable-length arrays whose lower bound alone shows it, as gcc finds it).  No output
// is written.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ENDED --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=OTHERTYPE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=GAPS --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=VLAGAPS --implicit-check-not=error:
// RUN: not test -e %t.c

struct s { int v; };
struct t { int v; };

#ifndef CASE
// Malformed directives are reported first (when they are parsed).
// CHECK: :[[@LINE+1]]:33: error: expected ':' after the reduction identifier, found 'struct'
#pragma omp declare reduction(x struct t : omp_out.v += 1)
// CHECK: :[[@LINE+1]]:46: error: expected an expression in the 'combiner' clause
#pragma omp declare reduction(y : struct t : )
// CHECK: :[[@LINE+1]]:35: error: predeclared arithmetic type 'int' in '#pragma omp declare reduction'
#pragma omp declare reduction(+ : int : omp_out += omp_in)
// CHECK: :[[@LINE+1]]:35: error: const, volatile or restrict qualified type in '#pragma omp declare reduction'
#pragma omp declare reduction(c : const struct s : omp_out.v += omp_in.v)
#pragma omp declare reduction(merge : struct s : omp_out.v += omp_in.v)
// CHECK: :[[@LINE+2]]:39: error: redeclaration of 'merge' '#pragma omp declare reduction' for type 'struct s'
// CHECK: :[[@LINE-2]]:13: note: previous '#pragma omp declare reduction'
#pragma omp declare reduction(merge : struct s : omp_out.v *= omp_in.v)
// CHECK: :[[@LINE+1]]:35: error: 'struct nosuch' does not name a type visible here
#pragma omp declare reduction(n : struct nosuch : omp_out += omp_in)
// CHECK: :[[@LINE+1]]:59: error: use of undeclared identifier 'missing' in the combiner of '#pragma omp declare reduction'
#pragma omp declare reduction(u : struct t : omp_out.v += missing)
// CHECK: :[[@LINE+1]]:74: error: unexpected 'if' in the expression of the initializer of '#pragma omp declare reduction'
#pragma omp declare reduction(w : struct t : omp_out.v += 1) initializer(if)

void locals(void) {
  int scale = 2;
  (void)scale;
  // CHECK: :[[@LINE+1]]:59: error: the combiner of '#pragma omp declare reduction' uses the local variable 'scale' (only omp_out, omp_in and variables of static storage may be used)
#pragma omp declare reduction(z : struct t : omp_out.v += scale * omp_in.v)
}
#endif

#pragma omp declare reduction(add : struct s : omp_out.v += omp_in.v)

int use(int *a) {
  struct s x = {0};
  struct t y = {0};
  (void)y;
  (void)a;
#if CASE == 1
  // UNKNOWN: :[[@LINE+1]]:41: error: user defined reduction not found for 'x'
#pragma omp parallel reduction(nosuch : x)
  x.v++;
#elif CASE == 2
  {
#pragma omp declare reduction(inner : struct s : omp_out.v += omp_in.v)
  }
  // ENDED: :[[@LINE+1]]:40: error: user defined reduction not found for 'x'
#pragma omp parallel reduction(inner : x)
  x.v++;
#elif CASE == 3
  // OTHERTYPE: :[[@LINE+1]]:38: error: user defined reduction not found for 'y'
#pragma omp parallel reduction(add : y)
  y.v++;
#elif CASE == 4
  int m[4][4] = {{0}};
  // GAPS: :[[@LINE+1]]:37: error: array section is not contiguous in 'reduction' clause
#pragma omp parallel reduction(+ : m[0:2][1:2])
  m[0][1]++;
  return m[0][1];
#elif CASE == 5
  int n = a[0], v[n][n];
  // VLAGAPS: :[[@LINE+1]]:37: error: array section is not contiguous in 'reduction' clause
#pragma omp parallel reduction(+ : v[0:2][1:n - 1])
  v[0][1]++;
  return v[0][1];
#endif
  return x.v;
}
