// The task reduction modifier where gcc takes it (parallel, for, sections, scope); elsewhere, a
// located error and no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void not_here(int n) {
  long x = 0;
  // CHECK: :[[@LINE+1]]:28: error: 'task' reduction modifier on a construct other than 'parallel', 'for', 'sections' or 'scope'
#pragma omp simd reduction(task, +: x)
  for (int i = 0; i < n; i++)
    x += i;
}
