// A parallel region is outlined to file scope, where types declared inside the enclosing
// function are not visible.  A variable the region captures, or privatises, whose type is (or
// points to, or is a typedef of) such a type is an error at the directive (at the clause's
// variable for private), with a note at the type's declaration.  One case per run: lowering
// stops at its first error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=STRUCT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=TYPEDEF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=POINTER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=REDUCTION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=PRIVATE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=ENUM --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: the same region with the type at file scope translates.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

struct file_scope_pt { int x, y; };
typedef int count_t;

void f(int n, int *a) {
#if CASE == 0
  struct file_scope_pt p = {1, 2};
#pragma omp parallel
  a[0] = p.x + n;
#elif CASE == 1
  struct pt { int x, y; } p = {1, 2};
  // STRUCT: :[[@LINE+1]]:13: error: the type of variable 'p' used in the region is declared inside a function; omp2numa outlines the region to file scope, where 'pt' is not visible: declare the type at file scope
#pragma omp parallel
  // STRUCT-NEXT: {{^}}#pragma omp parallel{{$}}
  // STRUCT-NEXT: {{^            \^$}}
  // STRUCT-NEXT: :[[@LINE-5]]:10: note: type declared here
  // STRUCT-NEXT: {{^}}  struct pt { int x, y; } p = {1, 2};{{$}}
  a[0] = p.x + n;
#elif CASE == 2
  typedef struct { int v; } box;
  box b = {3};
  // TYPEDEF: :[[@LINE+2]]:13: error: the type of variable 'b' used in the region is declared inside a function; {{.*}} where 'box' is not visible: declare the type at file scope
  // TYPEDEF: :[[@LINE-3]]:29: note: type declared here
#pragma omp parallel
  a[0] = b.v;
#elif CASE == 3
  struct node { int v; } nd = {1}, *np = &nd;
  // POINTER: :[[@LINE+2]]:13: error: the type of variable 'np' used in the region is declared inside a function; {{.*}} where 'node' is not visible: declare the type at file scope
  // POINTER: :[[@LINE-2]]:10: note: type declared here
#pragma omp parallel
  a[0] = np->v;
#elif CASE == 4
  // A typedef of the function is repeated at file scope for the region (lower/parallel/
  // local-typedef.c), unless its name means something else there.
  typedef long count_t;
  count_t c = 0;
  // REDUCTION: :[[@LINE+2]]:13: error: the type of variable 'c' used in the region is declared inside a function; {{.*}} where 'count_t' is not visible: declare the type at file scope
  // REDUCTION: :[[@LINE-3]]:16: note: type declared here
#pragma omp parallel reduction(+: c)
  c += a[0];
  a[1] = (int)c;
#elif CASE == 5
  struct tmp { int v; } t;
  // PRIVATE: :[[@LINE+2]]:30: error: the type of private variable 't' is declared inside a function; {{.*}} where 'tmp' is not visible: declare the type at file scope
  // PRIVATE: :[[@LINE-2]]:10: note: type declared here
#pragma omp parallel private(t)
  { t.v = n; a[0] = t.v; }
#elif CASE == 6
  enum color { RED, GREEN } col = GREEN;
  // ENUM: :[[@LINE+2]]:13: error: the type of variable 'col' used in the region is declared inside a function; {{.*}} where 'color' is not visible: declare the type at file scope
  // ENUM: :[[@LINE-2]]:8: note: type declared here
#pragma omp parallel
  a[0] = col + n;
#endif
}
