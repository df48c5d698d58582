// Standard OpenMP directives and clauses that omp2numa does not implement yet are rejected with
// an error that says so, at the directive's (or clause's) name, never dropped.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp dispatch': this directive is not supported yet
#pragma omp dispatch
  // CHECK-NEXT: {{^}}#pragma omp dispatch{{$}}
  // CHECK-NEXT: {{^            \^$}}
  for (int i = 0; i < n; i++) a[i] = i;
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp interop': this directive is not supported yet
#pragma omp interop
  // The loop transformations are dropped, but their clauses are checked.
  // CHECK: :[[@LINE+1]]:13: error: '#pragma omp tile' needs a 'sizes' clause
#pragma omp tile
  for (int i = 0; i < n; i++) a[i] = i;
  // CHECK: :[[@LINE+1]]:20: error: unknown clause 'sideways' in '#pragma omp unroll'
#pragma omp unroll sideways
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK: :[[@LINE+1]]:47: error: clause 'uses_allocators' is not supported yet
#pragma omp target map(tofrom: a[0:n]) nowait uses_allocators(omp_default_mem_alloc)
  for (int i = 0; i < n; i++) a[i] = i;
}
