// The iterator modifier of depend: malformed iterators, and the iterators gcc rejects, are
// located errors, and no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BIND --implicit-check-not=error:
// RUN: not test -e %t.c

#if !CASE

void syntax(int n, int *a) {
  // CHECK: :[[@LINE+1]]:46: error: iterator 'i' has zero step
#pragma omp task depend(iterator(i = 0 : n : 0), in : a[i])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:54: error: iterator 'i' has zero step
#pragma omp taskwait depend(iterator(int i = 0 : n : 2 - 2), in : a[i])
  // CHECK: :[[@LINE+1]]:45: error: redeclaration of the iterator 'i'
#pragma omp task depend(iterator(i = 0 : n, i = 0 : n), in : a[i])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:35: error: expected '[type] name = begin : end [: step]' in the 'iterator' modifier
#pragma omp task depend(iterator(i), in : a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:38: error: expected '[type] name = begin : end [: step]' in the 'iterator' modifier
#pragma omp task depend(iterator(int = 0 : n), in : a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:39: error: expected ':' after the iterator's begin, found ')'
#pragma omp task depend(iterator(i = 0), in : a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:38: error: expected the iterator's begin
#pragma omp task depend(iterator(i = : n), in : a[0])
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:45: error: expected ',' after the 'iterator' modifier, found 'in'
#pragma omp task depend(iterator(i = 0 : n) in : a[i])
  a[0] = 1;
}

void object(int *a) {
  char o[16];
  // CHECK: :[[@LINE+1]]:39: error: 'iterator' modifier may not be specified on '#pragma omp depobj'
#pragma omp depobj(o) depend(iterator(i = 0 : 1), in : a[i])
}

#else

struct s { int x; };
typedef double real;

void binding(int n, int *a, double d) {
  // BIND: :[[@LINE+1]]:41: error: iterator 'x' has neither integral nor pointer type
#pragma omp task depend(iterator(double x = 0 : n), in : a[0])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:39: error: iterator 'x' has neither integral nor pointer type
#pragma omp task depend(iterator(real x = 0 : n), in : a[0])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:43: error: iterator 'x' has neither integral nor pointer type
#pragma omp task depend(iterator(struct s x = 0 : n), in : a[0])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:44: error: iterator 'i' has 'const' qualified type
#pragma omp task depend(iterator(const int i = 0 : n), in : a[i])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:34: error: 'number' does not name a type visible here
#pragma omp task depend(iterator(number i = 0 : n), in : a[i])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:49: error: begin expression refers to outer iterator 'i'
#pragma omp task depend(iterator(i = 0 : n, j = i : n), in : a[j])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:57: error: step expression refers to outer iterator 'i'
#pragma omp task depend(iterator(i = 0 : n, j = 0 : n : i), in : a[j])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:46: error: iterator step with non-integral type
#pragma omp task depend(iterator(i = 0 : n : 1.5), in : a[i])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:46: error: iterator step with non-integral type
#pragma omp task depend(iterator(i = 0 : n : d), in : a[i])
  a[0] = 1;
  // An iterator is visible only in its clause's list items.
  // BIND: :[[@LINE+1]]:71: error: use of undeclared identifier 'q' in 'depend' clause
#pragma omp task depend(iterator(q = 0 : n), in : a[q]) depend(in : a[q])
  a[0] = 1;
  // BIND: :[[@LINE+1]]:38: error: use of undeclared identifier 'q' in 'depend' clause
#pragma omp task depend(iterator(q = q : n), in : a[q])
  a[0] = 1;
}

#endif
