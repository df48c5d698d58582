// Names in clause expressions (num_threads, if, schedule chunk, filter) are checked where the
// pragma is: an undeclared one is an error at its own column, not a compiler error at a line of
// the translated file.  Functions, enumerators, types and macros are fine.  A loop whose bounds
// or step use its own variable is rejected as gcc rejects it: they are evaluated once.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DEXPR 2>&1 | FileCheck %s --check-prefix=EXPR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCOND 2>&1 | FileCheck %s --check-prefix=COND --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DINIT 2>&1 | FileCheck %s --check-prefix=INIT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: %omp2numa %s -o %t.c
// RUN: %cc -std=c11 -fsyntax-only -Wall -Werror -I%runtime_inc %t.c

enum { CHUNK = 4 };
typedef long index_t;
static int threads(void) { return 2; }
#define NT threads()

void f(int n, int *a) {
#ifdef EXPR
  // EXPR: :[[@LINE+1]]:34: error: use of undeclared identifier 'nthr' in 'num_threads' clause
#pragma omp parallel num_threads(nthr)
  a[0] = 1;
  // EXPR: :[[@LINE+1]]:25: error: use of undeclared identifier 'cond' in 'if' clause
#pragma omp parallel if(cond && n)
  a[1] = 1;
  // EXPR: :[[@LINE+1]]:44: error: use of undeclared identifier 'chunk_size' in 'schedule' clause
#pragma omp parallel for schedule(dynamic, chunk_size)
  for (int i = 0; i < n; i++)
    a[i] = 0;
#pragma omp parallel
  {
    // EXPR: :[[@LINE+1]]:27: error: use of undeclared identifier 'who' in 'filter' clause
#pragma omp masked filter(who)
    a[2] = 1;
  }
#endif
#pragma omp parallel num_threads(NT) if(n > CHUNK && sizeof(index_t) > 1)
  a[3] = 1;
#pragma omp parallel for schedule(dynamic, CHUNK * (int)sizeof(index_t))
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

void g(int n, int *a) {
#ifdef COND
  // COND: :[[@LINE+2]]:27: error: the loop's condition must not use the loop variable 'i': OpenMP evaluates it once, before the loop
#pragma omp parallel for
  for (int i = 0; i < n + i; i++)
    a[i] = 0;
#endif
}

void h(int n, int *a) {
#ifdef INIT
  int j;
  // INIT: :[[@LINE+2]]:12: error: the loop's initializer must not use the loop variable 'j'
#pragma omp parallel for
  for (j = j; j < n; j++)
    a[j] = 0;
#endif
}
