// collapse(n) needs n perfectly nested loops: an error at the clause when the nest is shallower
// (also when the loop's body is a block holding a single non-loop statement).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=DEEP --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=BLOCK --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null case: collapse(3) on three loops.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

void f(int n, int *a) {
#if CASE == 0
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i + j + k] = 0;
#elif CASE == 1
  // DEEP: :[[@LINE+1]]:26: error: collapse(3) needs 3 perfectly nested loops, but the nest has 2
#pragma omp parallel for collapse(3)
  // DEEP-NEXT: {{^}}#pragma omp parallel for collapse(3){{$}}
  // DEEP-NEXT: {{^                         \^$}}
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i + j] = 0;
#elif CASE == 2
  // BLOCK: :[[@LINE+1]]:17: error: collapse(2) needs 2 perfectly nested loops, but the nest has 1
#pragma omp for collapse(2)
  for (int i = 0; i < n; i++) {
    a[i] = 0;
  }
#endif
}
