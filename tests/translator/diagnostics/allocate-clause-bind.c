// The allocate clause: gcc 12's errors for a list item that no clause of the construct
// privatises and for an allocator whose type is not omp_allocator_handle_t (as a variable or a
// literal shows it), its warning for a variable in two allocate clauses.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

void f(int n, int *a, omp_allocator_handle_t h) {
  int x = 0, y = 0;
  double d = 1;
  // CHECK: :[[@LINE+1]]:45: error: 'y' specified in 'allocate' clause but not in an explicit privatization clause
#pragma omp parallel private(x) allocate(x, y)
  // CHECK-NEXT: {{^}}#pragma omp parallel private(x) allocate(x, y){{$}}
  // CHECK-NEXT: {{^                                            \^$}}
  x = 1;
  // CHECK: :[[@LINE+1]]:58: error: 'y' specified in 'allocate' clause but not in an explicit privatization clause
#pragma omp parallel private(x) shared(y) allocate(h: x, y)
  x = y;
  // CHECK: :[[@LINE+1]]:42: error: 'allocate' clause allocator expression has type 'double' rather than 'omp_allocator_handle_t'
#pragma omp parallel private(x) allocate(d: x)
  x = 1;
  // CHECK: :[[@LINE+1]]:52: error: 'allocate' clause allocator expression has type 'int' rather than 'omp_allocator_handle_t'
#pragma omp parallel private(x) allocate(allocator(7), align(4): x)
  x = 1;
  // CHECK: :[[@LINE+1]]:54: warning: 'x' appears more than once in 'allocate' clauses
#pragma omp parallel private(x) allocate(x) allocate(x)
  x = 1;
  (void)n, (void)a;
}
