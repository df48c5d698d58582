// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// `taskwait depend(...)` (OpenMP 5.0) waits for the previously created sibling tasks that the
// listed dependences name, and only has to wait for those:
//  - after `taskwait depend(in: x)` the slow writer of x (out: x) has finished: x holds its
//    value; the same with inout, with two list items, and with an array section;
//  - `taskwait depend(out: y)` also waits for earlier readers of y (in: y);
//  - a later plain taskwait completes the rest.

#define TEST_NAME "taskwait_depend.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

#define ROUNDS 10

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++) {
      int x = 0, y = 1, u = 0, v = 0, unrelated = 0;
      int readers_done = 0;
      int arr[64] = {0};
#pragma omp task depend(out: x) shared(x)
      {
        spin(100000);
        x = r + 1;
      }
#pragma omp task depend(out: unrelated) shared(unrelated)
      {
        spin(50000);
        unrelated = 1;
      }
#pragma omp taskwait depend(in: x)
      CHECK(x == r + 1, "round %d: after taskwait depend(in: x), x = %d", r, x);

#pragma omp task depend(inout: u) shared(u)
      {
        spin(60000);
        u = 3;
      }
#pragma omp task depend(out: v) shared(v)
      {
        spin(30000);
        v = 4;
      }
#pragma omp taskwait depend(inout: u) depend(in: v)
      CHECK(u == 3 && v == 4, "round %d: two list items: u = %d, v = %d", r, u, v);

      for (int k = 0; k < 4; k++) {
#pragma omp task depend(in: y) shared(y, readers_done)
        {
          spin(k * 20000);
          CHECK(y == 1, "reader %d saw y = %d", k, y);
#pragma omp atomic
          readers_done++;
        }
      }
#pragma omp taskwait depend(out: y)
      int rd;
#pragma omp atomic read
      rd = readers_done;
      CHECK(rd == 4, "round %d: taskwait depend(out: y) returned with %d of 4 readers done", r,
            rd);
      y = 2;

#pragma omp task depend(out: arr[0:64]) shared(arr)
      {
        spin(40000);
        for (int i = 0; i < 64; i++)
          arr[i] = i;
      }
#pragma omp taskwait depend(in: arr[0:64])
      int bad = 0;
      for (int i = 0; i < 64; i++)
        bad += arr[i] != i;
      CHECK(!bad, "round %d: array section: %d elements not written", r, bad);
#pragma omp taskwait
      CHECK(unrelated == 1, "round %d: plain taskwait left a task", r);
    }
  }
  return failures != 0;
}
