// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// `taskwait` waits for the current task's child tasks:
//  - children of uneven length (some spin, some not) all have finished, with their writes
//    visible, when taskwait returns; repeated in several rounds with taskwait between rounds;
//  - a taskwait with no child returns (in the implicit task, in an explicit task, outside any
//    region);
//  - taskwait inside a child waits for that child's own children (grandchildren of the
//    creator): each child sums its grandchildren's values after its own taskwait;
//  - taskwait in every thread's implicit task of the team at once.
// That taskwait does not wait for grandchildren is checked in detach.c (it needs a task that
// cannot complete before the waiting task goes on).

#define TEST_NAME "taskwait.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define K 40
#define ROUNDS 5

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

static void rounds(int tid)
{
  int done[K];
  for (int r = 0; r < ROUNDS; r++) {
    for (int k = 0; k < K; k++)
      done[k] = 0;
    for (int k = 0; k < K; k++) {
#pragma omp task shared(done)
      {
        spin((k % 4) * 20000);
        done[k] = r + 1;
      }
    }
#pragma omp taskwait
    int bad = 0;
    for (int k = 0; k < K; k++)
      bad += done[k] != r + 1;
    CHECK(!bad, "thread %d round %d: %d children not finished after taskwait", tid, r, bad);
  }
}

int main(void)
{
#pragma omp taskwait
#pragma omp parallel
  {
#pragma omp taskwait
    int tid = omp_get_thread_num();
    rounds(tid);
#pragma omp barrier
#pragma omp single
    {
      long sums[8];
      for (int c = 0; c < 8; c++) {
#pragma omp task shared(sums)
        {
#pragma omp taskwait
          long part[8];
          for (int g = 0; g < 8; g++) {
#pragma omp task shared(part)
            {
              spin(g * 10000);
              part[g] = 10 * c + g;
            }
          }
#pragma omp taskwait
          long s = 0;
          for (int g = 0; g < 8; g++)
            s += part[g];
          sums[c] = s;
        }
      }
#pragma omp taskwait
      for (int c = 0; c < 8; c++)
        CHECK(sums[c] == 80 * c + 28, "child %d: grandchildren sum %ld, want %d", c, sums[c],
              80 * c + 28);
    }
  }
  rounds(0);
  return failures != 0;
}
