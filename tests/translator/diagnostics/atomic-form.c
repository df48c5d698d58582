// The statement after `atomic` must have one of the forms of its clause (OpenMP 4.5); anything
// else is an error at the statement naming the accepted forms (`atomic update` is named
// '#pragma omp atomic').  The location updated must be a
// scalar.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=READ --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=READ2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=WRITE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=UPDATE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=UPDATE2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=6 2>&1 | FileCheck %s --check-prefix=UPDATE3 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=7 2>&1 | FileCheck %s --check-prefix=CAPTURE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=8 2>&1 | FileCheck %s --check-prefix=CAPTURE2 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=9 2>&1 | FileCheck %s --check-prefix=CAPTURE3 --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=10 2>&1 | FileCheck %s --check-prefix=SCALAR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

struct S { int a; } s1, s2;
int x, v, w;

void f(void) {
#if CASE == 1
  // READ: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic read' must have the form 'v = x;'
#pragma omp atomic read
  v = x + 1;
  // READ-NEXT: {{^}}  v = x + 1;{{$}}
  // READ-NEXT: {{^  \^$}}
#elif CASE == 2
  // READ2: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic read' must have the form 'v = x;'
#pragma omp atomic read
  x++;
#elif CASE == 3
  // WRITE: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic write' must have the form 'x = expr;'
#pragma omp atomic write
  x += 1;
#elif CASE == 4
  // UPDATE: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic' must have the form 'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or 'x = expr binop x;'
#pragma omp atomic
  x = v;
#elif CASE == 5
  // x is not an operand of the top-level operator.
  // UPDATE2: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic' must have the form 'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or 'x = expr binop x;'
#pragma omp atomic update
  x = x * 2 + 1;
#elif CASE == 6
  // UPDATE3: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic' must have the form 'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or 'x = expr binop x;'
#pragma omp atomic
  { x++; }
#elif CASE == 7
  // CAPTURE: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic capture' must have the form 'v = x++;', 'v = x binop= expr;', 'v = x = x binop expr;', '{v = x; x binop= expr;}' or '{x binop= expr; v = x;}' (or with ++/--)
#pragma omp atomic capture
  x++;
#elif CASE == 8
  // CAPTURE2: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic capture' must have the form
#pragma omp atomic capture
  v = x;
#elif CASE == 9
  // The second statement does not update x.
  // CAPTURE3: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic capture' must have the form
#pragma omp atomic capture
  { v = x; w = 2; }
#elif CASE == 10
  // SCALAR: :[[@LINE+2]]:3: error: the location updated by '#pragma omp atomic' must have a scalar type
#pragma omp atomic write
  s1 = s2;
#endif
}
