// OMP_SCHEDULE=adaptive reaches the schedule(runtime) loops of gcc-compiled code
// (GOMP_parallel_loop_maybe_nonmonotonic_runtime, GOMP_loop_maybe_nonmonotonic_runtime_*):
// an irregular loop, whose second half sleeps, is balanced by stealing, and OMP2NUMA_STATS
// reports each loop by its call site (the caller's symbol or object, and the return address's
// offset), with steals.  fac2 reaches them too.
// REQUIRES: gcc-openmp
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=adaptive OMP2NUMA_STATS=1 %gomp-ways %s %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.err
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=fac2 OMP2NUMA_STATS=1 %gomp-ways %s %t direct 2>&1 | FileCheck %s --check-prefix=FAC2
// OUT: == direct
// OUT-NEXT: ok
// OUT-NEXT: == preload
// OUT-NEXT: ok
// OUT-NEXT: == libdir
// OUT-NEXT: ok
// Two loops per way, each a schedule(runtime) loop named by its call site, with a thread that stole.
// CHECK: omp2numa statistics: 2 loops
// CHECK: loop {{.*}}+0x{{[0-9a-f]+}}: schedule adaptive, 2 executions
// CHECK: {{^ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +([1-9][0-9]* +[0-9]+|[0-9]+ +[1-9][0-9]*) }}
// CHECK: loop {{.*}}+0x{{[0-9a-f]+}}: schedule adaptive, 2 executions
// CHECK: {{^ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +([1-9][0-9]* +[0-9]+|[0-9]+ +[1-9][0-9]*) }}
// CHECK: omp2numa statistics: 2 loops
// CHECK: omp2numa statistics: 2 loops
// FAC2: loop {{.*}}+0x{{[0-9a-f]+}}: schedule fac2, 2 executions
#include "on_omp2numa.h"

#include <unistd.h>

enum { N = 64 };

static void work(int i)
{
  if (i >= N / 2)
    usleep(2000);
}

int main(void)
{
  int hits[N] = {0};
  for (int rep = 0; rep < 2; rep++) {
#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < N; i++) {
      work(i);
      hits[i]++;
    }
#pragma omp parallel
    {
#pragma omp for schedule(runtime) nowait
      for (int i = 0; i < N; i++) {
        work(i);
        hits[i]++;
      }
    }
  }
  for (int i = 0; i < N; i++)
    CHECK(hits[i] == 4, "iteration %d ran %d times", i, hits[i]);
  if (failures)
    return 1;
  printf("ok\n");
  return 0;
}
