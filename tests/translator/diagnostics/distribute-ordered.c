// distribute parallel for [simd] takes no ordered clause, with or without a parameter (OpenMP
// 5.0; gcc's message, at the clause): its iterations run in blocks of the league's teams, each
// a loop of its own.  A dist_schedule chunk is translated (lower/target/teams.c).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:56: error: 'ordered' is not valid for '#pragma omp distribute parallel for'
#pragma omp teams distribute parallel for num_teams(2) ordered
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp teams distribute parallel for num_teams(2) dist_schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;
}
