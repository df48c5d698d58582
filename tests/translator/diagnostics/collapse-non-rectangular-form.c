// Non-rectangular collapsed nests (OpenMP 5.0): an inner loop's bounds may be affine in one
// outer loop variable, 'a1 * var + a2'; its step may not use one, a bound may not use two or
// use one non-affinely, and the two bounds may not use different ones (gcc and clang refuse them
// too).  The inner loops' bounds of a worksharing nest are read in each row, after the private
// copies are made: they may not use a variable the construct privatises (the rows would disagree
// with the count).  A taskloop evaluates them where it is, as coefficients a1 and a2 (so they may
// use its private variables): not yet with an outer pointer variable, which has no value 0, nor
// with a bound that is neither an integer nor a pointer (gcc refuses that one too).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=STEP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=SQUARE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=TWICE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=TWOVARS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=ONEBOUND --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=NEGATE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=TASKLOOP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=PRIVATE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=DOACROSS --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=TASKFLOAT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null cases: the forms OpenMP allows, in collapse(2) and collapse(3); a taskloop's bounds may
// use a variable it privatises.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void f(int n, int *a) {
#if CASE == 0
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * n + j] = i;
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    for (int j = 2 * i + 1; j < (i * 3) - n; j += 2)
      a[i * n + j] = i;
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = n - j; k < n + j; k++)
        a[i * n + j + k] = 0;
#pragma omp taskloop collapse(3) private(n)
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < n - i; j++)
      for (int k = j; k < 2 * j + n; k++)
        a[i + j + k] = n = 0;
#elif CASE == 1
#pragma omp for collapse(2)
  for (int i = 1; i < n; i++)
    // STEP: :[[@LINE+1]]:33: error: the step of a collapsed loop must not use the outer loop variable 'i'
    for (int j = 0; j < n; j += i)
    // STEP-NEXT: {{^}}    for (int j = 0; j < n; j += i){{$}}
    // STEP-NEXT: {{^                                \^$}}
      a[i * n + j] = 0;
#elif CASE == 2
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    // SQUARE: :[[@LINE+1]]:18: error: a bound of a non-rectangular loop must have the form 'a1 * var + a2', with one outer loop variable 'var' and loop-invariant 'a1' and 'a2'
    for (int j = i * i; j < n; j++)
      a[i * n + j] = 0;
#elif CASE == 3
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n; i++)
    // TWICE: :[[@LINE+1]]:25: error: a bound of a non-rectangular loop must have the form
    for (int j = 0; j < i + 2 * i; j++)
      a[i * n + j] = 0;
#elif CASE == 4
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      // TWOVARS: :[[@LINE+1]]:27: error: the bounds of a non-rectangular loop use two outer loop variables, 'j' and 'i'
      for (int k = j; k < i; k++)
        a[i * n + j + k] = 0;
#elif CASE == 5
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      // ONEBOUND: :[[@LINE+1]]:20: error: a bound of a non-rectangular loop must have the form
      for (int k = i + j; k < n; k++)
        a[i * n + j + k] = 0;
#elif CASE == 6
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    // NEGATE: :[[@LINE+1]]:18: error: a bound of a non-rectangular loop must have the form
    for (int j = -i; j < n; j++)
      a[i * n + j] = 0;
#elif CASE == 7
#pragma omp taskloop collapse(2)
  for (int *p = a; p < a + n; p++)
    // TASKLOOP: :[[@LINE+1]]:19: error: the bounds of a non-rectangular nest of '#pragma omp taskloop' cannot use the pointer loop variable 'p' (not supported yet)
    for (int *q = p; q < a + n; q++)
    // TASKLOOP-NEXT: {{^}}    for (int *q = p; q < a + n; q++){{$}}
    // TASKLOOP-NEXT: {{^                  \^$}}
      *q = 0;
#elif CASE == 8
#pragma omp parallel for collapse(3) firstprivate(n)
  for (int i = 0; i < 9; i++)
    for (int j = 0; j < 9; j++)
      // PRIVATE: :[[@LINE+1]]:27: error: 'n' is firstprivate on '#pragma omp parallel for', and the bounds of the inner loops of a non-rectangular nest are read in each row: use a variable the construct does not privatise
      for (int k = j; k < n; k++)
        a[i * n + j + k] = n++;
#elif CASE == 9
  // A doacross loop's runtime takes every loop's count (gcc refuses it too).
  // DOACROSS: :[[@LINE+1]]:38: error: the collapsed loops of a doacross loop must be rectangular: the bounds of an inner loop depend on an outer loop's variable
#pragma omp parallel for collapse(2) ordered(2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
#pragma omp ordered depend(sink : i - 1, j)
      a[i * n + j] = 0;
#pragma omp ordered depend(source)
    }
#elif CASE == 10
#pragma omp master taskloop simd collapse(2)
  for (int i = 0; i < n; i++)
    // TASKFLOAT: :[[@LINE+1]]:25: error: a bound of a non-rectangular nest of '#pragma omp master taskloop simd' must be an integer or a pointer (not supported yet)
    for (int j = 0; j < i * 0.5; j++)
      a[i * n + j] = 0;
#endif
}

// Null case: with collapse(2), a third loop that depends on the second is part of the body.
void g(int n, int *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = j; k < n; k++)
        a[i * n + j + k] = 0;
}
