// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Stress: many small tasks.
//  - 100000 tasks created by one thread (`single`), each incrementing its own slot and an
//    atomic counter: every slot is 1 and the counter is 100000 after the single's barrier;
//  - 100000 tasks created by all threads at once (an `omp for` with a task per iteration);
//  - 100000 tasks with no taskwait in a task-creating task (a deep queue that the region's end
//    must drain);
//  - 20 rounds of 5000 tasks each, separated by taskwait, with a 64-byte firstprivate struct
//    per task (the creation path that copies data).

#define TEST_NAME "many_tasks.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100000
static unsigned char slot[N];
static long counter;

struct payload {
  long v[8];
};

static int all_once(void)
{
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += slot[i] != 1;
  memset(slot, 0, sizeof slot);
  return bad;
}

int main(void)
{
#pragma omp parallel
  {
#pragma omp single
    for (int i = 0; i < N; i++) {
#pragma omp task
      {
        slot[i]++;
#pragma omp atomic
        counter++;
      }
    }
#pragma omp single
    {
      CHECK(counter == N, "single: counter %ld", counter);
      CHECK(!all_once(), "single: slots not once");
      counter = 0;
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp task
      {
        slot[i]++;
#pragma omp atomic
        counter++;
      }
    }
#pragma omp single
    {
      CHECK(counter == N, "omp for: counter %ld", counter);
      CHECK(!all_once(), "omp for: slots not once");
#pragma omp task
      for (int i = 0; i < N; i++) {
#pragma omp task
        slot[i]++;
      }
    }
#pragma omp single
    CHECK(!all_once(), "from a task: slots not once");

#pragma omp single
    {
      long sum = 0;
      for (int r = 0; r < 20; r++) {
        struct payload p;
        for (int k = 0; k < 8; k++)
          p.v[k] = r + k;
        for (int i = 0; i < 5000; i++) {
#pragma omp task firstprivate(p) shared(sum)
          {
            long s = 0;
            for (int k = 0; k < 8; k++)
              s += p.v[k];
#pragma omp atomic
            sum += s;
          }
        }
#pragma omp taskwait
      }
      long want = 0;
      for (int r = 0; r < 20; r++)
        want += 5000L * (8 * r + 28);
      CHECK(sum == want, "payload rounds: %ld, want %ld", sum, want);
    }
  }
  return failures != 0;
}
