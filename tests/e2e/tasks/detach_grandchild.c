// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: clang
// CLANG-THREADS: 2,4
//
// `taskwait` waits for the current task's children only, not for their descendants.  A child
// creates a detached grandchild (empty body) and stores its event handle; the creator's taskwait
// returns once the child has finished, although the grandchild is still incomplete (its event
// is not fulfilled); the creator then fulfils the event.  A taskwait that waited for all
// descendants would hang here (the run's timeout catches it).  The same with the grandchild's
// event fulfilled by a sibling of the child, and the whole pattern inside a taskgroup, which
// does wait for the grandchild (so the fulfilment must come from inside the group).
//
// Peers: libgomp 12 crashes in omp_fulfill_event when the detached task's parent has already
// finished (use after free), and gcc 12 at -O1 loses a handle written into a variable declared
// inside the child; libomp 16 stops any program with a detached task in a team of one thread
// (assertion in kmp_runtime.cpp:2427).  So: clang only, at 2 and 4 threads.

#include <omp.h>
#include <stdio.h>

static int failures;

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    /* One flag per round, alive until the end: a round's grandchild may run after the round. */
    int grandchild_ran[20] = {0};
    for (int r = 0; r < 20; r++) {
      omp_event_handle_t gev;
      int child_done = 0;
#pragma omp task shared(gev, child_done, grandchild_ran) firstprivate(r)
      {
        omp_event_handle_t e;
#pragma omp task detach(e) shared(grandchild_ran) firstprivate(r)
        {
#pragma omp atomic write
          grandchild_ran[r] = 1;
        }
        gev = e;
        child_done = 1;
      }
#pragma omp taskwait
      if (child_done != 1) {
        printf("FAIL detach_grandchild.c: round %d: taskwait returned before its child\n", r);
        failures++;
      }
      omp_fulfill_event(gev);
    }

    omp_event_handle_t shared_ev;
    int ok = 0;
#pragma omp taskgroup
    {
#pragma omp task shared(shared_ev)
      {
        omp_event_handle_t e;
#pragma omp task detach(e)
        {
        }
        shared_ev = e;
      }
#pragma omp taskwait
#pragma omp task shared(shared_ev, ok)
      {
        ok = 1;
        omp_fulfill_event(shared_ev);
      }
    }
    if (ok != 1) {
      printf("FAIL detach_grandchild.c: the fulfilling task did not run in the taskgroup\n");
      failures++;
    }
  }
  return failures != 0;
}
