// teams and distribute are not translated yet: they are rejected with an error that says so, at
// the directive's name (at the second word for the combined forms), never dropped.  (target, its
// data directives and declare target are translated: tests/translator/lower/target; simd
// constructs and tasks: lower/simd, lower/task.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:20: error: '#pragma omp target teams': teams and distribute are not supported by omp2numa yet
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++) a[i] = i;
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp teams': teams and distribute are not supported by omp2numa yet
#pragma omp teams
  a[0] = 1;
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp distribute': teams and distribute are not supported by omp2numa yet
#pragma omp distribute
  for (int i = 0; i < n; i++) a[i] = i;
  // After a clause, a directive's name is no clause.
  // CHECK: :[[@LINE+1]]:27: error: unknown OpenMP clause 'distribute'
#pragma omp target map(a) distribute
  for (int i = 0; i < n; i++) a[i] = i;

  // The parallel part of a combined construct does not rescue it.
  // CHECK: :[[@LINE+1]]:22: error: '#pragma omp parallel teams': teams and distribute are not supported by omp2numa yet
#pragma omp parallel teams
  a[0] = 1;
}
