// critical's hint(expr), as gcc checks it: a constant integer expression whose value is not
// negative (any other value is a valid hint, even one that mixes contended and uncontended); a
// critical construct without a name takes only omp_sync_hint_none (the unnamed ones share a
// lock).  A variable in the expression, a negative value and a hint on an unnamed critical are
// located errors of the translator (the binder's, for a variable, after the parser's), and no
// output is written.  Valid hints: the omp_sync_hint_*
// and omp_lock_hint_* names, their sums and bitwise ors, literals, a user's enumerator (left to
// the compiler), on named critical constructs, and omp_sync_hint_none on an unnamed one.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DBAD 2>%t.err
// RUN: FileCheck %s --check-prefix=BAD --implicit-check-not=error: < %t.err
// RUN: FileCheck %s --check-prefix=CARET < %t.err
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -I%runtime_inc %t.c

#include <omp.h>

enum { MY_HINT = 2 };

void f(int n) {
  int a = 0;
#pragma omp parallel
  {
#pragma omp critical hint(omp_sync_hint_none)
    a++;
#pragma omp critical hint(0)
    a++;
#pragma omp critical(h1) hint(omp_sync_hint_contended + omp_sync_hint_speculative)
    a++;
#pragma omp critical(h2) hint(omp_lock_hint_uncontended | omp_sync_hint_nonspeculative)
    a++;
#pragma omp critical(h3) hint(omp_sync_hint_speculative + 1 + 2)
    a++;
#pragma omp critical(h4) hint((omp_sync_hint_contended))
    a++;
#pragma omp critical(h5) hint(MY_HINT)
    a++;
#pragma omp critical(h6) hint(16)
    a++;
#ifdef BAD
    // BAD-DAG: :[[@LINE+4]]:31: error: expected constant integer expression with valid sync-hint value{{$}}
    // CARET: :[[@LINE+3]]:31: error:
    // CARET-NEXT: {{^}}#pragma omp critical(h7) hint(-3){{$}}
    // CARET-NEXT: {{^                              \^$}}
#pragma omp critical(h7) hint(-3)
    a++;
    // BAD-DAG: :[[@LINE+1]]:31: error: expected constant integer expression with valid sync-hint value{{$}}
#pragma omp critical(h8) hint(omp_sync_hint_none - 1)
    a++;
    // BAD-DAG: :[[@LINE+1]]:31: error: expected constant integer expression with valid sync-hint value: 'n' is a variable
#pragma omp critical(h9) hint(n)
    a++;
    // BAD-DAG: :[[@LINE+1]]:52: error: expected constant integer expression with valid sync-hint value: 'n' is a variable
#pragma omp critical(h9) hint(omp_sync_hint_none + n)
    a++;
    // BAD-DAG: :[[@LINE+1]]:22: error: '#pragma omp critical' with 'hint' clause requires a name, except when 'omp_sync_hint_none' is used
#pragma omp critical hint(omp_sync_hint_speculative)
    a++;
    // BAD-DAG: :[[@LINE+1]]:22: error: '#pragma omp critical' with 'hint' clause requires a name, except when 'omp_sync_hint_none' is used
#pragma omp critical hint(1)
    a++;
#endif
  }
  (void)a;
}
