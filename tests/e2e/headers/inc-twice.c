// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t | FileCheck %s
//
// A .inc file included twice with other macro settings: each inclusion is translated in its own
// context (its own outlined functions, its own OP), as the preprocessor sees it.
#include <omp.h>
#include <stdio.h>

#define SQUARE(x) ((x) * (x))
#define TWICE(x) (2 * (x))

#define NAME sum_of_squares
#define OP SQUARE
#include "Inputs/kernel.inc"
#undef NAME
#undef OP

#define NAME sum_of_doubles
#define OP TWICE
#include "Inputs/kernel.inc"

int main(void)
{
  int a[100];
  for (int i = 0; i < 100; i++)
    a[i] = i;
  int team = 0;
#pragma omp parallel reduction(+:team)
  team += 1;
  // CHECK: squares=328350 doubles=9900 team=3
  printf("squares=%ld doubles=%ld team=%d\n", sum_of_squares(a, 100), sum_of_doubles(a, 100),
         team);
  return 0;
}
