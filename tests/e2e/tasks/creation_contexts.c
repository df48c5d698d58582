// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Tasks created wherever a program can create them; every task must run exactly once (a slot
// per task, incremented atomically, must end at 1) and be complete where the construct says:
//  - in `single` (the single's implicit barrier completes them);
//  - in `master` (completed by the explicit barrier that follows);
//  - in every iteration of an `omp for` (the loop's implicit barrier), and of an `omp for nowait`
//    (the region's end);
//  - in `sections`, one batch per section;
//  - orphaned: in a library function called by every thread, which does not know it runs in a
//    region, completed by the caller's taskwait;
//  - outside any parallel region, by the initial thread alone, completed by taskwait;
//  - inside a `critical` section, and in an inactive nested region (`parallel if(0)`, a team of
//    one), whose end completes them.

#define TEST_NAME "creation_contexts.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 512
#define MAXT 64
static int slot[N];

static void reset(void)
{
  memset(slot, 0, sizeof slot);
}

static void expect_all_once(int line, const char *where, int n)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += slot[i] != 1;
  check(!bad, TEST_NAME, line, "%s: %d of %d tasks did not run exactly once", where, bad, n);
}

static void hit(int i)
{
#pragma omp atomic
  slot[i]++;
}

/* A library function: creates tasks wherever it is called. */
static void lib_spawn(int first, int count)
{
  for (int i = first; i < first + count; i++) {
#pragma omp task
    hit(i);
  }
}

int main(void)
{
  reset();
#pragma omp parallel
  {
#pragma omp single
    for (int i = 0; i < N; i++) {
#pragma omp task
      hit(i);
    }
    /* the single's barrier: every task is complete */
    expect_all_once(__LINE__, "single", N);
  }

  reset();
#pragma omp parallel
  {
#pragma omp master
    for (int i = 0; i < N; i++) {
#pragma omp task
      hit(i);
    }
#pragma omp barrier
    expect_all_once(__LINE__, "master", N);
  }

  reset();
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++) {
#pragma omp task
      hit(i);
    }
    expect_all_once(__LINE__, "omp for", N);
  }

  reset();
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++) {
#pragma omp task
      hit(i);
    }
  }
  expect_all_once(__LINE__, "omp for nowait, after the region", N);

  reset();
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      lib_spawn(0, N / 4);
#pragma omp section
      lib_spawn(N / 4, N / 4);
#pragma omp section
      lib_spawn(N / 2, N / 4);
#pragma omp section
      lib_spawn(3 * N / 4, N / 4);
    }
    expect_all_once(__LINE__, "sections", N);
  }

  reset();
  int nth = 1;
#pragma omp parallel shared(nth)
  {
    int t = omp_get_thread_num(), p = omp_get_num_threads();
    if (t == 0)
      nth = p;
    int per = N / p;
    lib_spawn(t * per, per);
#pragma omp taskwait
    int bad = 0;
    for (int i = t * per; i < (t + 1) * per; i++)
      bad += slot[i] != 1;
    CHECK(!bad, "orphaned, thread %d: %d of its tasks not complete after taskwait", t, bad);
  }
  expect_all_once(__LINE__, "orphaned", (N / nth) * nth);

  reset();
  lib_spawn(0, N / 2);
#pragma omp taskwait
  expect_all_once(__LINE__, "outside parallel, taskwait", N / 2);
  int x = 0;
#pragma omp task shared(x)
  x = 5;
#pragma omp taskwait
  CHECK(x == 5, "outside parallel: shared write %d", x);

  reset();
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t < MAXT) {
#pragma omp critical
      {
        for (int i = 0; i < 4; i++) {
#pragma omp task
          hit(4 * t + i);
        }
      }
    }
#pragma omp taskwait
#pragma omp barrier
#pragma omp single
    {
      int p = omp_get_num_threads() < MAXT ? omp_get_num_threads() : MAXT;
      expect_all_once(__LINE__, "in critical", 4 * p);
    }
  }

  reset();
#pragma omp parallel
#pragma omp single
  {
#pragma omp parallel if (0)
    {
      lib_spawn(0, N / 2);
    } /* the inner region's end completes its tasks */
    expect_all_once(__LINE__, "inactive nested region", N / 2);
  }
  return failures != 0;
}
