// A block-scope static made threadprivate moves to file scope under its own name, so that name
// must be free there: a file-scope variable or function of that name (declared before or
// after), or another such static of the same name, is an error at the variable's name in the
// directive.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=GLOBAL --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=FUNCTION --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: distinct names.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

#if CASE == 1
// GLOBAL: :[[@LINE+7]]:27: error: threadprivate block-scope variable 'calls' must move to file scope, where 'calls' already names something else: rename one of them
// GLOBAL-NEXT: {{^}}#pragma omp threadprivate(calls){{$}}
// GLOBAL-NEXT: {{^                          \^$}}
// GLOBAL-NEXT: :[[@LINE+8]]:5: note: declared here
#endif
int f(void) {
  static int calls;
#pragma omp threadprivate(calls)
  return ++calls;
}
#if CASE == 1
int calls;
#endif

#if CASE == 2
// FUNCTION: :[[@LINE+5]]:27: error: threadprivate block-scope variable 'hits' must move to file scope, where 'hits' already names something else: rename one of them
// FUNCTION: :[[@LINE+8]]:13: note: declared here
#endif
int g(void) {
  static int hits;
#pragma omp threadprivate(hits)
  return ++hits;
}
#if CASE == 2
static void hits(void) {}
#endif

int h(void) {
#if CASE == 3
  static int calls;
  // TWO: :[[@LINE+1]]:27: error: two threadprivate block-scope variables named 'calls' would both move to file scope: rename one of them
#pragma omp threadprivate(calls)
  return ++calls;
#else
  static int others;
#pragma omp threadprivate(others)
  return ++others;
#endif
}
