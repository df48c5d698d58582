// `_Thread_local` applies to a whole declaration.  A threadprivate variable that shares its
// declaration with variables that are not threadprivate gets a declaration of its own
// (lower/threadprivate/several-declarators.c), except when the declaration's type has no name:
// two declarations would declare two different types.  Error at the variable's name.
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
// Null case: a named type.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

struct named { int v; };

#if CASE == 1
// FILE: :[[@LINE+1]]:35: error: threadprivate variable 'a' shares its declaration of a type without a name with variables that are not threadprivate: declare it on its own
struct { int v; } other, b = {1}, a;
#pragma omp threadprivate(a)
#else
struct named other, b = {1}, a;
#pragma omp threadprivate(a)
#endif

int f(void) {
#if CASE == 2
  // (At block scope, a type without a name is a type of the function, which file scope cannot
  // name at all.)
  // BLOCK: :[[@LINE+1]]:34: error: the type of threadprivate variable 'calls' is declared inside a function
  static struct { int v; } seen, calls;
#pragma omp threadprivate(calls)
#else
  static struct named calls, seen;
#pragma omp threadprivate(calls)
#endif
  return ++calls.v + seen.v + a.v + b.v + other.v;
}
