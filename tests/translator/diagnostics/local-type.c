// A parallel region is outlined to file scope, where types declared inside the enclosing
// function are not visible.  A variable the region captures, or privatises, whose type is (or
// points to, or is a typedef of) such a type makes that type visible there (LocalTypes.h): its
// declaration moves before the function, or its typedef is repeated there.  Where that cannot be
// done it is an error at the directive (at the clause's variable for private), with the reason
// and a note at the type's declaration.  One case per run: lowering stops at its first error.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ATTRIBUTE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=REDUCTION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=2 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// The same region with the type at file scope translates, and so do the types the translator
// can move: a struct declared with its variables (an unnamed one gets a name), a pointer to it,
// a typedef of an unnamed struct, a private variable of a local struct, an enum declared with
// its variable.
// RUN: %omp2numa %s -o %t.1.c -- -DCASE=1
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=1 -I%runtime_inc %t.1.c
// RUN: grep -q 'struct __o2n_struct_[0-9]*_3 { int x, y; };' %t.1.c
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c
// RUN: %omp2numa %s -o %t.3.c -- -DCASE=3
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=3 -I%runtime_inc %t.3.c
// RUN: %omp2numa %s -o %t.5.c -- -DCASE=5
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=5 -I%runtime_inc %t.5.c
// RUN: %omp2numa %s -o %t.6.c -- -DCASE=6
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=6 -I%runtime_inc %t.6.c
// RUN: %omp2numa %s -o %t.7.c -- -DCASE=7
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=7 -I%runtime_inc %t.7.c

struct file_scope_pt { int x, y; };
typedef int count_t;

void f(int n, int *a) {
#if CASE == 0
  struct file_scope_pt p = {1, 2};
#pragma omp parallel
  a[0] = p.x + n;
#elif CASE == 1
  struct { int x, y; } p = {1, 2};
#pragma omp parallel
  a[0] = p.x + n;
#elif CASE == 2
  struct __attribute__((packed)) pk { char c; int v; } b = {1, 3};
  // ATTRIBUTE: :[[@LINE+2]]:13: error: the type of variable 'b' used in the region is declared inside a function; {{.*}} where 'pk' is not visible and cannot be made visible (it has attributes and is declared with its variables): declare the type at file scope
  // ATTRIBUTE: :[[@LINE-2]]:34: note: type declared here
#pragma omp parallel
  a[0] = b.v;
#elif CASE == 3
  struct node { int v; } nd = {1}, *np = &nd;
#pragma omp parallel
  a[0] = np->v + n;
#elif CASE == 4
  // A typedef of the function is repeated at file scope for the region (lower/parallel/
  // local-typedef.c); when its name means something else there, it is renamed, unless a macro
  // names it (e2e/correctness/local_type_names.c).
  typedef long count_t;
#define COUNTER count_t
  COUNTER c = 0;
  // REDUCTION: :[[@LINE+2]]:13: error: the type of variable 'c' used in the region is declared inside a function; {{.*}} where 'count_t' is not visible and cannot be made visible ('count_t' names something else at file scope): declare the type at file scope
  // REDUCTION: :[[@LINE-4]]:16: note: type declared here
#pragma omp parallel reduction(+: c)
  c += a[0];
  a[1] = (int)c;
#elif CASE == 5
  struct tmp { int v; } t;
#pragma omp parallel private(t)
  { t.v = n; a[0] = t.v; }
#elif CASE == 6
  enum color { RED, GREEN } col = GREEN;
#pragma omp parallel
  a[0] = col + n + RED;
#elif CASE == 7
  typedef struct { int v; } box;
  box b = {3};
#pragma omp parallel
  a[0] = b.v + n;
#endif
}
