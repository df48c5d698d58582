// collapse(2) over a loop whose body is a block holding the inner loop and another statement
// (or nothing): the nest is not perfect, an error at the clause.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=BEFORE --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=AFTER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
#if CASE == 1
  // BEFORE: :[[@LINE+1]]:17: error: collapse(2) needs 2 perfectly nested loops, but the nest has 1
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    for (int j = 0; j < n; j++)
      a[i + j] = 0;
  }
#elif CASE == 2
  // AFTER: :[[@LINE+1]]:17: error: collapse(2) needs 2 perfectly nested loops, but the nest has 1
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      a[i + j] = 0;
    a[i] = 1;
  }
#elif CASE == 3
  // EMPTY: :[[@LINE+1]]:17: error: collapse(2) needs 2 perfectly nested loops, but the nest has 1
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++) {
  }
#endif
}
