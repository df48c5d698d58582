// Loops that are not in OpenMP's canonical form are errors at the part that is not: the
// initialization, the condition, the increment, the variable's type or the step.  One case per
// run (-DCASE=...): lowering stops at its first error.  Each run exits with status 1 and writes
// nothing.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=INIT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=INIT2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=DECL2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=NOINIT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=COND --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=NOCOND --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=COND2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=INC --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=NOINC --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=INC2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=11 2>&1 | FileCheck %s --check-prefix=INC3 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=12 2>&1 | FileCheck %s --check-prefix=FLOAT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=13 2>&1 | FileCheck %s --check-prefix=BOOL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=14 2>&1 | FileCheck %s --check-prefix=WIDE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=15 2>&1 | FileCheck %s --check-prefix=FSTEP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=16 2>&1 | FileCheck %s --check-prefix=NESTEP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=17 2>&1 | FileCheck %s --check-prefix=NEZERO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=18 2>&1 | FileCheck %s --check-prefix=ZERO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a, int s) {
  int i = 0;
  (void)s;
#if CASE == 1
  // Initialization: none.
  // INIT: :[[@LINE+2]]:7: error: initialization of a canonical loop must have the form 'var = lb' or 'T var = lb'
#pragma omp for
  for (; i < n; i++) a[i] = 0;
  // INIT-NEXT: {{^}}  for (; i < n; i++) a[i] = 0;{{$}}
#elif CASE == 2
  // Initialization: not an assignment.
  // INIT2: :[[@LINE+2]]:8: error: initialization of a canonical loop must have the form 'var = lb' or 'T var = lb'
#pragma omp for
  for (i += 0; i < n; i++) a[i] = 0;
  // INIT2-NEXT: {{^}}  for (i += 0; i < n; i++) a[i] = 0;{{$}}
#elif CASE == 3
  // Initialization: two variables.
  // DECL2: :[[@LINE+2]]:8: error: initialization of a canonical loop must declare one variable with an initial value
#pragma omp for
  for (int j = 0, k = 0; j < n; j++) a[j] = k;
  // DECL2-NEXT: {{^}}  for (int j = 0, k = 0; j < n; j++) a[j] = k;{{$}}
#elif CASE == 4
  // Initialization: no initial value.
  // NOINIT: :[[@LINE+2]]:8: error: initialization of a canonical loop must declare one variable with an initial value
#pragma omp for
  for (int j; j < n; j++) a[j] = 0;
  // NOINIT-NEXT: {{^}}  for (int j; j < n; j++) a[j] = 0;{{$}}
#elif CASE == 5
  // Condition: not a comparison.
  // COND: :[[@LINE+2]]:15: error: condition of a canonical loop must compare the loop variable with <, <=, >, >= or !=
#pragma omp for
  for (i = 0; n - i; i++) a[i] = 0;
  // COND-NEXT: {{^}}  for (i = 0; n - i; i++) a[i] = 0;{{$}}
#elif CASE == 6
  // Condition: none.
  // NOCOND: :[[@LINE+2]]:7: error: condition of a canonical loop must compare the loop variable with <, <=, >, >= or !=
#pragma omp for
  for (i = 0; ; i++) a[i] = 0;
  // NOCOND-NEXT: {{^}}  for (i = 0; ; i++) a[i] = 0;{{$}}
#elif CASE == 7
  // Condition: does not test the variable.
  // COND2: :[[@LINE+2]]:15: error: condition of a canonical loop must test the loop variable 'i'
#pragma omp for
  for (i = 0; i * 2 < n; i++) a[i] = 0;
  // COND2-NEXT: {{^}}  for (i = 0; i * 2 < n; i++) a[i] = 0;{{$}}
#elif CASE == 8
  // Increment: multiplies.
  // INC: :[[@LINE+2]]:22: error: increment of a canonical loop must be ++, --, +=, -=, or 'var = var +/- step' on the loop variable 'i'
#pragma omp for
  for (i = 1; i < n; i *= 2) a[i] = 0;
  // INC-NEXT: {{^}}  for (i = 1; i < n; i *= 2) a[i] = 0;{{$}}
#elif CASE == 9
  // Increment: none.
  // NOINC: :[[@LINE+2]]:22: error: increment of a canonical loop must be ++, --, +=, -=, or 'var = var +/- step' on the loop variable 'i'
#pragma omp for
  for (i = 0; i < n; ) a[i++] = 0;
  // NOINC-NEXT: {{^}}  for (i = 0; i < n; ) a[i++] = 0;{{$}}
#elif CASE == 10
  // Increment: of another variable.
  // INC2: :[[@LINE+2]]:22: error: increment of a canonical loop must be ++, --, +=, -=, or 'var = var +/- step' on the loop variable 'i'
#pragma omp for
  for (i = 0; i < n; s++) a[i++] = 0;
  // INC2-NEXT: {{^}}  for (i = 0; i < n; s++) a[i++] = 0;{{$}}
#elif CASE == 11
  // Increment: var = step - var.
  // INC3: :[[@LINE+2]]:22: error: increment of a canonical loop must be ++, --, +=, -=, or 'var = var +/- step' on the loop variable 'i'
#pragma omp for
  for (i = 0; i < n; i = 1 - i) a[i] = 0;
  // INC3-NEXT: {{^}}  for (i = 0; i < n; i = 1 - i) a[i] = 0;{{$}}
#elif CASE == 12
  // A floating-point variable.
  // FLOAT: :[[@LINE+2]]:15: error: loop variable 'x' must have an integer or pointer type
#pragma omp for
  for (double x = 0; x < n; x += 1) a[0] = 0;
  // FLOAT-NEXT: {{^}}  for (double x = 0; x < n; x += 1) a[0] = 0;{{$}}
#elif CASE == 13
  // A _Bool variable.
  // BOOL: :[[@LINE+2]]:14: error: loop variable 'b' must have an integer or pointer type
#pragma omp for
  for (_Bool b = 0; b < 1; b++) a[0] = b;
  // BOOL-NEXT: {{^}}  for (_Bool b = 0; b < 1; b++) a[0] = b;{{$}}
#elif CASE == 14
  // A variable wider than 64 bits.
  // WIDE: :[[@LINE+2]]:17: error: loop variable wider than 64 bits is not supported
#pragma omp for
  for (__int128 w = 0; w < n; w++) a[0] = (int)w;
  // WIDE-NEXT: {{^}}  for (__int128 w = 0; w < n; w++) a[0] = (int)w;{{$}}
#elif CASE == 15
  // A floating-point step.
  // FSTEP: :[[@LINE+2]]:27: error: step of a canonical loop must be an integer expression
#pragma omp for
  for (i = 0; i < n; i += 0.5) a[i] = 0;
  // FSTEP-NEXT: {{^}}  for (i = 0; i < n; i += 0.5) a[i] = 0;{{$}}
#elif CASE == 16
  // != with a step that is not a constant.
  // NESTEP: :[[@LINE+2]]:28: error: with '!=' in the condition, the step must be a non-zero integer constant
#pragma omp for
  for (i = 0; i != n; i += s) a[i] = 0;
  // NESTEP-NEXT: {{^}}  for (i = 0; i != n; i += s) a[i] = 0;{{$}}
#elif CASE == 17
  // != with a zero step.
  // NEZERO: :[[@LINE+2]]:28: error: step of a canonical loop must not be zero (invalid increment expression)
#pragma omp for
  for (i = 0; i != n; i += 0) a[i] = 0;
  // NEZERO-NEXT: {{^}}  for (i = 0; i != n; i += 0) a[i] = 0;{{$}}
#elif CASE == 18
  // A constant step of 0 with any test (gcc: "invalid increment expression"; the trip count would
  // divide by it: SIGFPE at run time before).
  // ZERO: :[[@LINE+2]]:30: error: step of a canonical loop must not be zero (invalid increment expression)
#pragma omp for
  for (i = 0; i < n; i = i + (2 - 2)) a[i] = 0;
  // ZERO-NEXT: {{^}}  for (i = 0; i < n; i = i + (2 - 2)) a[i] = 0;{{$}}
#endif
}
