// Clauses that are accepted and do nothing get a warning, and the file is still translated
// (exit status 0, output that compiles).
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:26: warning: 'collapse(1)' has no effect
#pragma omp parallel for collapse(1)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK: :[[@LINE+1]]:26: warning: 'ordered' clause has no effect: the loop contains no '#pragma omp ordered' region
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++)
    a[i] += i;

  // No warning: affinity(name) takes effect.
#pragma omp parallel for affinity(cols) schedule(static, 1)
  for (int j = 0; j < n; j++)
    a[j] *= 2;

  // No warning: the loop has an ordered region.
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    a[i] -= 1;
  }
}
