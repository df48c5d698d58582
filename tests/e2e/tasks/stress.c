// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: %o2n-run %t 4
// RUN: env OMP_WAIT_POLICY=passive %o2n-run %t 4
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:4 pu:1" %o2n-run %t 4
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ %o2n-tsan-run %t.tsan 1 %}
//
// Stress: every team size from 1 to 16 threads (more threads than this machine has processors,
// so that threads are preempted at every point of the task protocols), each size several
// times (the argument), with the task patterns that wait in different ways, checked against their serial
// meaning:
//  - recursive fib with taskwait (deep nesting, steals, waits inside tasks);
//  - a tree in a taskgroup, each node counting itself (waits for all descendants);
//  - a chain of depend(inout) tasks with depend(in) readers between the links (wake-ups of
//    tasks made ready by their last predecessor);
//  - a taskloop reduction;
//  - tasks created by every thread, left to the region's barrier, then tasks of `single nowait`
//    left to the end of the region (the join runs them).
// The work is small: four repetitions take well under a second on two processors.

#define TEST_NAME "stress.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdlib.h>

#define MAXT 16
#define NODES 1365 /* a tree of fan-out 4 and depth 5: (4^6 - 1) / 3 */
#define CHAIN 64
#define P 1000003L

static long fib(int n)
{
  if (n < 2)
    return n;
  long x, y;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

static int hits[NODES];

static void node(int id)
{
#pragma omp atomic
  hits[id]++;
  for (int c = 1; c <= 4 && id * 4 + c < NODES; c++)
#pragma omp task
    node(id * 4 + c);
}

static void one_team(int nthreads)
{
  long f = 0, sum = 0, seen_sum = 0;
  long x = 0;
  int left = 0, at_barrier = 0;
  for (int i = 0; i < NODES; i++)
    hits[i] = 0;
#pragma omp parallel num_threads(nthreads) shared(f, sum, seen_sum, x, left, at_barrier)
  {
#pragma omp single
    {
      f = fib(15);
#pragma omp taskgroup
      {
#pragma omp task
        node(0);
      }
      for (int i = 0; i < NODES; i++)
        CHECK(hits[i] == 1, "%d threads: tree node %d ran %d times", nthreads, i, hits[i]);
      for (int i = 0; i < CHAIN; i++) {
#pragma omp task depend(inout: x) firstprivate(i)
        x = (3 * x + i) % P;
#pragma omp task depend(in: x) firstprivate(i)
        {
          long want = 0;
          for (int k = 0; k <= i; k++)
            want = (3 * want + k) % P;
#pragma omp atomic
          seen_sum += x == want;
        }
      }
    }
#pragma omp single
#pragma omp taskloop reduction(+ : sum) grainsize(7)
    for (int i = 0; i < 1000; i++)
      sum += i;
    /* Every thread creates tasks and leaves them to the barrier. */
    for (int k = 0; k < 8; k++)
#pragma omp task
    {
#pragma omp atomic
      at_barrier++;
    }
#pragma omp barrier
#pragma omp single nowait
    for (int k = 0; k < 32; k++)
#pragma omp task
    {
#pragma omp atomic
      left++;
    }
  }
  CHECK(f == 610, "%d threads: fib(15) = %ld", nthreads, f);
  CHECK(seen_sum == CHAIN, "%d threads: %ld of %d readers saw their link", nthreads, seen_sum,
        CHAIN);
  CHECK(sum == 499500, "%d threads: taskloop sum %ld", nthreads, sum);
  CHECK(at_barrier == 8 * nthreads, "%d threads: %d tasks done at the barrier", nthreads,
        at_barrier);
  CHECK(left == 32, "%d threads: %d tasks done at the end of the region", nthreads, left);
}

int main(int argc, char **argv)
{
  /* Repetitions: the argument, 1 by default (the peers' run: libomp's waits spin long, so 16
     threads on two processors take it seconds per repetition). */
  const int reps = argc > 1 ? atoi(argv[1]) : 1;
  for (int rep = 0; rep < reps; rep++)
    for (int t = 1; t <= MAXT; t++)
      one_team(t);
  return failures != 0;
}
