// Directives belong inside function bodies: at file scope, before or between functions, they are
// errors at the directive's name.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

// CHECK: :[[@LINE+1]]:13: error: '#pragma omp parallel' must appear inside a function body
#pragma omp parallel
// CHECK-NEXT: {{^}}#pragma omp parallel{{$}}
// CHECK-NEXT: {{^            \^$}}
int g;

// CHECK: :[[@LINE+1]]:13: error: '#pragma omp parallel for' must appear inside a function body
#pragma omp parallel for
void f(int n, int *a) {
  for (int i = 0; i < n; i++)
    a[i] = i;
}

// CHECK: :[[@LINE+1]]:13: error: '#pragma omp barrier' must appear inside a function body
#pragma omp barrier

struct s {
  int x;
// CHECK: :[[@LINE+1]]:13: error: '#pragma omp for' must appear inside a function body
#pragma omp for
  int y;
};
