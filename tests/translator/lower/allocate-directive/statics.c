// The allocate directive on variables of static storage, at file scope and in a block: they
// keep their storage (the predefined allocators are all plain memory here); align(n) becomes
// an aligned attribute after the declarator.  Without align nothing changes but the pragma.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <omp.h>

// CHECK: double table[100] __attribute__((aligned(256))) = {1};
// CHECK: /* omp2numa: #pragma omp allocate ( table ) allocator ( omp_large_cap_mem_alloc ) align ( 256 ) */
double table[100] = {1};
#pragma omp allocate(table) allocator(omp_large_cap_mem_alloc) align(256)
// CHECK: static int counter;
static int counter;
#pragma omp allocate(counter) allocator((omp_allocator_handle_t)5)

int f(void) {
  // CHECK-LABEL: int f(
  // CHECK: static long cache[4] __attribute__((aligned(64)));
  // CHECK: return (int)cache[0] + counter + (int)table[0];
  static long cache[4];
#pragma omp allocate(cache) allocator(omp_const_mem_alloc) align(64)
  return (int)cache[0] + counter + (int)table[0];
}
