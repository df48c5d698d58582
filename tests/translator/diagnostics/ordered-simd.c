// ordered simd must be closely nested in a simd loop (gcc's rule), and ordered threads simd in a
// for simd loop (gcc's rule; the nesting tester's finding); elsewhere, a located error and no
// output file.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DTHREADS 2>&1 | FileCheck %s --check-prefix=THREADS --implicit-check-not=error:
// RUN: not test -e %t.c

#ifndef THREADS
void f(int *a, int n) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
    // CHECK: :[[@LINE+1]]:13: error: '#pragma omp ordered simd' must be closely nested inside a 'simd' region
#pragma omp ordered simd
    a[i] = i;
  }
}
#else
void threads(int *a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    // THREADS: :[[@LINE+2]]:13: error: '#pragma omp ordered threads simd' must be closely nested inside of a 'for simd' region
    // THREADS: :[[@LINE-3]]:13: note: the simd loop
#pragma omp ordered threads simd
    a[i] = i;
  }
}
#endif
