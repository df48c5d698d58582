// The allocate clause's syntax: gcc 12's error for an align modifier that is not a positive
// constant power of two, a modifier given twice, and the constructs gcc 12 does not take it on
// (but scope, which OpenMP 5.1 and gcc 13 allow it on: tests/e2e/constructs/allocate_scope.c).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

void f(int n, int *a) {
  int x = 0;
  // CHECK: :[[@LINE+1]]:48: error: 'allocate' clause 'align' modifier argument needs to be positive constant power of two integer expression
#pragma omp parallel private(x) allocate(align(3): x)
  // CHECK-NEXT: {{^}}#pragma omp parallel private(x) allocate(align(3): x){{$}}
  // CHECK-NEXT: {{^                                               \^$}}
  x = 1;
  // CHECK: :[[@LINE+1]]:48: error: 'allocate' clause 'align' modifier argument needs to be positive constant power of two integer expression
#pragma omp parallel private(x) allocate(align(n): x)
  x = 1;
  // CHECK: :[[@LINE+1]]:48: error: 'allocate' clause 'align' modifier argument needs to be positive constant power of two integer expression
#pragma omp parallel private(x) allocate(align(0): x)
  x = 1;
  // CHECK: :[[@LINE+1]]:52: error: duplicate 'align' modifier
#pragma omp parallel private(x) allocate(align(4), align(8): x)
  x = 1;
  // CHECK: :[[@LINE+1]]:29: error: clause 'allocate' is not allowed on '#pragma omp simd'
#pragma omp simd private(x) allocate(x)
  for (int i = 0; i < n; i++) x = a[i];
  // CHECK: :[[@LINE+1]]:29: error: clause 'allocate' is not allowed on '#pragma omp loop'
#pragma omp loop private(x) allocate(x)
  for (int i = 0; i < n; i++) x = a[i];
}
