// Malformed clauses: a missing or unclosed parenthesis, an empty variable list or expression,
// an unknown reduction operator or a missing ':', an unknown default or proc_bind kind, an if
// modifier that does not name this construct, array sections and members in variable lists.
// Each error points at the offending token, or at the end of the pragma when it is missing.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

struct pt { int x; };

void f(int n, int *a, struct pt s) {
  int x = 0;
  // CHECK: :[[@LINE+1]]:30: error: expected '(' after 'private', found 'x'
#pragma omp parallel private x
  // CHECK-NEXT: {{^}}#pragma omp parallel private x{{$}}
  // CHECK-NEXT: {{^                             \^$}}
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:31: error: expected ')' to close the variable list, found end of pragma
#pragma omp parallel private(x
  // CHECK-NEXT: {{^}}#pragma omp parallel private(x{{$}}
  // CHECK-NEXT: {{^                              \^$}}
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:34: error: expected ')' to close the variable list, found 'x'
#pragma omp parallel shared(a, n x)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:35: error: expected a variable name in the 'firstprivate' clause
#pragma omp parallel firstprivate()
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:32: error: expected a variable name in the 'private' clause
#pragma omp parallel private(x,)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:34: error: expected an expression in the 'num_threads' clause
#pragma omp parallel num_threads()
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:35: error: expected ')' after the expression, found end of pragma
#pragma omp parallel num_threads(2
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:25: error: expected an expression in the 'if' clause
#pragma omp parallel if()
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:32: error: unknown reduction operator '/' (expected one of + * - & | ^ && || min max, or an identifier)
#pragma omp parallel reduction(/: x)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:32: error: unknown reduction modifier 'conditional' (expected inscan, task or default)
#pragma omp parallel reduction(conditional, +: x)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:34: error: expected ':' after the reduction operator, found 'x'
#pragma omp parallel reduction(+ x)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:34: error: expected a variable name in the 'reduction' clause
#pragma omp parallel reduction(+:)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:30: error: expected 'shared', 'none', 'firstprivate' or 'private' in the 'default' clause
#pragma omp parallel default(lastprivate)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:30: error: expected 'shared', 'none', 'firstprivate' or 'private' in the 'default' clause
#pragma omp parallel default()
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:32: error: expected 'primary', 'close' or 'spread' in the 'proc_bind' clause
#pragma omp parallel proc_bind(far)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:25: error: if clause modifier 'for' does not apply here
#pragma omp parallel if(for: x)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:31: error: array sections and members are not supported in this clause list; name a variable
#pragma omp parallel private(a[0])
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:30: error: array sections and members are not supported in this clause list; name a variable
#pragma omp parallel shared(s.x)
  a[0] = s.x;
}
