// `_Thread_local` applies to a whole declaration.  A threadprivate variable that shares its
// declaration with variables that are not threadprivate gets a declaration of its own
// (lower/threadprivate/several-declarators.c), except when the declaration's type has no name:
// two declarations would declare two different types.  Error at the variable's name.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: a named type.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c
// At block scope, a type without a name is a type of the function: its definition moves to file
// scope, named, and both declarations name it (LocalTypes.h).
// RUN: %omp2numa %s -o %t.block.c -- -DCASE=2
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=2 -I%runtime_inc %t.block.c
// RUN: FileCheck %s --check-prefix=BLOCK < %t.block.c

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
  // BLOCK: struct __o2n_struct_[[#@LINE+2]]_10 { int v; };
  // BLOCK: static _Thread_local struct __o2n_struct_[[#@LINE+1]]_10 calls;
  static struct { int v; } seen, calls;
#pragma omp threadprivate(calls)
#else
  static struct named calls, seen;
#pragma omp threadprivate(calls)
#endif
  return ++calls.v + seen.v + a.v + b.v + other.v;
}
