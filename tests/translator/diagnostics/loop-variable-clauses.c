// The iteration variables of a loop construct (each loop of its collapsed nest) are
// predetermined private, or linear in a simd loop: a clause may name them private or
// lastprivate, linear on a simd construct with one associated loop, never firstprivate or
// reduction (OpenMP 5.2, 5.1.1).  gcc 12 and clang reject the others; gcc's message (gimplify.cc,
// omp_is_private).  Before, omp2numa took firstprivate and linear silently and wrote C that
// declared the variable twice for reduction (Mercurium's failure_parallel_for_01.c, the twelfth
// sweep).  CASE 1: rejected; CASE 2: the forms gcc takes, translated.  The firstprivate of teams
// distribute goes to the teams in gcc, where the variable is not an iteration variable.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | count 0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DCASE=2 -I%runtime_inc %t.c

int a[100];

#if CASE == 1
void rejected(void) {
  int i, j;
  // CHECK: :[[@LINE+1]]:39: error: iteration variable 'i' should not be firstprivate
#pragma omp parallel for firstprivate(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // CHECK: :[[@LINE+1]]:39: error: iteration variable 'i' should not be reduction
#pragma omp parallel for reduction(+: i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // CHECK: :[[@LINE+1]]:33: error: iteration variable 'i' should not be linear
#pragma omp parallel for linear(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // The inner loop of a collapsed nest; linear on a simd loop of two loops.
  // CHECK: :[[@LINE+1]]:51: error: iteration variable 'j' should not be firstprivate
#pragma omp parallel for collapse(2) firstprivate(j)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      a[i] += j;
  // CHECK: :[[@LINE+1]]:37: error: iteration variable 'j' should not be linear
#pragma omp simd collapse(2) linear(j)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      a[i] += j;
  // CHECK: :[[@LINE+1]]:31: error: iteration variable 'i' should not be reduction
#pragma omp simd reduction(+: i)
  for (i = 0; i < 10; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
  {
    // CHECK: :[[@LINE+1]]:35: error: iteration variable 'i' should not be firstprivate
#pragma omp taskloop firstprivate(i)
    for (i = 0; i < 10; i++)
      a[i] = i;
  }
  // CHECK: :[[@LINE+1]]:51: error: iteration variable 'i' should not be firstprivate
#pragma omp parallel master taskloop firstprivate(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // CHECK: :[[@LINE+1]]:40: error: iteration variable 'i' should not be firstprivate
#pragma omp parallel loop firstprivate(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // The parallel for of a combined construct; the simd part of teams distribute simd.
  // CHECK: :[[@LINE+1]]:63: error: iteration variable 'i' should not be firstprivate
#pragma omp target teams distribute parallel for firstprivate(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
  // CHECK: :[[@LINE+1]]:48: error: iteration variable 'i' should not be reduction
#pragma omp teams distribute simd reduction(+: i)
  for (i = 0; i < 10; i++)
    a[i] = i;
}
#elif CASE == 2
void taken(void) {
  int i, j;
#pragma omp parallel for lastprivate(i) private(j)
  for (i = 0; i < 10; i++)
    for (j = 0; j < 10; j++)
      a[i] += j;
#pragma omp parallel for simd linear(i: 1)
  for (i = 0; i < 10; i++)
    a[i] = i;
#pragma omp simd linear(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop simd linear(i)
    for (i = 0; i < 10; i++)
      a[i] = i;
  }
  // firstprivate(j) of a variable that is not an iteration variable of the nest.
#pragma omp parallel for firstprivate(j)
  for (i = 0; i < 10; i++)
    a[i] = j;
#pragma omp teams distribute firstprivate(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
#pragma omp teams distribute simd linear(i)
  for (i = 0; i < 10; i++)
    a[i] = i;
}
#endif
