// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
// CLANG-THREADS: 2,4
//
// `detach(event)` and omp_fulfill_event (OpenMP 5.0): a detached task completes when its body
// has finished *and* its event has been fulfilled.
//  - a task's dependents wait for the fulfilment: T1 (detach, out: x) finishes its body at once;
//    T2, independent, sets a flag and then fulfils T1's event; T3 (in: x) must see the flag;
//  - taskwait and taskgroup wait for the fulfilment: the events of 32 detached tasks are
//    fulfilled by other tasks of the same group, each after setting its flag;
//  - an event fulfilled by the creator itself, before its taskwait.
// That taskwait waits for children only, shown with a detached grandchild, is in
// detach_grandchild.c (libgomp 12 crashes on it).
// gcc 12 at -O1 loses the handle written into an event variable declared inside a taskgroup
// block directly or in a task (it warns that the variable is uninitialized, and
// omp_fulfill_event crashes): the handles here are declared in the single's block or in a loop
// body, where gcc keeps them.
// libomp 16 stops any program with a detached task in a team of one thread (assertion in
// kmp_runtime.cpp:2427 at the region's end), so clang is checked at 2 and 4 threads only.

#define TEST_NAME "detach.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define K 32

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < 10; r++) {
      int x = 0, flag = 0, seen = -1;
      omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out: x) shared(x)
      x = 1;
#pragma omp task firstprivate(ev) shared(flag)
      {
#pragma omp atomic write
        flag = 1;
        omp_fulfill_event(ev);
      }
#pragma omp task depend(in: x) shared(flag, seen)
      {
#pragma omp atomic read
        seen = flag;
      }
#pragma omp taskwait
      CHECK(seen == 1, "round %d: the dependent of a detached task ran before fulfilment", r);
      CHECK(x == 1, "x = %d", x);
    }

    int body[K] = {0}, fulfilled[K] = {0}, after[K];
    omp_event_handle_t evs[K];
#pragma omp taskgroup
    {
      for (int k = 0; k < K; k++) {
        omp_event_handle_t e;
#pragma omp task detach(e) shared(body)
        body[k] = 1;
        evs[k] = e;
      }
      for (int k = 0; k < K; k++) {
#pragma omp task shared(fulfilled, evs)
        {
#pragma omp atomic write
          fulfilled[k] = 1;
          omp_fulfill_event(evs[k]);
        }
      }
    }
    for (int k = 0; k < K; k++)
      after[k] = body[k] + fulfilled[k];
    int bad = 0;
    for (int k = 0; k < K; k++)
      bad += after[k] != 2;
    CHECK(!bad, "taskgroup: %d detached tasks or fulfillers not done", bad);

    int own = 0;
    omp_event_handle_t e2;
#pragma omp task detach(e2) shared(own)
    own = 1;
    omp_fulfill_event(e2);
#pragma omp taskwait
    CHECK(own == 1, "a task fulfilled by its creator");
  }
  return failures != 0;
}
