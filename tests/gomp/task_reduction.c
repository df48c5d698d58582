// Task reductions of gcc -fopenmp code on libomp2numa: task_reduction on taskgroup (nested, with
// arrays and several items), reduction(task, ...) on parallel, for, sections and scope,
// in_reduction on tasks and taskloops, and orphaned taskgroups outside a region.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_NUM_THREADS=4 %t.libgomp | FileCheck %s --check-prefix=GOMP
// CHECK: == direct
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == preload
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// CHECK-NEXT: == libdir
// CHECK-NEXT: runtime: omp2numa
// CHECK-NEXT: ok
// ONE: == direct
// ONE-NEXT: runtime: omp2numa
// ONE-NEXT: ok
// GOMP: runtime: other
// GOMP-NEXT: ok
#include "on_omp2numa.h"

#include <omp.h>

enum { N = 200 };

static void taskgroups(void)
{
  long s = 0, t = 0;
  int a[4] = {0};
  double m = 1;
#pragma omp taskgroup task_reduction(+: s) task_reduction(*: m)
  {
    for (int i = 0; i < N; i++)
#pragma omp task in_reduction(+: s) firstprivate(i)
      s += i;
#pragma omp task in_reduction(*: m)
    m *= 4;
#pragma omp taskgroup task_reduction(+: t, a[0:4])
    {
      for (int i = 0; i < N; i++)
#pragma omp task in_reduction(+: s, t, a[0:4]) firstprivate(i)
        {
          s += 1;
          t += 2;
          a[i % 4] += 1;
        }
    }
    CHECK(t == 2 * N && a[0] == N / 4 && a[3] == N / 4, "inner taskgroup: t %ld a[0] %d", t, a[0]);
  }
  CHECK(s == (long)N * (N - 1) / 2 + N && m == 4, "taskgroup: s %ld m %g", s, m);
}

static void worksharing(int *failed)
{
  long s = 0, u = 0;
#pragma omp parallel reduction(task, +: s) shared(u)
  {
#pragma omp for reduction(task, +: u)
    for (int i = 0; i < N; i++)
#pragma omp task in_reduction(+: s, u) firstprivate(i)
      {
        s += i;
        u += 1;
      }
#pragma omp sections reduction(task, +: u)
    {
#pragma omp section
#pragma omp task in_reduction(+: u)
      u += 10;
#pragma omp section
      u += 100;
    }
#pragma omp single
#pragma omp taskloop in_reduction(+: s) grainsize(7)
    for (int i = 0; i < N; i++)
      s += 1;
#pragma omp scope reduction(task, +: u)
    {
#pragma omp task in_reduction(+: u)
      u += 1000;
    }
  }
  const long scope = 1000L * omp_get_max_threads();
  if (s != (long)N * (N - 1) / 2 + N || u != N + 110 + scope) {
    printf("FAIL worksharing: s %ld u %ld\n", s, u);
    (*failed)++;
  }
}

int main(void)
{
  print_runtime();
  for (int rep = 0; rep < 10; rep++) {
#pragma omp parallel
#pragma omp single
    taskgroups();
    worksharing(&failures);
  }
  taskgroups(); /* outside a region */
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
