// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// PEERS: gcc
//
// Variable-length arrays captured by a task (the fixed-size cases are in
// firstprivate_aggregates.c).  gcc copies a VLA into a task; clang 16 rejects VLAs in a task's
// firstprivate ("cannot be of variably-modified type"), so this program is checked against gcc
// only.  Sizes are known only at run time (from argc):
//  - a 1-D and a 2-D VLA, implicitly firstprivate (locals of the region) and explicitly
//    `firstprivate(v, m)`: the creator rewrites them after each task creation, and each task
//    must see the contents of its own creation time in every element; the task's writes never
//    reach the originals;
//  - together with a fixed array, a struct and a pointer in the same task;
//  - a VLA declared in a task and captured by its child tasks.

#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void check(int ok, int line, const char *fmt, ...)
{
  if (ok)
    return;
  va_list ap;
  va_start(ap, fmt);
#pragma omp critical(report)
  {
    printf("FAIL firstprivate_aggregates.c:%d: ", line);
    vprintf(fmt, ap);
    printf("\n");
    failures++;
  }
  va_end(ap);
}
#define CHECK(ok, ...) check((ok), __LINE__, __VA_ARGS__)

#define K 24
#define LEN 16

struct rec {
  int vals[LEN];
  double scale;
  int *target;
};

static void run(int n, int rows, int cols)
{
  int tid = omp_get_thread_num();
  int a[LEN];
  double v[n];
  int m[rows][cols];
  int hits[K] = {0};
  struct rec r;
  int *p = hits;

  for (int i = 0; i < LEN; i++)
    a[i] = i;
  for (int i = 0; i < n; i++)
    v[i] = 0.5 * i;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      m[i][j] = i * cols + j;
  for (int i = 0; i < LEN; i++)
    r.vals[i] = -i;
  r.scale = 1.0;
  r.target = hits;

  for (int k = 0; k < K; k++) {
    /* Implicit: all of a, v, m, r, p and k are firstprivate (locals of the implicit task). */
#pragma omp task
    {
      int bad = 0;
      for (int i = 0; i < LEN; i++)
        bad += a[i] != i + k;
      for (int i = 0; i < n; i++)
        bad += v[i] != 0.5 * i + k;
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
          bad += m[i][j] != i * cols + j + k;
      for (int i = 0; i < LEN; i++)
        bad += r.vals[i] != -i - k;
      bad += r.scale != 1.0 + k;
      CHECK(!bad, "thread %d, implicit task %d: %d elements differ from creation time", tid, k,
            bad);
      a[0] = v[0] = m[0][0] = r.vals[0] = -1000;
#pragma omp atomic
      r.target[k]++; /* through the copied pointer: the shared array */
#pragma omp atomic
      p[k] += 10;
    }
    /* Explicit. */
#pragma omp task firstprivate(a, v, m, r) shared(hits)
    {
      int bad = 0;
      for (int i = 0; i < LEN; i++)
        bad += a[i] != i + k;
      for (int i = 0; i < n; i++)
        bad += v[i] != 0.5 * i + k;
      for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
          bad += m[i][j] != i * cols + j + k;
      for (int i = 0; i < LEN; i++)
        bad += r.vals[i] != -i - k;
      CHECK(!bad, "thread %d, explicit task %d: %d elements differ from creation time", tid, k,
            bad);
      a[LEN - 1] = -2000;
      v[n - 1] = -2000;
      m[rows - 1][cols - 1] = -2000;
#pragma omp atomic
      hits[k] += 100;
    }
    for (int i = 0; i < LEN; i++)
      a[i]++;
    for (int i = 0; i < n; i++)
      v[i] += 1.0;
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++)
        m[i][j]++;
    for (int i = 0; i < LEN; i++)
      r.vals[i]--;
    r.scale += 1.0;
  }
#pragma omp taskwait
  int bad = 0;
  for (int i = 0; i < LEN; i++)
    bad += a[i] != i + K;
  for (int i = 0; i < n; i++)
    bad += v[i] != 0.5 * i + K;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      bad += m[i][j] != i * cols + j + K;
  for (int i = 0; i < LEN; i++)
    bad += r.vals[i] != -i - K;
  CHECK(!bad, "thread %d: %d original elements changed by tasks", tid, bad);
  for (int k = 0; k < K; k++)
    CHECK(hits[k] == 111, "thread %d: hits[%d] = %d, want 111", tid, k, hits[k]);
}

int main(int argc, char **argv)
{
  (void)argv;
  int n = 37 + argc, rows = 5 + argc, cols = 7 + argc; /* run-time sizes */
#pragma omp parallel
  run(n, rows, cols);
  run(n, rows, cols); /* outside any parallel region */
#pragma omp parallel
#pragma omp single
  {
    /* Tasks created in one task, captured from a VLA of that task. */
    int len = n;
#pragma omp task
    {
      double w[len];
      for (int i = 0; i < len; i++)
        w[i] = i;
      for (int k = 0; k < K; k++) {
#pragma omp task
        {
          double s = 0;
          for (int i = 0; i < len; i++)
            s += w[i];
          CHECK(s == (double)len * (len - 1) / 2 + (double)k * len, "nested VLA sum %f", s);
        }
        for (int i = 0; i < len; i++)
          w[i] += 1.0;
      }
    }
  }
  return failures != 0;
}
