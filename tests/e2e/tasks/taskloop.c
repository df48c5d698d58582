// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// `taskloop`: the iterations are divided into tasks, each iteration runs exactly once.
// A task is identified by a firstprivate variable (`tk`, -1 at the start of every task, set to a
// fresh ticket at the task's first iteration), so each iteration records which task ran it:
//  - default division: every iteration once;
//  - grainsize(g): each task gets at least min(g, n) and fewer than 2g iterations, and its
//    iterations are contiguous (a taskloop hands each task a sub-range);
//  - num_tasks(k): exactly min(k, n) tasks;
//  - collapse(2) over 37 x 23: every (i, j) once, with grainsize over the collapsed space;
//  - a loop with step 3 and a decreasing loop, integer and pointer-free bounds from run time;
//  - lastprivate(last): the value of the sequentially last iteration; firstprivate(base): every
//    task starts from the original;
//  - nogroup: the loop's tasks are finished only after the following taskwait; without it the
//    implicit taskgroup finishes them (and their descendants) when the construct ends;
//  - taskloop in every thread at once (one per thread), and outside any parallel region.

#define TEST_NAME "taskloop.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static int owner[N], hits[N];
static int tickets;

static int new_ticket(void)
{
  int t;
#pragma omp atomic capture
  t = tickets++;
  return t;
}

static void reset(void)
{
  memset(owner, -1, sizeof owner);
  memset(hits, 0, sizeof hits);
  tickets = 0;
}

static int all_once(int n)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += hits[i] != 1;
  return bad;
}

/* Per task: iteration count, and whether its iterations are contiguous. */
static void task_shapes(int n, int *ntasks, int *minc, int *maxc, int *gaps)
{
  static int cnt[N], first[N], last[N];
  memset(cnt, 0, sizeof cnt);
  *ntasks = tickets;
  for (int i = 0; i < n; i++) {
    int t = owner[i];
    if (t < 0 || t >= N)
      continue;
    if (!cnt[t])
      first[t] = i;
    cnt[t]++;
    last[t] = i;
  }
  *minc = N, *maxc = 0, *gaps = 0;
  for (int t = 0; t < *ntasks; t++) {
    if (cnt[t] < *minc)
      *minc = cnt[t];
    if (cnt[t] > *maxc)
      *maxc = cnt[t];
    *gaps += last[t] - first[t] + 1 != cnt[t];
  }
}

static void grain(int n, int g)
{
  reset();
  int tk = -1;
#pragma omp taskloop grainsize(g) firstprivate(tk)
  for (int i = 0; i < n; i++) {
    if (tk < 0)
      tk = new_ticket();
    owner[i] = tk;
    hits[i]++;
  }
  int nt, mn, mx, gaps;
  task_shapes(n, &nt, &mn, &mx, &gaps);
  CHECK(!all_once(n), "grainsize(%d), n=%d: %d iterations not once", g, n, all_once(n));
  int lo = g < n ? g : n;
  CHECK(mn >= lo && mx < 2 * g, "grainsize(%d), n=%d: task sizes %d..%d, want %d..%d", g, n, mn,
        mx, lo, 2 * g - 1);
  CHECK(!gaps, "grainsize(%d): %d tasks with non-contiguous iterations", g, gaps);
}

static void ntasks(int n, int k)
{
  reset();
  int tk = -1;
#pragma omp taskloop num_tasks(k) firstprivate(tk)
  for (int i = 0; i < n; i++) {
    if (tk < 0)
      tk = new_ticket();
    owner[i] = tk;
    hits[i]++;
  }
  int nt, mn, mx, gaps;
  task_shapes(n, &nt, &mn, &mx, &gaps);
  CHECK(!all_once(n), "num_tasks(%d), n=%d: %d iterations not once", k, n, all_once(n));
  CHECK(nt == (k < n ? k : n), "num_tasks(%d), n=%d: %d tasks", k, n, nt);
  CHECK(!gaps, "num_tasks(%d): %d tasks with non-contiguous iterations", k, gaps);
}

static void body_checks(int n)
{
  reset();
#pragma omp taskloop
  for (int i = 0; i < n; i++)
    hits[i]++;
  CHECK(!all_once(n), "default taskloop: %d iterations not once", all_once(n));

  static int grid[37][23];
  memset(grid, 0, sizeof grid);
#pragma omp taskloop collapse(2) grainsize(50)
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 23; j++)
      grid[i][j] += i * 100 + j + 1;
  int bad = 0;
  for (int i = 0; i < 37; i++)
    for (int j = 0; j < 23; j++)
      bad += grid[i][j] != i * 100 + j + 1;
  CHECK(!bad, "collapse(2): %d cells wrong", bad);

  reset();
  int lo = 5, hi = n;
#pragma omp taskloop num_tasks(7)
  for (int i = lo; i < hi; i += 3)
    hits[i]++;
  bad = 0;
  for (int i = 0; i < n; i++)
    bad += hits[i] != (i >= lo && (i - lo) % 3 == 0);
  CHECK(!bad, "step 3: %d iterations wrong", bad);

  reset();
#pragma omp taskloop grainsize(13)
  for (int i = n - 1; i >= 0; i--)
    hits[i]++;
  CHECK(!all_once(n), "decreasing loop: %d iterations not once", all_once(n));

  int last = -1, base = 1000;
#pragma omp taskloop lastprivate(last) firstprivate(base) num_tasks(9)
  for (int i = 0; i < n; i++) {
    CHECK(base >= 1000, "firstprivate base %d", base);
    base++; /* the task's copy */
    last = i * 2;
  }
  CHECK(last == 2 * (n - 1), "lastprivate: %d, want %d", last, 2 * (n - 1));
  CHECK(base == 1000, "firstprivate original changed: %d", base);

  reset();
#pragma omp taskloop nogroup grainsize(100)
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    hits[i]++;
  }
#pragma omp taskwait
  CHECK(!all_once(n), "nogroup + taskwait: %d iterations not once", all_once(n));

  /* the implicit taskgroup also waits for tasks created by the iterations */
  reset();
#pragma omp taskloop grainsize(100)
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
#pragma omp atomic
      hits[i]++;
    }
  }
  CHECK(!all_once(n), "taskloop's taskgroup: %d child tasks not finished", all_once(n));
}

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    grain(N, 1);
    grain(N, 7);
    grain(N, 64);
    grain(N, 2000);
    grain(10, 3);
    ntasks(N, 1);
    ntasks(N, 3);
    ntasks(N, 64);
    ntasks(N, 999);
    ntasks(5, 8);
    body_checks(N);
  }
  body_checks(N);

  static long per_thread[64][100];
  int nth = 1;
#pragma omp parallel shared(nth)
  {
    int t = omp_get_thread_num();
#pragma omp single
    nth = omp_get_num_threads();
    if (t < 64) {
#pragma omp taskloop grainsize(10)
      for (int i = 0; i < 100; i++)
        per_thread[t][i] += i + t;
    }
  }
  int bad = 0;
  for (int t = 0; t < nth && t < 64; t++)
    for (int i = 0; i < 100; i++)
      bad += per_thread[t][i] != i + t;
  CHECK(!bad, "a taskloop per thread: %d iterations wrong", bad);
  return failures != 0;
}
