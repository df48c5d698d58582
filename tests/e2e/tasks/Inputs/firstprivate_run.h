/* The body of firstprivate_aggregates.c and firstprivate_vla.c, with CHECK (check.h): run(n,
   rows, cols) creates K pairs of tasks (implicitly and explicitly firstprivate) capturing a fixed
   array, a struct with an array and a pointer, a pointer, and the arrays v (n elements) and m
   (rows x cols), rewriting them all after each creation; each task checks that it sees the
   contents of its creation time, and that its writes never reach the originals.  The includer
   declares v and m by defining V_LEN, M_ROWS and M_COLS: constants (fixed-size arrays) or n,
   rows and cols (variable-length arrays). */
#ifndef FIRSTPRIVATE_RUN_H
#define FIRSTPRIVATE_RUN_H

#include "check.h"

#include <omp.h>

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
  double v[V_LEN];
  int m[M_ROWS][M_COLS];
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

#endif
