// order(concurrent) is accepted on for and parallel for without effect; with the reproducible
// modifier the loop is scheduled static (chunk kept), so that two such loops with the same
// iterations give each thread the same ones and a nowait between them is safe.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK: __o2n_loop = {{{.*}}, __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK: __o2n_loop = {{{.*}}, __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
// CHECK: __o2n_loop = {{{.*}}, __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
void f(int *a, int n) {
#pragma omp parallel
  {
#pragma omp for nowait schedule(dynamic, 2) order(concurrent)
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma omp for nowait schedule(dynamic, 2) order(reproducible: concurrent)
    for (int i = 0; i < n; i++)
      a[i] += i;
  }
#pragma omp parallel for order(unconstrained: concurrent)
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}
