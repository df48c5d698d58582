// A macro that expands to a pragma AND the statement it applies to
//   #define PARALLEL_FILL(n) _Pragma("omp parallel for") for (...) ...
// cannot be translated (the statement is not in the file: statement-from-macro.c).  The error
// must say so, at the macro's use, rather than claim that the directive has no statement.
//
// Bug: the Binder looks for a statement after the whole macro invocation (the pragma's
// range), finds none, and reports "expected a statement after '#pragma omp parallel for'";
// Binder's own "... and its statement come from one macro expansion; write the statement
// outside the macro" is never reached.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

#define PARALLEL_FILL(n) _Pragma("omp parallel for") for (int i = 0; i < (n); i++) a[i] = i

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:3: error: '#pragma omp parallel for' and its statement come from one expansion of macro 'PARALLEL_FILL'; write the statement outside the macro
  PARALLEL_FILL(n);
}
