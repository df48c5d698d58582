// A stand-alone directive (barrier, flush) may only stand in a block.  As the body of if, else,
// while or for, or after a label or case, it would take the place of the statement that follows,
// which would then run unconditionally: gcc rejects it, and so does omp2numa, at the directive's
// name.  In a block of its own, however small, it is fine.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DVALID_ONLY
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -DVALID_ONLY -I%runtime_inc %t.c

void f(int x, int *p) {
#pragma omp parallel
  {
#ifndef VALID_ONLY
    if (x)
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp barrier' may only be used in compound statements; enclose it in braces
#pragma omp barrier
    p[0] = 1;
    while (x--)
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp flush' may only be used in compound statements
#pragma omp flush
      ;
    if (x) {
      p[1] = 2;
    } else
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp barrier' may only be used in compound statements
#pragma omp barrier
    p[2] = 3;
    for (int i = 0; i < x; i++)
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp flush' may only be used in compound statements
#pragma omp flush
      p[i] = 0;
  label:
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp barrier' may only be used in compound statements
#pragma omp barrier
    p[3] = 4;
    switch (x) {
    case 1:
      // CHECK: :[[@LINE+1]]:13: error: '#pragma omp flush' may only be used in compound statements
#pragma omp flush
      break;
    }
#endif
    if (x) {
#pragma omp barrier
    }
    {
#pragma omp flush
    }
    while (x-- > 0) {
#pragma omp flush
      p[4] = 5;
    }
  }
}
