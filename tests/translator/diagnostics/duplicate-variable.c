// A variable may have one data-sharing attribute per construct: naming it in two clauses, or
// twice in one, is an error at the second name, with a note at the first.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  int x = 0, y = 0;
  // CHECK: :[[@LINE+1]]:49: error: 'x' appears in more than one data-sharing clause
#pragma omp parallel private(x) firstprivate(y, x)
  // CHECK-NEXT: {{^}}#pragma omp parallel private(x) firstprivate(y, x){{$}}
  // CHECK-NEXT: {{^                                                \^$}}
  // CHECK-NEXT: :[[@LINE-3]]:30: note: previously listed here
  // CHECK-NEXT: {{^}}#pragma omp parallel private(x) firstprivate(y, x){{$}}
  // CHECK-NEXT: {{^                             \^$}}
  a[0] = x + y;

  // CHECK: :[[@LINE+1]]:33: error: 'x' appears in more than one data-sharing clause
#pragma omp parallel private(x, x)
  // CHECK: :[[@LINE-1]]:30: note: previously listed here
  a[0] = x;

  // CHECK: :[[@LINE+1]]:45: error: 'y' appears in more than one data-sharing clause
#pragma omp parallel shared(y) reduction(+: y)
  // CHECK: :[[@LINE-1]]:29: note: previously listed here
  a[0] = y;

  // CHECK: :[[@LINE+1]]:48: error: 'x' appears in more than one data-sharing clause
#pragma omp for reduction(+: x) reduction(max: x)
  // CHECK: :[[@LINE-1]]:30: note: previously listed here
  for (int i = 0; i < n; i++)
    x += a[i];
}
