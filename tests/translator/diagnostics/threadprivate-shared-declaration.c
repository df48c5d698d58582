// `_Thread_local` applies to a whole declaration, so a threadprivate variable must be declared
// on its own, or with threadprivate variables only: a file-scope declaration shared with a
// variable that is not threadprivate is an error at the variable's name in the declaration; a
// block-scope static shared with any other variable too.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=BLOCK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: separate declarations.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

#if CASE == 1
// FILE: :[[@LINE+1]]:12: error: threadprivate variable 'a' shares its declaration with 'other', which is not threadprivate: declare it on its own
int other, a, b;
// FILE-NEXT: {{^}}int other, a, b;{{$}}
// FILE-NEXT: {{^           \^$}}
#pragma omp threadprivate(a)
#else
int other, b;
int a;
#pragma omp threadprivate(a)
#endif

int f(void) {
#if CASE == 2
  // BLOCK: :[[@LINE+1]]:14: error: threadprivate variable 'calls' must be declared on its own
  static int calls = 0, seen = 1;
#pragma omp threadprivate(calls)
#else
  static int calls = 0;
  static int seen = 1;
#pragma omp threadprivate(calls)
#endif
  return ++calls + seen + a + b + other;
}
