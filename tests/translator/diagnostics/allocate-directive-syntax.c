// The allocate directive's clauses: gcc 14's messages for an alignment that is not a positive
// constant power of two and for an allocator whose type is not omp_allocator_handle_t (as a
// variable or a literal shows it), clang's for a clause given twice; a list item that nothing
// declares before the directive, as clang says it.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

void f(int n, omp_allocator_handle_t h) {
  int w, x, y, z;
  double d = 1;
  // CHECK: :[[@LINE+1]]:31: error: 'align' clause argument needs to be positive constant power of two integer expression
#pragma omp allocate(w) align(n)
  // CHECK-NEXT: {{^}}#pragma omp allocate(w) align(n){{$}}
  // CHECK-NEXT: {{^                              \^$}}
  // CHECK: :[[@LINE+1]]:31: error: 'align' clause argument needs to be positive constant power of two integer expression
#pragma omp allocate(x) align(24)
  // CHECK: :[[@LINE+1]]:38: error: directive '#pragma omp allocate' cannot have more than one 'allocator' clause
#pragma omp allocate(y) allocator(h) allocator(h)
  // CHECK: :[[@LINE+1]]:22: error: expected '(' after 'allocate', found 'allocator'
#pragma omp allocate allocator(h)
  // CHECK: :[[@LINE+1]]:35: error: 'allocator' clause allocator expression has type 'double' rather than 'omp_allocator_handle_t'
#pragma omp allocate(z) allocator(d)
  // CHECK: :[[@LINE+1]]:22: error: use of undeclared identifier 'later' in '#pragma omp allocate'
#pragma omp allocate(later)
  int later = 0;
  (void)w, (void)x, (void)y, (void)z, (void)later;
}
