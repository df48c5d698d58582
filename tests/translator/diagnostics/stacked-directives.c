// A directive between a construct's pragma and its statement takes that statement.  A loop
// directive needs the loop itself, atomic an expression statement, sections its block, and a
// stand-alone directive cannot be a statement; an orphaned section belongs to no sections.  Each
// was once translated into garbled output or a crash; each is an error at the directive that is
// out of place, with a note at the one it follows (gcc rejects all of them too).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, int *a) {
#pragma omp parallel
  {
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp for' must be followed by a for loop, not by '#pragma omp for'
#pragma omp for
#pragma omp for
    for (int i = 0; i < n; i++) {
#pragma omp critical
      a[i]++;
    }
    // CHECK: :[[@LINE-6]]:13: note: the directive it follows
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp for' must be followed by a for loop, not by '#pragma omp critical'
#pragma omp for
#pragma omp critical
    for (int i = 0; i < n; i++)
      a[i]++;
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp atomic' must be followed by an expression statement, not by '#pragma omp atomic'
#pragma omp atomic
#pragma omp atomic
    a[0]++;
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp barrier' may only be used in compound statements; enclose it in braces
#pragma omp critical
#pragma omp barrier
    a[1]++;
    // CHECK: :[[@LINE+2]]:13: error: '#pragma omp sections' must be followed by a block { ... } of sections, not by '#pragma omp critical'
#pragma omp sections
#pragma omp critical
    {
      a[2]++;
    }
  }
  // CHECK: :[[@LINE+2]]:13: error: '#pragma omp parallel for' must be followed by a for loop, not by '#pragma omp for'
#pragma omp parallel for
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i]++;
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp section' may only be used in a '#pragma omp sections' construct, directly in its block
#pragma omp section
  a[3] = 1;
}
