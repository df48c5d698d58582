// Clause expressions are copied into the translated file as text, and the translator has no
// compiler's type check of them; the type errors their tokens show are located errors at the
// operator or bound, with gcc's messages, instead of compiler errors on generated lines: unary
// `*` on a decimal literal or on a variable that is not a pointer or an array, `.` after a
// variable that is not a struct or union, `->` after one that is not a pointer to one or an array
// of them (in every clause expression and list item), and an array section's bound that is a variable of a
// type other than an integer one, a floating literal or a call of a function returning void
// (fuzz-findings.c, CASE 21: the fuzzer's p[*1:2][:]).  Longer expressions of the wrong type are
// still the compiler's errors.  Valid forms (the last run) translate into C that compiles.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DBAD 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -I%runtime_inc %t.c

void v(void);
int iv(void);
struct S { int m; int *pm; } st, *sp, sa[2];

void f(int n, int (*p)[4], int a, double d, int *q, int arr[4]) {
#ifdef BAD
  // CHECK: :[[@LINE+1]]:42: error: request for member 'b' in something not a structure or union
#pragma omp parallel for reduction(+: p[a.b:1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:42: error: invalid type argument of '->' (have 'int')
#pragma omp parallel for reduction(+: p[a->m:1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:41: error: invalid type argument of unary '*' (have 'int')
#pragma omp parallel for reduction(+: p[*a:1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:41: error: low bound 'v()' of array section does not have integral type
#pragma omp parallel for reduction(+: p[v():1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:41: error: low bound 'q' of array section does not have integral type
#pragma omp parallel for reduction(+: p[q:1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:43: error: length 'd' of array section does not have integral type
#pragma omp parallel for reduction(+: p[0:d][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:41: error: low bound 'st' of array section does not have integral type
#pragma omp parallel for reduction(+: p[st:1][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // CHECK: :[[@LINE+1]]:43: error: length '1.5' of array section does not have integral type
#pragma omp parallel for reduction(+: p[0:1.5][:])
  for (int i = 0; i < n; i++)
    p[0][0] += i;
  // Other clauses' expressions and list items.
  // CHECK: :[[@LINE+1]]:34: error: invalid type argument of unary '*' (have 'int')
#pragma omp parallel num_threads(*a)
  q[0] = 1;
  // CHECK: :[[@LINE+1]]:31: error: invalid type argument of unary '*' (have 'int')
#pragma omp task depend(in: p[*n:1])
  q[0] = 1;
  // CHECK: :[[@LINE+1]]:27: error: 'sp' is a pointer; did you mean to use '->'?
#pragma omp parallel if(sp.m)
  q[0] = 1;
  // CHECK: :[[@LINE+1]]:26: error: request for member 'm' in something not a structure or union
#pragma omp parallel if(q->m)
  q[0] = 1;
#else
  // A unary * after an operator, a postfix operator after the operand, a cast, members of
  // structs and through pointers and arrays, integer calls.
#pragma omp parallel for reduction(+: p[*q:1][:], q[a * 2:1]) num_threads(2 * *q) if(*q)
  for (int i = 0; i < n; i++)
    q[0] += p[0][0] += i;
#pragma omp parallel for reduction(+: p[st.m:sizeof *q][:]) schedule(static, *arr)
  for (int i = 0; i < n; i++)
    p[0][0] += i;
#pragma omp parallel for reduction(+: p[sp->m:(int)*q][:]) num_threads(a ? *q : 1)
  for (int i = 0; i < n; i++)
    p[0][0] += i;
#pragma omp parallel for reduction(+: p[sa->m:iv()][:]) num_threads(*st.pm)
  for (int i = 0; i < n; i++)
    p[0][0] += i;
#pragma omp task depend(in: *q, arr[*q], *&a)
  q[0] = a;
#endif
  (void)d;
}
