// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
// PEERS: none  (libgomp 12 aborts: "couldn't find matching task_reduction"; Clang 16 rejects in_reduction on combined target constructs)
//
// in_reduction on target (OpenMP 5.0): a target region is a task of the encountering thread
// that takes part in the enclosing taskgroup's task reduction, alone or as the first part of a
// combined construct (target parallel, target parallel for, target teams distribute), deferred
// (nowait) or not, over scalars and array sections, next to tasks of the same group.  Scalars
// in in_reduction are mapped tofrom, not firstprivate as target's other scalars (GCC's
// target-in-reduction-1.c did not compile).  reduction(task, ...) on the combined target
// constructs, as gcc takes it.

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int x = 0, y = 0, z = 0, w = 0, arr[4] = {0};
  long q = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: x, y, z, w, arr, q)
    {
      for (int k = 0; k < 5; k++) {
#pragma omp target in_reduction(+: x) nowait
        x += k;
#pragma omp target parallel in_reduction(+: y) num_threads(2)
        {
#pragma omp atomic
          y += 1;
        }
#pragma omp target parallel for in_reduction(+: z)
        for (int i = 0; i < 10; i++) {
#pragma omp atomic
          z += i;
        }
#pragma omp target teams distribute in_reduction(+: w) num_teams(2)
        for (int i = 0; i < 4; i++) {
#pragma omp atomic
          w += 1;
        }
#pragma omp target in_reduction(+: arr[1:2])
        {
          arr[1] += 1;
          arr[2] += 2;
        }
#pragma omp task in_reduction(+: q)
        q += 100;
      }
    }
  }
  // reduction(task, ...) on the combined target constructs: the parallel's reduction, which
  // the tasks of its threads join (the target part maps the variable tofrom).
  long t = 0, u = 0;
#pragma omp target parallel for reduction(task, +: t) num_threads(3)
  for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+: t)
    t += i;
  }
#pragma omp target teams distribute parallel for reduction(task, +: u) num_teams(2)
  for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+: u)
    u += i;
  }
  if (t != 4950 || u != 4950) {
    printf("t %ld u %ld\n", t, u);
    return 1;
  }
  if (x != 10 || y != 10 || z != 225 || w != 20 || arr[0] != 0 || arr[1] != 5 || arr[2] != 10 ||
      arr[3] != 0 || q != 500) {
    printf("x %d y %d z %d w %d arr %d %d %d %d q %ld\n", x, y, z, w, arr[0], arr[1], arr[2],
           arr[3], q);
    return 1;
  }
  return 0;
}
