// A name in a clause must name a variable visible at the pragma, by C's scoping rules: not one
// declared later, in another function, or in a block that has ended.  Each is reported at the
// name, with the clause.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

int later_global;

void other(void) { int elsewhere = 0; (void)elsewhere; }

void f(int n, int *a) {
  {
    int gone = 0;
    (void)gone;
  }
  // CHECK: :[[@LINE+1]]:30: error: use of undeclared identifier 'zz' in 'private' clause
#pragma omp parallel private(zz)
  // CHECK-NEXT: {{^}}#pragma omp parallel private(zz){{$}}
  // CHECK-NEXT: {{^                             \^$}}
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:38: error: use of undeclared identifier 'later' in 'firstprivate' clause
#pragma omp parallel firstprivate(n, later)
  a[0] = n;
  int later = 0;
  (void)later;

  // CHECK: :[[@LINE+1]]:29: error: use of undeclared identifier 'elsewhere' in 'shared' clause
#pragma omp parallel shared(elsewhere)
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:30: error: use of undeclared identifier 'gone' in 'reduction' clause
#pragma omp for reduction(+: gone)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK: :[[@LINE+1]]:30: error: use of undeclared identifier 'i' in 'private' clause
#pragma omp parallel private(i)
  for (int i = 0; i < n; i++)
    a[i] = i;
}
