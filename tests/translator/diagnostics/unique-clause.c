// Clauses that take one value may appear once per directive: default, num_threads, if,
// proc_bind, schedule, nowait.  The error is at the second occurrence.  (List clauses may repeat:
// private(x) private(y) is fine.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  int x = 0, y = 0;
  // CHECK: :[[@LINE+1]]:37: error: directive '#pragma omp parallel' cannot have more than one 'num_threads' clause
#pragma omp parallel num_threads(2) num_threads(3)
  // CHECK-NEXT: {{^}}#pragma omp parallel num_threads(2) num_threads(3){{$}}
  // CHECK-NEXT: {{^                                    \^$}}
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:28: error: directive '#pragma omp parallel' cannot have more than one 'if' clause
#pragma omp parallel if(n) if(parallel: n > 2)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:38: error: directive '#pragma omp parallel' cannot have more than one 'default' clause
#pragma omp parallel default(shared) default(shared)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:39: error: directive '#pragma omp parallel' cannot have more than one 'proc_bind' clause
#pragma omp parallel proc_bind(close) proc_bind(spread)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:34: error: directive '#pragma omp for' cannot have more than one 'schedule' clause
#pragma omp for schedule(static) schedule(dynamic)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:24: error: directive '#pragma omp for' cannot have more than one 'nowait' clause
#pragma omp for nowait nowait
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:47: error: directive '#pragma omp parallel for' cannot have more than one 'schedule' clause
#pragma omp parallel for schedule(static, 2), schedule(static, 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // Null case: list clauses repeat.
#pragma omp parallel private(x) private(y) shared(a) shared(n)
  { x = y = n; a[0] = x; }
}
