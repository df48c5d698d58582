// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Aggregates captured by a task: the whole object is copied at task creation.
//  - a fixed-size local array, implicitly firstprivate (a local of the region) and explicitly
//    `firstprivate(a)`: the creator rewrites the array after each task creation, and each task
//    must see the contents of its own creation time in every element;
//  - a 2-D fixed-size array the same way;
//  - a struct holding an array and a pointer: the members are copied, the pointee is not;
//  - a pointer: firstprivate copies the address, so writes through it reach the shared target;
//  - the task's writes to its copies never reach the originals.
// Variable-length arrays are in firstprivate_vla.c (clang 16 rejects them on task).

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

#define NV 37
#define ROWS 5
#define COLS 7

static void run(void)
{
  int tid = omp_get_thread_num();
  int a[LEN];
  double v[NV];
  int m[ROWS][COLS];
  const int n = NV, rows = ROWS, cols = COLS;
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

int main(void)
{
#pragma omp parallel
  run();
  run(); /* outside any parallel region */
  return failures != 0;
}
