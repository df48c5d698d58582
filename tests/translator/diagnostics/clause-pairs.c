// Clauses that exclude each other (OpenMP 5.0's restrictions; gcc 12 rejects each with the
// message checked here): reduction with nogroup on a taskloop (its reduction needs the taskgroup
// nogroup removes), detach with mergeable on a task, and the task reduction modifier with nowait
// (a task reduction lasts until the end of its construct).  Each is a located error at the clause
// gcc names, and there is no output file.  nowait on a combined target construct is the target's,
// so a task reduction there is valid, as are nogroup with in_reduction and each clause alone.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
//
// Null cases: translated, and the output compiles.
// RUN: %omp2numa %s -o %t.ok.c -- -DCASE=0
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -DCASE=0 -I%runtime_inc %t.ok.c

#include <omp.h>

void f(int n, int *a) {
  int x = 0;
  omp_event_handle_t e;
#if CASE == 0
#pragma omp taskloop reduction(+: x)
  for (int i = 0; i < n; i++)
    x += a[i];
#pragma omp taskgroup task_reduction(+: x)
#pragma omp taskloop in_reduction(+: x) nogroup
  for (int i = 0; i < n; i++)
    x += a[i];
#pragma omp task detach(e)
  a[0] = x;
  omp_fulfill_event(e);
#pragma omp task mergeable
  a[1] = x;
#pragma omp parallel
#pragma omp for reduction(task, +: x)
  for (int i = 0; i < n; i++)
    x += a[i];
#pragma omp target parallel for reduction(task, +: x) nowait
  for (int i = 0; i < n; i++)
    x += a[i];
#pragma omp target parallel reduction(task, +: x) nowait
  x++;
#pragma omp taskwait
  a[2] = x;
#elif CASE == 1
  // ERR: :[[@LINE+1]]:38: error: 'nogroup' clause must not be used together with 'reduction' clause
#pragma omp taskloop reduction(+: x) nogroup
  // ERR-NEXT: {{^}}#pragma omp taskloop reduction(+: x) nogroup{{$}}
  // ERR-NEXT: {{^                                     \^$}}
  for (int i = 0; i < n; i++)
    x += a[i];
  // ERR: :[[@LINE+1]]:27: error: 'nogroup' clause must not be used together with 'reduction' clause
#pragma omp taskloop simd nogroup reduction(+: x)
  for (int i = 0; i < n; i++)
    x += a[i];
  // ERR: :[[@LINE+1]]:54: error: 'nogroup' clause must not be used together with 'reduction' clause
#pragma omp parallel master taskloop reduction(+: x) nogroup
  for (int i = 0; i < n; i++)
    x += a[i];
  // ERR: :[[@LINE+1]]:18: error: 'detach' clause must not be used together with 'mergeable' clause
#pragma omp task detach(e) mergeable
  a[0] = x;
  // ERR: :[[@LINE+1]]:28: error: 'detach' clause must not be used together with 'mergeable' clause
#pragma omp task mergeable detach(e)
  a[0] = x;
#pragma omp parallel
  {
    // ERR: :[[@LINE+1]]:17: error: 'task' reduction modifier on a construct with a 'nowait' clause
#pragma omp for reduction(task, +: x) nowait
    for (int i = 0; i < n; i++)
      x += a[i];
    // ERR: :[[@LINE+1]]:29: error: 'task' reduction modifier on a construct with a 'nowait' clause
#pragma omp sections nowait reduction(task, +: x)
    { x++; }
    // ERR: :[[@LINE+1]]:19: error: 'task' reduction modifier on a construct with a 'nowait' clause
#pragma omp scope reduction(task, +: x) nowait
    x++;
  }
#endif
}
