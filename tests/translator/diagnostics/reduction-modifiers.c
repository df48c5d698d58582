// The task reduction modifier where gcc takes it (parallel, for, sections, scope); elsewhere, a
// located error and no output file, as for a task nested in the construct that reduces a section
// through a pointer (not supported yet).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ARRAY --implicit-check-not=error:

#if !CASE
void not_here(int n) {
  long x = 0;
  // CHECK: :[[@LINE+1]]:28: error: 'task' reduction modifier on a construct other than 'parallel', 'for', 'sections' or 'scope'
#pragma omp simd reduction(task, +: x)
  for (int i = 0; i < n; i++)
    x += i;
}
#else
void on_section(int n, long *a) {
  // ARRAY: :[[@LINE+5]]:13: error: a task with 'in_reduction' over 'a' in the construct whose 'task' reduction is over a section through a pointer is not supported yet (a task in a function it calls is)
  // ARRAY: :[[@LINE+1]]:41: note: the reduction
#pragma omp parallel reduction(task, +: a[1:2])
  {
    a[1 + (n & 1)] += 1;
#pragma omp task in_reduction(+: a[1:2])
    a[1] += 2;
  }
}
#endif
