// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Task reductions over array sections through pointers: `taskgroup task_reduction(op: p[lb:n])`
// with tasks `in_reduction(op: p[lb:n])`, p a pointer (to the heap, to an array of another
// function):
//  - 300 tasks created in the group and 300 created by a function the group calls, which takes
//    the pointer as a parameter and returns before its tasks run: each adds to one element;
//  - a section that starts inside the storage (p[2:6]) and a product (*);
//  - tasks that call a function creating more in_reduction tasks on the same section, whose
//    pointer designates the calling task's private copy, and tasks nested in in_reduction tasks:
//    their contributions reach the original (the calling task combines after its children);
//  - elements outside the section, and the values before the group, are kept.
//
// libomp 16 asserts (kmp_tasking.cpp: data != NULL) on these in_reduction tasks.
// PEERS: gcc

#define TEST_NAME "task_reduction_pointer.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdlib.h>

#define N 8
#define TASKS 300

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

/* Tasks created by a callee: p is its parameter, gone when they run. */
static void add_from_callee(long *p, int n, int i)
{
#pragma omp task in_reduction(+: p[0:n]) firstprivate(i)
  {
    spin(i % 5 * 1000);
    p[i % n] += i;
  }
}

/* In an in_reduction task, p designates the task's private copy. */
static void leaves(long *p, int i)
{
  for (int k = 0; k < 3; k++) {
#pragma omp task in_reduction(+: p[2:6]) firstprivate(i, k)
    {
      spin(3000);
      p[2 + (i + k) % 6] += 100;
    }
  }
}

int main(void)
{
  long *p = malloc(N * sizeof *p);
  long q[N];
  for (int i = 0; i < N; i++)
    p[i] = q[i] = i;
  long *r = q;
  long want[N], wantq[N];
  for (int i = 0; i < N; i++)
    want[i] = wantq[i] = i;

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: p[0:N])
    {
      for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+: p[0:N])
        p[i % N] += 2 * i;
        add_from_callee(p, N, i);
      }
    }
    for (int i = 0; i < TASKS; i++)
      want[i % N] += 3 * i;
    for (int i = 0; i < N; i++)
      CHECK(p[i] == want[i], "p[%d] = %ld, want %ld", i, p[i], want[i]);

    /* a section inside the storage; products */
#pragma omp taskgroup task_reduction(*: r[2:6])
    {
      for (int i = 0; i < 12; i++) {
#pragma omp task in_reduction(*: r[2:6])
        r[2 + i % 6] *= 2;
      }
    }
    for (int i = 2; i < N; i++)
      wantq[i] *= 4;
    for (int i = 0; i < N; i++)
      CHECK(q[i] == wantq[i], "product: q[%d] = %ld, want %ld", i, q[i], wantq[i]);

    /* tasks reaching a participating task's private copy */
    for (int i = 0; i < N; i++)
      q[i] = wantq[i] = 0;
#pragma omp taskgroup task_reduction(+: r[2:6])
    {
      for (int i = 0; i < 20; i++) {
#pragma omp task in_reduction(+: r[2:6]) firstprivate(i)
        {
          r[2 + i % 6] += 1;
          leaves(r, i);
#pragma omp task in_reduction(+: r[2:6])
          r[2 + (i + 1) % 6] += 10000;
        }
      }
    }
    for (int i = 0; i < 20; i++) {
      wantq[2 + i % 6] += 1;
      for (int k = 0; k < 3; k++)
        wantq[2 + (i + k) % 6] += 100;
      wantq[2 + (i + 1) % 6] += 10000;
    }
    for (int i = 0; i < N; i++)
      CHECK(q[i] == wantq[i], "nested: q[%d] = %ld, want %ld", i, q[i], wantq[i]);
  }
  free(p);
  return failures != 0;
}
