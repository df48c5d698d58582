// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_CANCELLATION=false OMP_NUM_THREADS=3 %o2n-run %t
// Under ThreadSanitizer, which must report nothing:
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan %}
//
// A dynamic loop runs on its work-share slot's counter without initialising the slot: the last
// thread out of every construct resets the slot (runtime/work.c).  A cancelled region can leave
// a construct that not every thread reached: here thread 0 cancels the region before its
// dynamic loop, which the other threads run whole, so the slot keeps their count of departures
// and a counter past the loop's end.  The next region gets the same team block back
// (runtime/team.c, its spare), and its first constructs use the same slots: every iteration of
// its dynamic loops, and of the guided and dynamic loops that follow in the ring, must run
// exactly once.  Without cancellation, the first region runs its loop like any other.

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>

enum { N = 1000, ROUNDS = 30, LOOPS = 12 };

static atomic_int hits[LOOPS][N];
static atomic_int cancelled_hits[N];
static int failures;

static void check_once(atomic_int *h, int n, const char *what, int round, int loop)
{
  for (int i = 0; i < n; i++)
    if (atomic_load(&h[i]) != 1 && failures++ < 10)
      fprintf(stderr, "dynamic_after_cancelled_region.c: round %d, %s loop %d: iteration %d ran "
              "%d times\n", round, what, loop, i, atomic_load(&h[i]));
}

static void cancelled_region(void)
{
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
    }
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < N; i++)
      atomic_fetch_add(&cancelled_hits[i], 1);
#pragma omp cancellation point parallel
  }
}

// More constructs than the work-share ring has slots, alternating the kinds that use a slot's
// counter alone (dynamic) and that initialise it (guided).
static void next_region(void)
{
#pragma omp parallel
  for (int l = 0; l < LOOPS; l++) {
    if (l % 3 == 2) {
#pragma omp for schedule(guided, 2) nowait
      for (int i = 0; i < N; i++)
        atomic_fetch_add(&hits[l][i], 1);
    } else {
#pragma omp for schedule(dynamic, 3) nowait
      for (int i = 0; i < N; i++)
        atomic_fetch_add(&hits[l][i], 1);
    }
  }
}

int main(void)
{
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < N; i++)
      atomic_store(&cancelled_hits[i], 0);
    for (int l = 0; l < LOOPS; l++)
      for (int i = 0; i < N; i++)
        atomic_store(&hits[l][i], 0);
    cancelled_region();
    // Cancelled, thread 0 skipped the loop and each other thread may have run any part of it;
    // without cancellation every iteration ran once.
    if (!omp_get_cancellation())
      check_once(cancelled_hits, N, "uncancelled", round, 0);
    next_region();
    for (int l = 0; l < LOOPS; l++)
      check_once(hits[l], N, "next region's", round, l);
  }
  if (failures)
    return 1;
  printf("dynamic_after_cancelled_region.c: %d rounds passed\n", ROUNDS);
  return 0;
}
