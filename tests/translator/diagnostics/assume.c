// OpenMP 5.1's assumptions (assume, assumes, begin/end assumes) are promises to the compiler:
// omp2numa checks their clauses' names and drops them, which keeps the program's meaning.  A
// memory order on flush (5.0) with a list is gcc's error.
//
// RUN: %omp2numa %s -o %t.c -- -DCASE=0
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=OK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=CLAUSE --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=END --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=FLUSH --implicit-check-not=error:
// RUN: not test -e %t.c

// OK: /* omp2numa: #pragma omp assumes no_openmp_routines */
#pragma omp assumes no_openmp_routines
#pragma omp begin assumes ext_vendor_promise no_parallelism
static int next(int x) { return x + 1; }
#pragma omp end assumes

int x;

void f(int n) {
#if CASE == 0
  // OK: /* omp2numa: #pragma omp assume holds ( n > 0 ) absent ( critical , barrier ) contains ( parallel ) */
  // OK-NEXT: #line
  // OK-EMPTY:
  // OK-NEXT: {{^  }}{ x = next(n); }
#pragma omp assume holds(n > 0) absent(critical, barrier) contains(parallel)
  { x = next(n); }
#elif CASE == 1
  // CLAUSE: :[[@LINE+1]]:20: error: unknown clause 'colour' in '#pragma omp assume'
#pragma omp assume colour(red)
  x = n;
#elif CASE == 2
  // END: :[[@LINE+1]]:25: error: '#pragma omp end assumes' takes no clauses
#pragma omp end assumes holds(1)
#elif CASE == 3
  // FLUSH: :[[@LINE+1]]:27: error: 'flush' list specified together with memory order clause
#pragma omp flush acq_rel (x)
#endif
}
