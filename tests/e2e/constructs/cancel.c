// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=5 %o2n-run %t > %t.o2n.out
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_CANCELLATION=false OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=5 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// cancel and cancellation point for parallel, for, sections and taskgroup.  Each check holds
// whether cancellation is enabled or not (OMP_CANCELLATION), and what cancellation may skip is
// checked against what it must not: a search stops early but finds its target, a cancelled
// region's barriers and reductions do not hang the threads that never reach them, the tasks of
// a cancelled taskgroup that had not started are discarded and the others complete.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "cancel.c:%d: ", __LINE__);                                                  \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fprintf(stderr, "\n");                                                                       \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

enum { N = 100000 };
static int data[N];

/* A parallel search that cancels the loop once found: every thread stops at its next
   cancellation point, and the result is the one element with the key. */
static void search_for(int key)
{
  int found = -1, visited = 0;
#pragma omp parallel shared(found, visited)
  {
    /* Not a reduction: a cancelled construct leaves its reduction variables unspecified. */
#pragma omp for schedule(dynamic, 64)
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      visited++;
      if (data[i] == key) {
#pragma omp atomic write
        found = i;
#pragma omp cancel for
      }
#pragma omp cancellation point for
    }
  }
  CHECK(found == key, "search found %d, expected %d", found, key);
  CHECK(visited >= 1 && visited <= N, "visited %d", visited);
  if (omp_get_cancellation() && omp_get_max_threads() == 1)
    CHECK(visited == key + 1, "one thread visited %d elements after finding %d", visited, key);
}

/* A loop without a schedule clause (static blocks, which the runtime hands out without a
   work-share slot): the thread of iteration 0 cancels it there, and every other thread stays at
   a cancellation point until it sees the cancellation, which ends its part at once, or, with
   cancellation disabled, until the first thread has passed its cancel.  The next loop of the
   same region is not cancelled. */
static void cancel_static(void)
{
  int passed = 0, after = 0, next_loop = 0;
#pragma omp parallel shared(passed, after, next_loop)
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
      if (i == 0) {
#pragma omp cancel for
#pragma omp atomic write
        passed = 1;
      } else {
        int seen = 0;
        while (!seen) {
#pragma omp cancellation point for
#pragma omp atomic read
          seen = passed;
        }
      }
#pragma omp cancellation point for
#pragma omp atomic
      after++;
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp cancellation point for
#pragma omp atomic
      next_loop++;
    }
  }
  CHECK(after == (omp_get_cancellation() ? 0 : N), "%d iterations after the cancel", after);
  CHECK(next_loop == N, "the next loop ran %d iterations", next_loop);
}

/* A region cancelled by one thread while the others wait in barriers and reductions of the
   region: nobody waits for a thread that has left. */
static void cancel_region(void)
{
  int after_cancel = 0, singles = 0;
  long total = 0;
#pragma omp parallel shared(after_cancel, singles, total)
  {
    for (int round = 0; round < 50; round++) {
#pragma omp for reduction(+ : total)
      for (int i = 0; i < 100; i++)
        total += i;
      if (round == 20 && omp_get_thread_num() == omp_get_num_threads() - 1) {
#pragma omp cancel parallel
      }
#pragma omp barrier
      if (round > 20 && omp_get_cancellation()) {
#pragma omp atomic
        after_cancel++;
      }
#pragma omp single
      singles++;
    }
  }
  if (omp_get_cancellation()) {
    CHECK(after_cancel == 0, "%d threads went on past the cancelled barrier", after_cancel);
    CHECK(singles <= 21, "%d single constructs ran in 21 rounds", singles);
  } else {
    CHECK(total == 50 * 4950L && singles == 50, "total %ld, singles %d", total, singles);
  }
}

/* cancel sections: the cancelling section's thread leaves at once; a section that has not
   started by then need not run, and one that did runs to its cancellation point. */
static void cancel_sections(void)
{
  int ran_after = 0, first = 0;
#pragma omp parallel num_threads(2)
#pragma omp sections
  {
#pragma omp section
    {
      first = 1;
#pragma omp cancel sections
      ran_after = 1;
    }
#pragma omp section
    {
#pragma omp cancellation point sections
      first += 0;
    }
  }
  CHECK(first == 1, "the first section ran");
  CHECK(ran_after == !omp_get_cancellation(), "code after cancel sections ran: %d", ran_after);
}

/* cancel taskgroup: tasks of the group that have not started are discarded, started ones end
   at their cancellation point; tasks outside the group all run. */
static void cancel_taskgroup(void)
{
  int ran = 0, outside = 0, canceller_ran = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
      for (int t = 0; t < 1000; t++) {
#pragma omp task shared(ran, canceller_ran)
        {
#pragma omp atomic
          ran++;
          if (t == 10) {
            canceller_ran = 1;
#pragma omp cancel taskgroup
          }
#pragma omp cancellation point taskgroup
        }
      }
    }
    for (int t = 0; t < 100; t++) {
#pragma omp task shared(outside)
      {
#pragma omp atomic
        outside++;
      }
    }
  }
  CHECK(outside == 100, "tasks outside the cancelled group: %d of 100", outside);
  /* Tasks of the group may start in any order: a task created before the
     cancelling one but not yet started when it cancels is discarded, so only
     the cancelling task itself is sure to have run. */
  CHECK(canceller_ran, "the cancelling task did not run");
  if (omp_get_cancellation())
    CHECK(ran >= 1 && ran <= 1000, "tasks run in the cancelled group: %d", ran);
  else
    CHECK(ran == 1000, "tasks run without cancellation: %d", ran);
}

/* A false if clause does not cancel; the construct is still a cancellation point. */
static void cancel_if_false(void)
{
  int count = 0;
#pragma omp parallel
#pragma omp for reduction(+ : count)
  for (int i = 0; i < 1000; i++) {
#pragma omp cancel for if (cancel : i < 0)
    count++;
  }
  CHECK(count == 1000, "count %d", count);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    data[i] = i;
  search_for(7);
  search_for(N / 2 + 3);
  search_for(N - 1);
  cancel_static();
  cancel_region();
  cancel_sections();
  cancel_taskgroup();
  cancel_if_false();
  printf("cancel: ok\n");
  return 0;
}
