// A task's affinity clause: malformed clauses and undeclared names are located errors of the
// translator (and no output file); a locator that is neither an lvalue nor an array section is
// the compiler's error at the pragma's line, as gcc's is.  Without them the file translates.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DRVALUE
// RUN: not %cc -std=c11 -fsyntax-only -DRVALUE -I%runtime_inc %t.c 2>&1 | FileCheck %s --check-prefix=RVALUE
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -I%runtime_inc %t.c

int f(int i);

void g(int n, int *a) {
#ifdef BAD
  // (The parser's errors come before the binder's: the checks are unordered.)
  // BAD-DAG: :[[@LINE+1]]:27: error: use of undeclared identifier 'core' in 'affinity' clause
#pragma omp task affinity(core:f(1), 1)
  a[0] = 1;
  // BAD-DAG: :[[@LINE+1]]:27: error: use of undeclared identifier 'zz' in 'affinity' clause
#pragma omp task affinity(zz)
  a[0] = 1;
  // BAD-DAG: :[[@LINE+1]]:51: error: use of undeclared identifier 'j' in 'affinity' clause
#pragma omp task affinity(iterator(i = 0 : n) : a[j])
  a[0] = 1;
  // BAD-DAG: :[[@LINE+1]]:47: error: expected ':' after the 'iterator' modifier, found 'a'
#pragma omp task affinity(iterator(i = 0 : n) a[i])
  a[0] = 1;
#endif
#ifdef RVALUE
  // RVALUE: task-affinity.c:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}lvalue
#pragma omp task affinity(f(1))
  a[0] = 1;
#endif
#pragma omp task affinity(a[0:n], n)
  a[0] = 1;
}
