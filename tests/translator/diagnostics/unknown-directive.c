// A directive name that OpenMP does not have, or none at all, is an error at the name (or at the
// end of the pragma); nothing is written and the exit status is 1.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int *a) {
  // CHECK: :[[@LINE+1]]:13: error: unknown OpenMP directive 'paralel'
#pragma omp paralel
  // CHECK-NEXT: {{^}}#pragma omp paralel{{$}}
  // CHECK-NEXT: {{^            \^$}}
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:13: error: unknown OpenMP directive 'parallelfor'
#pragma omp parallelfor
  // CHECK-NEXT: {{^}}#pragma omp parallelfor{{$}}
  for (int i = 0; i < 4; i++)
    a[i] = i;

  // CHECK: :[[@LINE+1]]:13: error: unknown OpenMP directive 'Parallel'
#pragma omp Parallel
  a[0] = 1;

  // CHECK: :[[@LINE+1]]:12: error: expected an OpenMP directive after '#pragma omp'
#pragma omp
  // CHECK-NEXT: {{^}}#pragma omp{{$}}
  a[0] = 1;

  // Not an identifier.
  // CHECK: :[[@LINE+1]]:13: error: unknown OpenMP directive '('
#pragma omp (parallel)
  a[0] = 1;
}
