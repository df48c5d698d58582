// atomic compare (OpenMP 5.1): statements of no form it has, and clauses that do not combine,
// are located errors, with no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=C1 --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=C2 --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=C3 --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=C4 --implicit-check-not=error:
// RUN: not %omp2numa %s -o %t.c -- -DCASE=5 2>&1 | FileCheck %s --check-prefix=C5 --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int *p, int e, int d) {
  int x = 0, v = 0;
#if CASE == 1
  // C1: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic compare' must have the form
#pragma omp atomic compare
  x = x < e ? d : x; // min and max assign the value they compare with
#elif CASE == 2
  // C2: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic compare' must have the form
#pragma omp atomic compare
  if (x <= e) { x = e; }
#elif CASE == 3
  // C3: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic compare' must have the form
#pragma omp atomic compare
  if (x == e) { x = d; } else { v = x; } // the else capture needs 'capture'
#elif CASE == 4
  // C4: :[[@LINE+2]]:3: error: statement after '#pragma omp atomic compare' must have the form
#pragma omp atomic compare capture
  { v = x; if (x > e) { x = e; } else { v = 0; } }
#else
  // C5: :[[@LINE+1]]:13: error: 'read' and 'write' may not be combined with other clauses of '#pragma omp atomic'
#pragma omp atomic read compare
  v = x;
  // C5: :[[@LINE+1]]:35: error: too many 'compare' clauses on '#pragma omp atomic'
#pragma omp atomic compare update compare
  x = x > e ? e : x;
#endif
  *p = x + v + d;
}
