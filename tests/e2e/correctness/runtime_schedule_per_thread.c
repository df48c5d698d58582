// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive %o2n-run %t
// Under ThreadSanitizer, which must report nothing:
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan %}
//
// run-sched-var belongs to each implicit task: a thread that calls omp_set_schedule in a region
// changes its own only, and a schedule(runtime) loop then reads a different schedule in
// different threads.  When the schedules disagree between dynamic, which runs on the
// work-share slot's counter alone, and a schedule that initialises the slot (guided here), or
// between two chunk sizes of dynamic, the first thread's decides how the slot is used and the
// others follow it (runtime/loop.c, counter loops): whichever thread comes first, every
// iteration runs exactly once, as with libgomp, whose dynamic and guided threads take their
// chunks from one shared counter.  Odd threads set dynamic, even ones guided or another dynamic
// chunk; one thread lags before each round so that each kind of thread is sometimes first.

#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

enum { N = 517, ROUNDS = 40, LOOPS = 3 };

static atomic_int hits[ROUNDS][LOOPS][N];

static void lag(void)
{
  struct timespec pause = {0, 50000};
  nanosleep(&pause, NULL);
}

int main(void)
{
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    for (int r = 0; r < ROUNDS; r++) {
      if (t == r % omp_get_num_threads())
        lag();
      // Loop 0: dynamic,1 against guided,2; loop 1: dynamic,1 against dynamic,5; loop 2: the
      // same for all (dynamic,3), after the disagreements.
      omp_set_schedule(t % 2 ? omp_sched_dynamic : omp_sched_guided, t % 2 ? 1 : 2);
#pragma omp for schedule(runtime) nowait
      for (int i = 0; i < N; i++)
        atomic_fetch_add(&hits[r][0][i], 1);
      omp_set_schedule(omp_sched_dynamic, t % 2 ? 1 : 5);
#pragma omp for schedule(runtime) nowait
      for (int i = 0; i < N; i++)
        atomic_fetch_add(&hits[r][1][i], 1);
      omp_set_schedule(omp_sched_dynamic, 3);
#pragma omp for schedule(runtime) nowait
      for (int i = 0; i < N; i++)
        atomic_fetch_add(&hits[r][2][i], 1);
    }
  }
  int failures = 0;
  for (int r = 0; r < ROUNDS; r++)
    for (int l = 0; l < LOOPS; l++)
      for (int i = 0; i < N; i++)
        if (atomic_load(&hits[r][l][i]) != 1 && failures++ < 10)
          fprintf(stderr, "runtime_schedule_per_thread.c: round %d, loop %d: iteration %d ran %d "
                  "times\n", r, l, i, atomic_load(&hits[r][l][i]));
  if (failures)
    return 1;
  printf("runtime_schedule_per_thread.c: %d rounds passed\n", ROUNDS);
  return 0;
}
