// distribute parallel for shares one block of iterations per team among the team's threads; a
// dist_schedule chunk (several blocks per team) is not supported yet, and says so at the clause.
// Without the chunk, or on a distribute loop alone, it is translated (lower/target/teams.c).
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:56: error: 'dist_schedule' with a chunk size on '#pragma omp distribute parallel for' is not supported yet (omit the chunk: one block per team)
#pragma omp teams distribute parallel for num_teams(2) dist_schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp teams distribute num_teams(2) dist_schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;
}
