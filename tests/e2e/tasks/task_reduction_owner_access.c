// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// PEERS: gcc
//
// The task that runs a taskgroup may read and write a task_reduction variable in the group's
// body while the group's in_reduction tasks run: they combine their copies into the group's
// accumulator, which is combined into the variable at the group's end (as gcc does), so the
// body's own updates and the tasks' results all count.  (Before, each task combined into the
// variable itself when it ended, under the runtime's lock that the body does not take: GCC's
// task-reduction-4.c, whose bar (p) does p[0] *= 2 between creating in_reduction tasks, lost an
// update about 1 run in 2000 under load.)
//
// The interleaving is forced here: the body reads x, lets the other thread run the task to its
// end, then writes x back.  Combining at the task's end gives 11 (the task's +1 is lost), gcc 12.
#define _POSIX_C_SOURCE 200809L
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static atomic_int ran;

static void sleep_ms(long ms)
{
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

int main(void)
{
  long long x = 1;
  int seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: x)
    {
#pragma omp task in_reduction(+: x)
      {
        x += 1;
        atomic_store(&ran, 1);
      }
      long long v = x;
      /* The other thread takes the task (this one is at no scheduling point); up to 2 s. */
      for (int i = 0; i < 2000 && !atomic_load(&ran); i++)
        sleep_ms(1);
      seen = atomic_load(&ran);
      sleep_ms(20); /* the task's end, and its combination if it is done there */
      x = v + 10;
    }
  }
  if (x != 12) {
    fprintf(stderr, "x = %lld, expected 12 (the task ran before the write: %d)\n", x, seen);
    abort();
  }
  return 0;
}
