// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// Tasks created with no barrier after them (`master`, `single nowait`) run on every thread of the
// team, also on threads that finished the region's function before the first task was created:
// those are called back to the team's tasks until the region ends (libgomp's threads wait at the
// end-of-region barrier).  Each case creates, after the other threads have left the function
// (they say so, then the creator sleeps 30 ms), pairs of tasks that can only finish when both
// run at the same time: each announces itself and waits for its partner (10 s at most, which
// counts as a failure).  A team of one has nothing to check: the program then only returns 0.
//  - master: the primary thread creates, the workers have left;
//  - single nowait run by thread 1: the primary thread waits at the join, the others have left;
//  - the same after a first task, which the primary thread runs at the join before it sleeps
//    there (it must wake for the pair);
//  - the same with nested creation: a task creates the pair;
//  - a region without tasks after one with them, and the reverse (the calls do not leak).

#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static int failures;

static void sleep_ms(int ms)
{
  struct timespec ts = {0, ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* Both tasks of a pair: returns 1 if the partner was seen running within 10 s. */
static atomic_int arrived[8];

static int meet(int pair)
{
  atomic_fetch_add(&arrived[pair], 1);
  for (int i = 0; i < 10000; i++) {
    if (atomic_load(&arrived[pair]) >= 2)
      return 1;
    sleep_ms(1);
  }
  return 0;
}

static atomic_int met, left;

static void make_pairs(int npairs)
{
  for (int p = 0; p < npairs; p++) {
    atomic_store(&arrived[p], 0);
  }
  for (int p = 0; p < npairs; p++) {
#pragma omp task firstprivate(p)
    atomic_fetch_add(&met, meet(p));
#pragma omp task firstprivate(p)
    atomic_fetch_add(&met, meet(p));
  }
}

static void expect(int want, const char *what)
{
  int got = atomic_load(&met);
  if (got != want) {
    printf("FAIL tasks_after_leaving.c: %s: %d of %d tasks met their partner\n", what, got, want);
    failures++;
  }
  atomic_store(&met, 0);
  atomic_store(&left, 0);
}

int main(void)
{
  const int nthreads = omp_get_max_threads();
  if (nthreads < 2)
    return 0;

  /* master: the workers leave first. */
#pragma omp parallel
  {
#pragma omp master
    {
      while (atomic_load(&left) < omp_get_num_threads() - 1)
        sleep_ms(1);
      sleep_ms(30);
      make_pairs(1);
    }
    if (omp_get_thread_num() != 0)
      atomic_fetch_add(&left, 1);
  }
  expect(2, "master");

  /* Thread 1 creates, the primary thread waits at the join. */
#pragma omp parallel
  {
    if (omp_get_thread_num() == 1) {
      while (atomic_load(&left) < omp_get_num_threads() - 1)
        sleep_ms(1);
      sleep_ms(30);
      make_pairs(1);
    } else {
      atomic_fetch_add(&left, 1);
    }
  }
  expect(2, "thread 1 creates");

  /* The same, after a first task: the primary thread, called back to the tasks, has run it and
     fallen asleep in its task-aware wait at the join before the pair comes. */
#pragma omp parallel
  {
    if (omp_get_thread_num() == 1) {
      while (atomic_load(&left) < omp_get_num_threads() - 1)
        sleep_ms(1);
#pragma omp task
      atomic_fetch_add(&left, 1);
      sleep_ms(30);
      make_pairs(1);
    } else {
      atomic_fetch_add(&left, 1);
    }
  }
  expect(2, "thread 1 creates after a first task");

  /* A task creates the pair. */
#pragma omp parallel
  {
    if (omp_get_thread_num() == nthreads - 1) {
      while (atomic_load(&left) < omp_get_num_threads() - 1)
        sleep_ms(1);
      sleep_ms(30);
#pragma omp task
      make_pairs(1);
    } else {
      atomic_fetch_add(&left, 1);
    }
  }
  expect(2, "nested");

  /* Regions without tasks after these, then with tasks again. */
  int sum = 0;
  for (int r = 0; r < 100; r++) {
#pragma omp parallel reduction(+ : sum)
    sum += 1;
  }
  if (sum != 100 * nthreads) {
    printf("FAIL tasks_after_leaving.c: task-free regions: sum %d\n", sum);
    failures++;
  }
  for (int r = 0; r < 20; r++) {
#pragma omp parallel
#pragma omp single nowait
    make_pairs(1);
    expect(2, "single nowait, repeated");
  }

  return failures != 0;
}
