// A clause name that OpenMP does not have is an error at the name, on any directive; so is a
// token that cannot start a clause.  (Clauses OpenMP has but omp2numa does not support yet:
// not-supported-yet.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  int x = 0;
  // CHECK: :[[@LINE+1]]:22: error: unknown OpenMP clause 'foo'
#pragma omp parallel foo(x)
  // CHECK-NEXT: {{^}}#pragma omp parallel foo(x){{$}}
  // CHECK-NEXT: {{^                     \^$}}
  a[0] = x;

  // CHECK: :[[@LINE+1]]:22: error: unknown OpenMP clause 'numthreads'
#pragma omp parallel numthreads(2)
  a[0] = x;

  // CHECK: :[[@LINE+1]]:17: error: unknown OpenMP clause 'schedul'
#pragma omp for schedul(static)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK: :[[@LINE+1]]:38: error: unknown OpenMP clause 'privat'
#pragma omp parallel for private(x), privat(x)
  for (int i = 0; i < n; i++)
    a[i] = x;

  // CHECK: :[[@LINE+1]]:22: error: expected an OpenMP clause, found '3'
#pragma omp parallel 3
  a[0] = x;

  // CHECK: :[[@LINE+1]]:22: error: expected an OpenMP clause, found '('
#pragma omp parallel (x)
  a[0] = x;
}
