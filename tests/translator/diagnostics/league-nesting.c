// A teams construct is closely nested in a target construct or in no construct (its league runs
// on an initial thread), and a distribute loop strictly nested in a teams construct: gcc's rules
// and messages.  A target teams distribute is fine, and so is an orphaned distribute loop (in a
// function that teams call: gcc's for-2.h; e2e/correctness/orphaned_distribute.c runs one).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, int *a) {
#pragma omp parallel
  // CHECK: :[[@LINE+1]]:13: error: 'teams' construct must be closely nested inside of 'target' construct or not nested in any OpenMP construct
#pragma omp teams
  a[0] = 1;
#pragma omp parallel
  // CHECK: :[[@LINE+1]]:13: error: 'distribute' region must be strictly nested inside 'teams' construct
#pragma omp distribute
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp target
  // CHECK: :[[@LINE+1]]:13: error: 'distribute' region must be strictly nested inside 'teams' construct
#pragma omp distribute
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp target
#pragma omp teams distribute
  for (int i = 0; i < n; i++) a[i] = i;
}

void orphaned(int n, int *a) {
#pragma omp distribute parallel for dist_schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;
}
