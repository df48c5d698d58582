// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// REQUIRES: translator
//
// schedule(genblock(sizes)) as application code uses it: a sparse matrix-vector product y = A x
// (CSR) whose row lengths vary widely (a few heavy rows among many light ones, and a dense band),
// with each thread given a contiguous block of rows holding about the same number of non-zeros:
// a block distribution sized by a work estimate, which static's equal row counts are not.
//
//  - spmv(): `#pragma omp parallel for schedule(genblock(sizes))`, the map an `int *` built
//    before the region for omp_get_max_threads() threads (the team size of a parallel region
//    without num_threads).
//  - scale_down(): the same map on a loop that counts down: blocks are cut in the loop's logical
//    iteration order (k = 0 for the first iteration the serial loop runs), so thread 0 gets the
//    highest rows.
//  - norm_blocks(): `#pragma omp parallel` with the map in a shared array built by `single` for
//    omp_get_num_threads(), then `#pragma omp for schedule(genblock(blocks)) reduction(+:...)`.
//
// Checks: every row ran on the thread whose block holds it (omp_get_thread_num()), each thread in
// increasing order; y equals the serial product bitwise (each row is summed in the same order);
// the integer checksum of the reduction equals the serial one.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NROWS 30000
#define MAX_THREADS 64

static int row_start[NROWS + 1];
static int *col;
static double *val;
static double x[NROWS], y[NROWS], y_serial[NROWS];
static int owner[NROWS]; /* thread that ran logical iteration k */
static int last_k[MAX_THREADS];       /* the last iteration thread t ran */
static int out_of_order[MAX_THREADS]; /* thread t ran an iteration before an earlier one */
static int failures;

/* Row lengths: mostly 1 to 8 non-zeros, every 97th row 400, and a dense band of 60 in the last
   tenth: a static schedule would give the last thread about three times the work of the first. */
static int row_length(int i)
{
  if (i % 97 == 0)
    return 400;
  if (i >= NROWS - NROWS / 10)
    return 60;
  return 1 + (i * 7919) % 8;
}

static void build_matrix(void)
{
  row_start[0] = 0;
  for (int i = 0; i < NROWS; i++)
    row_start[i + 1] = row_start[i] + row_length(i);
  col = malloc((size_t)row_start[NROWS] * sizeof *col);
  val = malloc((size_t)row_start[NROWS] * sizeof *val);
  for (int i = 0; i < NROWS; i++)
    for (int j = row_start[i]; j < row_start[i + 1]; j++) {
      col[j] = (int)(((long)i * 31 + (long)j * 17) % NROWS);
      val[j] = 1.0 / (1 + (j % 13));
    }
  for (int i = 0; i < NROWS; i++)
    x[i] = 1.0 + (i % 10) * 0.125;
}

/* Cuts the n iterations of a loop over rows (iteration k is row k, or row n-1-k when the loop
   counts down) into p contiguous blocks of about equal work: thread t's block ends at the first
   iteration where the running non-zero count reaches (t+1)/p of the total.  The sizes add up to
   n. */
static void balance(int *sizes, int p, int n, int descending)
{
  long total = row_start[n], done = 0;
  int k = 0;
  for (int t = 0; t < p; t++) {
    const long target = total * (t + 1) / p;
    int size = 0;
    while (k < n && (done < target || t == p - 1)) {
      const int i = descending ? n - 1 - k : k;
      done += row_start[i + 1] - row_start[i];
      k++;
      size++;
    }
    sizes[t] = size;
  }
}

static void record(int k)
{
  const int t = omp_get_thread_num();
  owner[k] = t;
  if (t < MAX_THREADS) {
    if (k <= last_k[t])
      out_of_order[t] = 1;
    last_k[t] = k;
  }
}

static void reset(void)
{
  for (int k = 0; k < NROWS; k++)
    owner[k] = -1;
  for (int t = 0; t < MAX_THREADS; t++) {
    last_k[t] = -1;
    out_of_order[t] = 0;
  }
}

static void verify(const char *loop, const int *sizes, int p)
{
  int k = 0, bad = 0;
  for (int t = 0; t < p; t++)
    for (int end = k + sizes[t]; k < end; k++)
      if (owner[k] != t && bad++ == 0)
        printf("MISMATCH %s: iteration %d ran on thread %d, its block is thread %d's\n", loop, k,
               owner[k], t);
  for (int t = 0; t < p; t++)
    if (out_of_order[t]) {
      printf("MISMATCH %s: thread %d ran its iterations out of order\n", loop, t);
      bad++;
    }
  failures += bad != 0;
}

static void spmv(const int *sizes)
{
#pragma omp parallel for schedule(genblock(sizes))
  for (int i = 0; i < NROWS; i++) {
    double sum = 0;
    for (int j = row_start[i]; j < row_start[i + 1]; j++)
      sum += val[j] * x[col[j]];
    y[i] = sum;
    record(i);
  }
}

static void scale_down(const int *sizes, double factor)
{
#pragma omp parallel for schedule(genblock(sizes))
  for (int i = NROWS - 1; i >= 0; i--) {
    y[i] *= factor;
    record(NROWS - 1 - i);
  }
}

/* The map built inside the region, for the team that actually runs it. */
static long norm_blocks(int *team_size)
{
  static int blocks[MAX_THREADS];
  long checksum = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      *team_size = omp_get_num_threads();
      balance(blocks, *team_size, NROWS, 0);
    }
#pragma omp for schedule(genblock(blocks)) reduction(+ : checksum)
    for (int i = 0; i < NROWS; i++) {
      checksum += (long)(y[i] * 1024) * (i % 7 + 1);
      record(i);
    }
  }
  verify("norm_blocks", blocks, *team_size);
  return checksum;
}

int main(void)
{
  const int p = omp_get_max_threads();
  if (p > MAX_THREADS) {
    printf("more than %d threads: set OMP_NUM_THREADS\n", MAX_THREADS);
    return 1;
  }
  build_matrix();
  int *sizes = malloc((size_t)p * sizeof *sizes);
  int *sizes_down = malloc((size_t)p * sizeof *sizes_down);
  balance(sizes, p, NROWS, 0);
  balance(sizes_down, p, NROWS, 1);

  /* Serial reference. */
  for (int i = 0; i < NROWS; i++) {
    double sum = 0;
    for (int j = row_start[i]; j < row_start[i + 1]; j++)
      sum += val[j] * x[col[j]];
    y_serial[i] = sum;
  }

  for (int rep = 0; rep < 3; rep++) {
    reset();
    spmv(sizes);
    verify("spmv", sizes, p);
    if (memcmp(y, y_serial, sizeof y) != 0) {
      printf("MISMATCH spmv: y differs from the serial product\n");
      failures++;
    }
  }

  reset();
  scale_down(sizes_down, 2.0);
  verify("scale_down", sizes_down, p);
  for (int i = 0; i < NROWS; i++)
    if (y[i] != 2.0 * y_serial[i]) {
      printf("MISMATCH scale_down: y[%d]\n", i);
      failures++;
      break;
    }

  long serial = 0;
  for (int i = 0; i < NROWS; i++)
    serial += (long)(y[i] * 1024) * (i % 7 + 1);
  int team = 0;
  reset();
  const long checksum = norm_blocks(&team);
  if (checksum != serial || team != p) {
    printf("MISMATCH norm_blocks: checksum %ld, serial %ld, team %d\n", checksum, serial, team);
    failures++;
  }

  printf("genblock_spmv: %d thread(s), blocks", p);
  for (int t = 0; t < p; t++)
    printf(" %d", sizes[t]);
  printf(": %s\n", failures ? "FAILED" : "passed");
  free(sizes);
  free(sizes_down);
  return failures ? 1 : 0;
}
