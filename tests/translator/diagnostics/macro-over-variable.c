// A variable that a construct captures, whose name is also an object-like macro in force at the
// construct that expands to something else (`#define counter (counter + 1)`, defined after the
// variable's declaration, so that the body's `counter` expands to a use of the variable):
// lowering writes the variable's name in the code it generates (the context's members and
// designators where the construct stands, declarations in the outlined function), where the
// macro would expand, and the output did not compile (found by the translator fuzzer, moving a
// region of lower/parallel/macro-defined-after.c below the #define).  It is a located error at
// the directive, with a note at the macro, and there is no output file.  A macro that expands to
// its own name (glibc's `#define stdout stdout`), a function-like macro of the variable's name,
// and the macro once #undef'd are fine.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// STATUS: status=1
//
// Null cases: translated, and the output compiles.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

int f(int *a) {
  int counter = 0, max = 1, self = 2;
#if CASE == 1
#define counter (counter + 1)
// ERR: macro-over-variable.c:[[#@LINE+1]]:13: error: the '#pragma omp parallel' construct uses 'counter', which is also the name of a macro here that expands to something else: omp2numa writes the variable's name in the code it generates, where the macro would expand; rename the macro or the variable
#pragma omp parallel
  a[0] = counter;
// ERR: macro-over-variable.c:[[#@LINE-4]]:9: note: macro defined here
#else
#define self self
#define max(x, y) ((x) > (y) ? (x) : (y))
#pragma omp parallel
  a[0] = counter + max + self + max(counter, self);
#define counter (counter + 1)
#undef counter
#pragma omp parallel firstprivate(counter) private(max)
  {
    max = counter;
    a[1] = max;
  }
#endif
  return a[0];
}
