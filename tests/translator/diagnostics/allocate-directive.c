// The allocate directive's list items (gcc 14's messages, and omp2numa's where gcc has none):
// a variable declared in another scope, a parameter, a variable named twice; a static variable
// without an allocator or with one that is not predefined; a threadprivate variable, a register
// one (its storage from the allocator has an address); an allocator that uses a variable
// declared after the list item, which is allocated where it is declared; a declaration written
// by a macro, which cannot be rewritten.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

#include <omp.h>

int g;
// CHECK: :[[@LINE+1]]:22: error: 'allocator' clause required for static variable 'g'
#pragma omp allocate(g)
static double fd;
// CHECK: :[[@LINE+1]]:36: error: 'allocator' clause requires a predefined allocator as 'fd' is static
#pragma omp allocate(fd) allocator((omp_allocator_handle_t)9)
omp_allocator_handle_t hv;

#define DECLARE(v) int v = 1

void f(int p, int n) {
  int a, b, u;
  omp_allocator_handle_t h = omp_default_mem_alloc;
  // CHECK: :[[@LINE+1]]:22: error: function parameter 'p' may not appear as list item in an 'allocate' directive
#pragma omp allocate(p)
  // CHECK: :[[@LINE+1]]:25: error: 'b' already appeared as list item in an 'allocate' directive
#pragma omp allocate(b, b)
#pragma omp allocate(u)
  // CHECK: :[[@LINE+1]]:22: error: 'u' already appeared as list item in an 'allocate' directive
#pragma omp allocate(u) allocator(h)
  // CHECK: :[[@LINE+1]]:22: error: 'allocate' directive must be in the same scope as 'g'
#pragma omp allocate(g) allocator(omp_default_mem_alloc)
  // CHECK-NEXT: {{^}}#pragma omp allocate(g) allocator(omp_default_mem_alloc){{$}}
  // CHECK-NEXT: {{^                     \^$}}
  // CHECK-NEXT: :14:5: note: declared here
  {
    // CHECK: :[[@LINE+1]]:22: error: 'allocate' directive must be in the same scope as 'a'
#pragma omp allocate(a)
    // CHECK: note: declared here
  }
  static int t, s;
#pragma omp threadprivate(t)
  // CHECK: :[[@LINE+1]]:22: error: 't' is threadprivate and cannot appear in an 'allocate' directive
#pragma omp allocate(t) allocator(omp_default_mem_alloc)
  // CHECK: :[[@LINE+1]]:35: error: 'allocator' clause requires a predefined allocator as 's' is static
#pragma omp allocate(s) allocator(hv)
  register int r;
  // CHECK: :[[@LINE+1]]:22: error: 'r' is declared 'register', and its storage from the allocator would have an address: remove 'register'
#pragma omp allocate(r)
  // CHECK: note: declared here
  int e;
  omp_allocator_handle_t late = h;
  // CHECK: :[[@LINE+1]]:35: error: the allocator of 'e' uses 'late', declared after it: 'e' is allocated where it is declared
#pragma omp allocate(e) allocator(late)
  // CHECK: note: declared here
  for (int i = 0; i < n; i++) {
    // CHECK: :[[@LINE+1]]:22: error: 'allocate' directive must be in the same scope as 'i'
#pragma omp allocate(i)
    // CHECK: note: declared here
  }
  DECLARE(m);
  // CHECK: :[[@LINE+1]]:22: error: the declaration of 'm' comes from a macro expansion, which omp2numa cannot rewrite for the 'allocate' directive: declare it outside the macro
#pragma omp allocate(m)
  // CHECK: note: declared here
  (void)a, (void)b, (void)u, (void)t, (void)s, (void)r, (void)e, (void)m;
}
