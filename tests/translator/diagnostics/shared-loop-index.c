// A sequential loop that the threads of a parallel region all run, over a variable they share,
// is a data race that gcc and clang compile without a word: the translator warns, notes the
// declaration and suggests declaring the variable in the loop (a fix-it).  The file is still
// translated; -Wno-shared-loop-index turns the warning off.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %omp2numa -Wno-shared-loop-index %s -o %t.quiet.c 2>&1 | count 0

#include <omp.h>

#define N 64
static double A[N][N], B[N][N], C[N][N];
int shared_global;

void gemm(void) {
  int i, j, k;
#pragma omp parallel for
  for (i = 0; i < N; i++)
    // CHECK: :[[@LINE+6]]:10: warning: the threads of '#pragma omp parallel for' all run this loop over 'j', which they share: they race on it; declare it in the loop or make it private [-Wshared-loop-index]
    // CHECK-NEXT: {{^}}    for (j = 0; j < N; j++)
    // CHECK-NEXT: {{^}}         ^
    // CHECK-NEXT: {{^}}         int
    // CHECK-NEXT: :[[@LINE-7]]:10: note: 'j' is declared here, outside the region
    // CHECK-NEXT: {{^}}  int i, j, k;
    for (j = 0; j < N; j++)
      // CHECK: :[[@LINE+2]]:12: warning: the threads of '#pragma omp parallel for' all run this loop over 'k', which they share
      // CHECK: :[[@LINE-11]]:13: note: 'k' is declared here, outside the region
      for (k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
}

// In a region's body, and in a worksharing loop of a region; a global and a parameter too.  Each
// variable once per region.
void region(int n, int p) {
  int r, s = 0;
#pragma omp parallel shared(s)
  {
    // CHECK: :[[@LINE+2]]:10: warning: the threads of '#pragma omp parallel' all run this loop over 'r'
    // CHECK: :[[@LINE-4]]:7: note: 'r' is declared here, outside the region
    for (r = 0; r < n; r++)
#pragma omp atomic
      s++;
    for (r = 0; r < n; r++) // reported once
      (void)0;
#pragma omp for
    for (int i = 0; i < n; i++)
      // CHECK: :[[@LINE+2]]:12: warning: the threads of '#pragma omp parallel' all run this loop over 'shared_global'
      // CHECK: :14:5: note: 'shared_global' is declared here, outside the region
      for (shared_global = 0; shared_global < 2; shared_global++)
        (void)0;
    // CHECK: :[[@LINE+2]]:10: warning: the threads of '#pragma omp parallel' all run this loop over 'p'
    // CHECK: :[[@LINE-18]]:24: note: 'p' is declared here, outside the region
    for (p = 0; p < 2; p++)
      (void)0;
  }
}

// Null cases.

// Private in every way: declared in the loop or the region, private, firstprivate, lastprivate,
// the loop construct's own variable, a collapsed nest.
void private_indices(int n) {
  int i, j, k, q, t;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (int m = 0; m < n; m++)
        (void)0;
#pragma omp parallel firstprivate(k)
  {
    int own;
    for (own = 0; own < n; own++)
      (void)0;
    for (k = 0; k < n; k++)
      (void)0;
#pragma omp for lastprivate(q)
    for (i = 0; i < n; i++)
      for (q = 0; q < n; q++)
        (void)0;
  }
#pragma omp parallel for collapse(2)
  for (i = 0; i < n; i++)
    for (t = 0; t < n; t++)
      (void)0;
}

// Loops that one thread at a time runs, in tasks, in a nested region's own team.
void one_thread(int n) {
  int i, j;
#pragma omp parallel
  {
#pragma omp single
    for (i = 0; i < n; i++)
      (void)0;
#pragma omp master
    for (i = 0; i < n; i++)
      (void)0;
#pragma omp critical
    for (j = 0; j < n; j++)
      (void)0;
#pragma omp sections
    {
#pragma omp section
      for (j = 0; j < n; j++)
        (void)0;
    }
    if (omp_get_thread_num() == 0)
      for (j = 0; j < n; j++)
        (void)0;
#pragma omp task
    for (int x = 0; x < n; x++)
      for (j = 0; j < n; j++) // tasks are not checked
        (void)0;
  }
#pragma omp parallel master
  for (i = 0; i < n; i++)
    (void)0;
}

// Outside any region, a sequential loop is nobody's race.
void serial(int n) {
  int i;
  for (i = 0; i < n; i++)
    (void)0;
}
