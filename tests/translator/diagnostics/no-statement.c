// A directive that applies to a statement must be followed by one in the same block: a pragma
// just before a closing brace, or at the end of a case, is an error at the directive's name.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

void f(int n, int *a) {
  if (n) {
    a[0] = 1;
    // CHECK: :[[@LINE+1]]:13: error: expected a statement after '#pragma omp parallel'
#pragma omp parallel
    // CHECK-NEXT: {{^}}#pragma omp parallel{{$}}
    // CHECK-NEXT: {{^            \^$}}
  }
  switch (n) {
  case 1:
    a[1] = 1;
    // CHECK: :[[@LINE+1]]:13: error: expected a statement after '#pragma omp for'
#pragma omp for
  }
  // CHECK: :[[@LINE+1]]:13: error: expected a statement after '#pragma omp parallel for'
#pragma omp parallel for schedule(static)
}
