// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %omp2numa %s -o %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: FileCheck %s --check-prefix=OUTSIDE --input-file=%t.c
//
// A variable that lowering rewrites (a shared variable the region writes becomes `(*nthread)`)
// and that a macro's definition names: ParRes p2p's
// `#define flag(TID,j) flag[((TID)+(j)*nthread)*LINEWORDS]`, with nthread set under master in
// the region.  Each invocation in the main file whose expansion needs such a rewrite is written
// out as its expansion and the file translated again (MacroExpansion.h); the others stay as
// written.  Covered: a function-like and an object-like macro, a macro in a macro, a macro used
// in and outside the region, # and ##, an invocation over several lines, glibc's `stdout` (a
// macro that expands to its own name) in an expansion, the other rewrites (a task's shared
// variable, a conditional lastprivate, a reduction over an array section, an allocate
// directive's variable), a macro that passes the variable to another macro from its definition,
// and a file that also holds a directive in a macro (three runs); also an atomic statement
// written in part by a macro's definition, which lowering must take apart, and loop constructs
// whose loops, bodies and all, macros write.  Every result is
// checked against the serial meaning and against gcc.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "Inputs/expect.h"

#define LINEWORDS 16
#define flag(TID, j) flag[((TID) + (j)*nthread) * LINEWORDS]
#define LAST_THREAD (nthread - 1)
#define RIGHT_OF(TID) flag((TID) + 1, 0)
#define CAT(a, b) a##b
#define COUNT_OF(name) (CAT(name, _count) + nthread + (int)sizeof(#name))
#define REPORT(what) fprintf(stdout, "%s %d\n", what, nthread)
#define SPREAD(i,                                                                                \
               j) ((i) * nthread + (j))
#define APPLY(f, x) f(x)
#define TWICE_N APPLY(2 *, nthread)
#define FILL(a, n) _Pragma("omp parallel for") for (int i = 0; i < (n); i++) (a)[i] = i

// The p2p pattern: nthread written under master, read after a barrier by every thread through
// macros (function-like, object-like, nested, #/##, several lines, stdout).
static void pipeline(void) {
  int nthread = 0, *flag = calloc(64 * LINEWORDS * 2, sizeof(int));
  int sums[64] = {0}, ends[64] = {0}, spread[64] = {0}, twice = 0, cells_count = 5;
#pragma omp parallel
  {
    const int TID = omp_get_thread_num();
#pragma omp master
    nthread = omp_get_num_threads();
#pragma omp barrier
    // CHECK: flag [ ( ( TID ) + ( 1 ) * (*nthread) ) * 16 ] = TID + 1;
    flag(TID, 1) = TID + 1;
#pragma omp barrier
    if (TID < LAST_THREAD)
      sums[TID] = RIGHT_OF(TID) + flag(TID + 1, 1);
    ends[TID] = COUNT_OF(cells);
    spread[TID] = SPREAD(TID,
                         1);
    const int line_after = __LINE__;
    EXPECT(line_after == __LINE__ - 1);
#pragma omp single
    {
      twice = TWICE_N;
      REPORT("threads");
    }
  }
  // Outside the region the invocations stay as written.
  // OUTSIDE: int outside = flag(0, 1) + LAST_THREAD;
  int outside = flag(0, 1) + LAST_THREAD;
  EXPECT(outside == 1 + nthread - 1);
  EXPECT(twice == 2 * nthread);
  for (int t = 0; t < nthread; t++) {
    EXPECT(sums[t] == (t < nthread - 1 ? t + 2 : 0));
    EXPECT(ends[t] == 5 + nthread + 6);
    EXPECT(spread[t] == t * nthread + 1);
  }
  printf("pipeline %d %d %d\n", nthread, sums[0], twice);
  free(flag);
}

#define BUMP() count += 1
#define BUMP_TOTAL(v) (total += (v))
#define NOTE(i) (last = (i))
#define ADD_TO_HALF(i) (halves[(i) % 2] += (i))
#define F(x) (x)
#define G F(w)

// The other rewrites: a task's shared variable, a conditional lastprivate's assignment, a
// reduction's array section; and G, whose argument to F is spelled in G's definition.
static void other_rewrites(void) {
  int count = 0, last = -1, halves[2] = {0, 0}, w = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 10; i++) {
#pragma omp task shared(count)
      {
#pragma omp critical
        BUMP();
      }
    }
#pragma omp taskwait
  }
#pragma omp parallel for lastprivate(conditional: last)
  for (int i = 0; i < 20; i++)
    if (i % 7 == 0)
      NOTE(i);
#pragma omp parallel for reduction(+: halves[0:2])
  for (int i = 0; i < 10; i++)
    ADD_TO_HALF(i);
#pragma omp parallel
  {
#pragma omp single
    w = G + 1;
  }
  EXPECT(count == 10 && last == 14 && halves[0] == 20 && halves[1] == 25 && w == 1);
  EXPECT(G == 1);
  printf("others %d %d %d %d %d\n", count, last, halves[0], halves[1], G);
}

// A directive in a macro and a macro naming a rewritten variable in one file: the directive is
// written out first, then the use.
static void with_directive_macro(void) {
  int a[32], total = 0;
  FILL(a, 32);
#pragma omp parallel
  {
#pragma omp critical
    BUMP_TOTAL(a[omp_get_thread_num() % 32]);
  }
  EXPECT(total == omp_get_max_threads() * (omp_get_max_threads() - 1) / 2);
  printf("directive %d\n", a[31]);
}

#define ALLOCATED_PLUS_ONE (allocated + 1)

// An allocate directive's variable is reached through a pointer everywhere in its function (gcc
// 12 does not take the directive: omp2numa's build only).
static void allocated_variable(void) {
#ifdef _OMP2NUMA
  int allocated = 6;
#pragma omp allocate(allocated)
  EXPECT(ALLOCATED_PLUS_ONE == 7);
#endif
}

#define INC(v) (v) += 1
#define ADD(v, e) v = v + (e)
#define SCALED + 2 * k

// An atomic statement that a macro's definition writes in part: lowering takes the statement
// apart, so the invocation is written out too (the variables here are not rewritten; the
// atomic's shape is what needs the file's text).
static void atomic_in_macro(void) {
  long count = 0, sum = 0, scaled = 0;
#pragma omp parallel for
  for (int k = 0; k < 100; k++) {
#pragma omp atomic
    INC(count);
#pragma omp atomic
    ADD(sum, k);
#pragma omp atomic
    scaled = scaled SCALED;
  }
  // CHECK-LABEL: atomic_in_macro
  // CHECK: long *const __o2n_x = &(( (*count) ));
  EXPECT(count == 100 && sum == 4950 && scaled == 9900);
  printf("atomic %ld %ld %ld\n", count, sum, scaled);
}

#define FILL_SQUARES(a, n) for (int i = 0; i < (n); i++) (a)[i] = i * i;
#define SUM_INTO(s, a, n)                                                                          \
  for (int i = 0; i < (n); i++) {                                                                  \
    s += (a)[i];                                                                                   \
  }

// A loop construct whose whole loop a macro writes, body and all: the body is outlined as text,
// so the invocation is written out.
static void loop_in_macro(void) {
  int a[64];
  long s = 0;
#pragma omp parallel for
  FILL_SQUARES(a, 64)
#pragma omp parallel for reduction(+: s) schedule(dynamic, 3)
  SUM_INTO(s, a, 64)
  EXPECT(a[63] == 63 * 63 && s == 63L * 64 * 127 / 6);
  printf("loop %d %ld\n", a[63], s);
}

int main(void) {
  pipeline();
  other_rewrites();
  with_directive_macro();
  allocated_variable();
  atomic_in_macro();
  loop_in_macro();
  return failures != 0;
}
