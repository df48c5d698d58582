// Each directive accepts its own clauses: num_threads, if, shared, default and proc_bind belong
// to parallel, schedule and nowait to for, and parallel for takes both sets but nowait.
// barrier takes none.  The error is at the clause, naming it and the directive.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  int x = 0;
  // CHECK: :[[@LINE+1]]:17: error: clause 'num_threads' is not allowed on '#pragma omp for'
#pragma omp for num_threads(2)
  // CHECK-NEXT: {{^}}#pragma omp for num_threads(2){{$}}
  // CHECK-NEXT: {{^                \^$}}
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:17: error: clause 'if' is not allowed on '#pragma omp for'
#pragma omp for if(n > 1)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:17: error: clause 'shared' is not allowed on '#pragma omp for'
#pragma omp for shared(a)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:17: error: clause 'default' is not allowed on '#pragma omp for'
#pragma omp for default(shared)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:17: error: clause 'proc_bind' is not allowed on '#pragma omp for'
#pragma omp for proc_bind(close)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:22: error: clause 'nowait' is not allowed on '#pragma omp parallel'
#pragma omp parallel nowait
  a[0] = x;

  // CHECK: :[[@LINE+1]]:22: error: clause 'schedule' is not allowed on '#pragma omp parallel'
#pragma omp parallel schedule(static)
  a[0] = x;

  // CHECK: :[[@LINE+1]]:43: error: clause 'nowait' is not allowed on '#pragma omp parallel for'
#pragma omp parallel for schedule(static) nowait
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:21: error: clause 'private' is not allowed on '#pragma omp barrier'
#pragma omp barrier private(x)
  // CHECK: :[[@LINE+1]]:21: error: clause 'nowait' is not allowed on '#pragma omp barrier'
#pragma omp barrier nowait
  a[0] = x;
}
