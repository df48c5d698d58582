// ordered simd must be closely nested in a simd loop (gcc's rule); elsewhere, a located error and
// no output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int *a, int n) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp ordered simd' must be closely nested inside a 'simd' region
#pragma omp ordered simd
    a[i] = i;
  }
}
