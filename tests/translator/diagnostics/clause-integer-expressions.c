// Clauses whose expression must be an integer (num_threads, a schedule's chunk size, priority,
// grainsize, num_tasks, filter, a linear step), as gcc and clang require: a floating constant or a variable of
// another type is a located error of the translator; a longer expression of another type is
// the compiler's error at the pragma's line (the lowering passes it through `% 1`).  Integer
// expressions of every kind stay valid: characters, _Bool, long long, unsigned, enumerators,
// macros, sizeof, calls, conditional expressions.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DBAD 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c -- -DLONGER
// RUN: not %cc -std=c11 -fsyntax-only -DLONGER -I%runtime_inc %t.c 2>&1 | FileCheck %s --check-prefix=LONGER
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -I%runtime_inc %t.c

enum { FOUR = 4 };
#define NT (1 + 1)
static int half(int n) { return n / 2; }

void f(double d, int *p, char c, _Bool b, long long ll, unsigned u) {
  int x = 0;
#ifdef BAD
  // BAD: :[[@LINE+3]]:34: error: the 'num_threads' expression must have an integer type, not a floating-point constant
  // BAD-NEXT: {{^}}#pragma omp parallel num_threads(2.5){{$}}
  // BAD-NEXT: {{^                                 \^$}}
#pragma omp parallel num_threads(2.5)
  ;
  // BAD: :[[@LINE+1]]:34: error: the 'num_threads' expression must have an integer type, not 'int *' ('p')
#pragma omp parallel num_threads(p)
  ;
  // BAD: :[[@LINE+1]]:44: error: the chunk size of 'schedule' must have an integer type, not a floating-point constant
#pragma omp parallel for schedule(dynamic, 1.5)
  for (int i = 0; i < 4; i++)
    ;
  // BAD: :[[@LINE+1]]:27: error: the 'priority' expression must have an integer type, not 'double' ('d')
#pragma omp task priority(d)
  ;
  // BAD: :[[@LINE+1]]:32: error: the 'grainsize' expression must have an integer type, not 'double' ('d')
#pragma omp taskloop grainsize(d)
  for (int i = 0; i < 4; i++)
    ;
  // BAD: :[[@LINE+1]]:40: error: the 'num_tasks' expression must have an integer type, not a floating-point constant
#pragma omp taskloop num_tasks(strict: 1e3)
  for (int i = 0; i < 4; i++)
    ;
#pragma omp parallel
  // BAD: :[[@LINE+1]]:27: error: the 'filter' expression must have an integer type, not 'double' ('d')
#pragma omp masked filter(d)
  ;
  // BAD: :[[@LINE+1]]:36: error: the step of 'linear' must have an integer type, not a floating-point constant
#pragma omp parallel for linear(x: 1.5)
  for (int i = 0; i < 4; i++)
    ;
  // BAD: :[[@LINE+1]]:28: error: the step of 'linear' must have an integer type, not 'double' ('d')
#pragma omp simd linear(p: d)
  for (int i = 0; i < 4; i++)
    ;
  // BAD: :[[@LINE+1]]:37: error: the step of 'linear' must have an integer type, not 'double' ('d')
#pragma omp taskloop simd linear(x: d)
  for (int i = 0; i < 4; i++)
    ;
#elif defined(LONGER)
  // LONGER: clause-integer-expressions.c:[[@LINE+1]]:{{[0-9]+}}: error: invalid operands to binary
#pragma omp parallel num_threads(d * 2)
  ;
  // LONGER: clause-integer-expressions.c:[[@LINE+1]]:{{[0-9]+}}: error: invalid operands to binary
#pragma omp parallel for linear(x: d / 2)
  for (int i = 0; i < 4; i++)
    ;
#else
#pragma omp parallel num_threads(NT)
  ;
#pragma omp parallel num_threads(c)
  ;
#pragma omp parallel num_threads(b ? FOUR : 0x2)
  ;
#pragma omp parallel for schedule(dynamic, sizeof(int))
  for (int i = 0; i < 4; i++)
    ;
#pragma omp parallel for schedule(static, ll)
  for (int i = 0; i < 4; i++)
    ;
#pragma omp taskloop grainsize(u)
  for (int i = 0; i < 4; i++)
    ;
#pragma omp taskloop num_tasks(half(FOUR))
  for (int i = 0; i < 4; i++)
    ;
#pragma omp task priority(c)
  ;
#pragma omp parallel
#pragma omp masked filter(b)
  ;
#pragma omp parallel for linear(x: c)
  for (int i = 0; i < 4; i++)
    x += c;
#pragma omp simd linear(p: NT) linear(x: ll + 1)
  for (int i = 0; i < 4; i++)
    p += NT, x += (int)(ll + 1);
#pragma omp taskloop simd linear(x: u)
  for (int i = 0; i < 4; i++)
    x += (int)u;
  (void)d, (void)p, (void)x;
#endif
}
