// Cancellation in gcc -fopenmp code on libomp2numa (OMP_CANCELLATION=true): cancel parallel
// (with the cancellable barriers), cancel for (GOMP_loop_end_cancel; also in static loops, which
// gcc schedules itself), cancel sections
// (GOMP_sections_end_cancel), cancel taskgroup (tasks not started are discarded), and
// cancellation points; without OMP_CANCELLATION every cancel is ignored.
// REQUIRES: gcc-openmp
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %gomp-ways %s %t | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=4 %gomp-ways %s %t direct | FileCheck %s --check-prefix=ONE
// And the same program on libgomp, to compare with:
// RUN: %gomp-cc %s -o %t.libgomp && env OMP_CANCELLATION=true %t.libgomp | FileCheck %s --check-prefix=GOMP
// RUN: %t.libgomp | FileCheck %s --check-prefix=GOMP
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

enum { N = 10000 };

int main(void)
{
  print_runtime();
  const int on = omp_get_cancellation();
  /* cancel parallel: every thread leaves at a cancellation point or barrier */
  int after = 0;
#pragma omp parallel num_threads(4) shared(after)
  {
    if (omp_get_thread_num() == 1) {
#pragma omp cancel parallel
    }
#pragma omp barrier
#pragma omp atomic
    after++;
  }
  CHECK(on ? after == 0 : after == omp_get_max_threads() || after == 4, "parallel: %d after", after);
  /* cancel for: the iterations after the cancel are (mostly) not run */
  int ran = 0;
#pragma omp parallel num_threads(4) reduction(+: ran)
  {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < N; i++) {
      if (i == 10) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
      ran++;
    }
  }
  CHECK(on ? ran < N : ran == N, "for: %d of %d ran", ran, N);
  /* cancel for in a static loop, whose chunks gcc computes itself (no GOMP_loop_start), in teams
     of 4 and 1; the next loop of the region is not cancelled */
  for (int nt = 4; nt >= 1; nt -= 3) {
    int first = 0, second = 0;
#pragma omp parallel num_threads(nt) reduction(+: first, second)
    {
#pragma omp for schedule(static)
      for (int i = 0; i < N; i++) {
#pragma omp cancel for
        first++;
      }
#pragma omp for schedule(static)
      for (int i = 0; i < N; i++) {
#pragma omp cancellation point for
        second++;
      }
    }
    CHECK(on ? first == 0 && second == N : first == N && second == N,
          "static for, %d threads: %d, then %d of %d ran", nt, first, second, N);
  }
  /* cancel sections */
  int sec = 0;
#pragma omp parallel num_threads(2)
#pragma omp sections reduction(+: sec)
  {
#pragma omp section
    {
#pragma omp cancel sections
      sec += 1;
    }
#pragma omp section
    {
#pragma omp cancellation point sections
      sec += 10;
    }
  }
  CHECK(on ? sec == 0 || sec == 10 : sec == 11, "sections: %d", sec);
  /* cancel taskgroup: tasks that have not started are discarded */
  int tasks = 0, cancelled = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskgroup
  {
    for (int i = 0; i < N; i++) {
#pragma omp task shared(tasks, cancelled) firstprivate(i)
      {
        if (i == 0) {
#pragma omp atomic write
          cancelled = 1;
#pragma omp cancel taskgroup
        }
#pragma omp cancellation point taskgroup
#pragma omp atomic
        tasks++;
      }
      /* Another thread starts task 0 (the team has four) before the others are made. */
      for (int c = 0; i == 0 && !c;) {
#pragma omp atomic read
        c = cancelled;
      }
    }
  }
  CHECK(on ? tasks < N : tasks == N, "taskgroup: %d of %d ran", tasks, N);
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
