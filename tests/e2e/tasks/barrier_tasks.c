// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Barriers complete every task of the team: after an explicit `barrier`, an implicit barrier
// (end of `for`, `single`, `sections`) or the end of the region, all tasks created before it by
// any thread of the team, and all their descendants, have finished.
//  - every thread creates 200 tasks of uneven length (thread 0's are the slowest), then
//    `barrier`; every thread then checks every flag of every thread;
//  - tasks that create tasks (three levels), then barrier;
//  - tasks created by `single nowait`, then an explicit barrier;
//  - tasks created in a `for nowait` loop, completed by the end of the region;
//  - 10 rounds of create/barrier/check in one region, with the flags cleared between rounds
//    (behind a second barrier).

#define TEST_NAME "barrier_tasks.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define MAXT 16
#define K 200
static int flag[MAXT][K];
static int deep[MAXT][4][4][4];

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

static int count_flags(int nth)
{
  int n = 0;
  for (int t = 0; t < nth && t < MAXT; t++)
    for (int k = 0; k < K; k++)
      n += flag[t][k];
  return n;
}

int main(void)
{
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nth = omp_get_num_threads();
    int want = (nth < MAXT ? nth : MAXT) * K;
    for (int round = 0; round < 10; round++) {
      if (t < MAXT)
        for (int k = 0; k < K; k++) {
#pragma omp task
          {
            spin(t == 0 ? (k % 5) * 3000 : 0);
            flag[t][k] = 1;
          }
        }
#pragma omp barrier
      int n = count_flags(nth);
      CHECK(n == want, "round %d, thread %d after barrier: %d of %d tasks done", round, t, n,
            want);
#pragma omp barrier
      if (t < MAXT)
        memset(flag[t], 0, sizeof flag[t]);
#pragma omp barrier
    }

    if (t < MAXT) {
      for (int a = 0; a < 4; a++) {
#pragma omp task
        for (int b = 0; b < 4; b++) {
#pragma omp task
          for (int c = 0; c < 4; c++) {
#pragma omp task
            {
              spin(c * 2000);
              deep[t][a][b][c] = 1;
            }
          }
        }
      }
    }
#pragma omp barrier
    int missing = 0;
    for (int u = 0; u < nth && u < MAXT; u++)
      for (int i = 0; i < 64; i++)
        missing += !(&deep[u][0][0][0])[i];
    CHECK(!missing, "thread %d: %d grandchild tasks not done at the barrier", t, missing);
#pragma omp barrier
#pragma omp single nowait
    {
      for (int k = 0; k < K; k++) {
#pragma omp task
        {
          spin(1000);
          flag[0][k] = 2;
        }
      }
    }
#pragma omp barrier
    int two = 0;
    for (int k = 0; k < K; k++)
      two += flag[0][k] == 2;
    CHECK(two == K, "single nowait + barrier: %d of %d", two, K);
#pragma omp for nowait
    for (int k = 0; k < K; k++) {
#pragma omp task
      flag[1 % MAXT][k] = 3;
    }
  }
  int three = 0;
  for (int k = 0; k < K; k++)
    three += flag[1 % MAXT][k] == 3;
  CHECK(three == K, "for nowait, end of region: %d of %d", three, K);
  return failures != 0;
}
