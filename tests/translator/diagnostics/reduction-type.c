// A reduction variable must be an arithmetic scalar that the operator applies to and that can
// be assigned: bitwise operators need an integer, min/max a real type (not a pointer or a
// complex number), and structs without a declare reduction, arrays of them (of variable length
// too) and const variables are errors at the variable's name in the clause (arrays of constant
// size, variable-length arrays and array sections reduce element by element:
// tests/e2e/constructs/reduction_arrays.c, reduction_vla.c, reduction_vla_nd.c; complex numbers
// have + - * && ||: tests/e2e/correctness/gcc_accepted_forms.c).  One case per run: lowering stops
// at its first error.  The loops are in parallel regions that share their variables (an orphaned
// loop's local would be private in outer context: private-in-outer-context.c).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BITWISE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=POINTER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=STRUCT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=CONST --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=ARRAY --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=COMPLEX --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

struct s { int v; };

void f(int n, int *a, double d, int *p) {
  const int c = 0;
  struct s st = {0};
  int arr[4] = {0};
  _Complex double z = 0;
#if CASE == 1
  // A bitwise operator on a double.
#pragma omp parallel
  // BITWISE: :[[@LINE+1]]:30: error: reduction '&' is not defined for variable 'd' of type 'double'
#pragma omp for reduction(&: d)
  // BITWISE-NEXT: {{^}}#pragma omp for reduction(&: d){{$}}
  for (int i = 0; i < n; i++) d += a[i];
#elif CASE == 2
  // max on a pointer.
#pragma omp parallel
  // POINTER: :[[@LINE+1]]:32: error: reduction 'max' is not defined for variable 'p' of type 'int *'
#pragma omp for reduction(max: p)
  // POINTER-NEXT: {{^}}#pragma omp for reduction(max: p){{$}}
  for (int i = 0; i < n; i++) p = a;
#elif CASE == 3
  // A struct, on a parallel region.
  // STRUCT: :[[@LINE+1]]:35: error: reduction '+' is not defined for variable 'st' of type 'struct s'
#pragma omp parallel reduction(+: st)
  // STRUCT-NEXT: {{^}}#pragma omp parallel reduction(+: st){{$}}
  st.v += 1;
#elif CASE == 4
  // A const variable.
#pragma omp parallel
  // CONST: :[[@LINE+1]]:30: error: reduction variable 'c' is const
#pragma omp for reduction(+: c)
  // CONST-NEXT: {{^}}#pragma omp for reduction(+: c){{$}}
  for (int i = 0; i < n; i++) a[i] = c;
#elif CASE == 5
  // A variable-length array of variable-length arrays of pointers: its elements' type is checked.
  int *vla[n][n];
  vla[0][0] = 0;
#pragma omp parallel
  // ARRAY: :[[@LINE+1]]:30: error: reduction '+' is not defined for variable 'vla' of type 'int *'
#pragma omp for reduction(+: vla)
  // ARRAY-NEXT: {{^}}#pragma omp for reduction(+: vla){{$}}
  for (int i = 0; i < n; i++) vla[0][0] += a[i];
#elif CASE == 6
  // A complex number has + - * but no order.
#pragma omp parallel
  // COMPLEX: :[[@LINE+1]]:32: error: reduction 'max' is not defined for variable 'z' of type '_Complex double'
#pragma omp for reduction(max: z)
  // COMPLEX-NEXT: {{^}}#pragma omp for reduction(max: z){{$}}
  for (int i = 0; i < n; i++) z += a[i];
#endif
  (void)c; (void)st; (void)arr; (void)d; (void)p; (void)z;
}
