// Clauses that a device construct does not take are rejected with an error that says so, at the
// clause, never dropped.  (target, teams, distribute, teams loop and
// their combinations are translated: tests/translator/lower/target; simd constructs and tasks:
// lower/simd, lower/task.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:20: error: clause 'task_reduction' is not allowed on '#pragma omp target'
#pragma omp target task_reduction(+: n)
  n++;
  // After a clause, a directive's name is no clause.
  // CHECK: :[[@LINE+1]]:27: error: unknown OpenMP clause 'distribute'
#pragma omp target map(a) distribute
  for (int i = 0; i < n; i++) a[i] = i;
}
