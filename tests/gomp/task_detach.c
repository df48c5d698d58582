// detach(event) on tasks of gcc -fopenmp code on libomp2numa: a successor waits for the event,
// which another task fulfils (omp_fulfill_event), and an undeferred detached task makes the
// encountering task wait for its event, as libgomp does.
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

#define REQUIRE(c) CHECK(c, "%s", #c)

int main(void)
{
  print_runtime();
  for (int rep = 0; rep < 50; rep++) {
    int x = 0, y = 0, done = 0;
#pragma omp parallel
#pragma omp single
    {
      omp_event_handle_t ev;
      /* the task's body ends before its event is fulfilled: its successor waits for the event */
#pragma omp task detach(ev) depend(out: x) shared(x)
      x = 1;
#pragma omp task depend(in: x) shared(x, y)
      y = x + 1;
#pragma omp task firstprivate(ev) shared(done)
      {
#pragma omp atomic write
        done = 1;
        omp_fulfill_event(ev);
      }
#pragma omp taskwait
      REQUIRE(x == 1 && y == 2 && done == 1);
      /* an undeferred detached task: the encountering task goes on once the event is fulfilled */
      omp_event_handle_t ev2;
      int z = 0;
#pragma omp task detach(ev2) if(0) shared(z)
      {
#pragma omp task firstprivate(ev2) shared(z)
        {
#pragma omp atomic write
          z = 5;
          omp_fulfill_event(ev2);
        }
      }
      int zz;
#pragma omp atomic read
      zz = z;
      REQUIRE(zz == 5);
    }
  }
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
