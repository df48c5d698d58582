// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// private(...) scratch variables, declared before the loop in the C89 style that much HPC code
// still uses: an inner loop index, temporaries, and a fixed-size scratch array (a median filter's
// window, sorted in place by a helper function).  Each thread needs its own copy: a shared one
// would be overwritten by other threads between the write and the read, and the results would
// differ from the serial run.  Variables declared inside the loop body are private anyway and are
// used side by side.  After the loop, the original variables must hold their values from before
// the loop: the construct works on the copies only.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 20000
#define W 9 /* median window: i-4 .. i+4 */
#define ROWS 300
#define COLS 64

static double noisy[N], median_par[N], median_ser[N];
static double table[ROWS][COLS];
static double row_stats_par[ROWS][3], row_stats_ser[ROWS][3];
static int failures;

static uint64_t lcg_state = 7;

static double uniform(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(lcg_state >> 11) * 0x1.0p-53; /* [0, 1) */
}

static void insertion_sort(double *v, int n)
{
  for (int i = 1; i < n; i++) {
    double key = v[i];
    int j = i - 1;
    while (j >= 0 && v[j] > key) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = key;
  }
}

/* Median of the window around i, with the ends clamped; the serial reference. */
static double median_at(const double *s, int n, int i)
{
  double win[W];
  for (int k = 0; k < W; k++) {
    int idx = i + k - W / 2;
    win[k] = s[idx < 0 ? 0 : idx >= n ? n - 1 : idx];
  }
  insertion_sort(win, W);
  return win[W / 2];
}

static void check_value(const char *what, int i, double got, double want)
{
  if (got != want) {
    if (failures < 10)
      printf("MISMATCH %s at %d: got %.17g, want %.17g\n", what, i, got, want);
    failures++;
  }
}

static void median_filter(void)
{
  double window[W]; /* scratch: one per thread */
  int k, idx;       /* scratch scalars */

  window[0] = 123.0; /* values the loop must not change */
  k = -7;
  idx = -8;

#pragma omp parallel for schedule(static) private(window, k, idx)
  for (int i = 0; i < N; i++) {
    for (k = 0; k < W; k++) {
      idx = i + k - W / 2;
      window[k] = noisy[idx < 0 ? 0 : idx >= N ? N - 1 : idx];
    }
    insertion_sort(window, W);
    median_par[i] = window[W / 2];
  }

  for (int i = 0; i < N; i++) {
    median_ser[i] = median_at(noisy, N, i);
    check_value("median filter", i, median_par[i], median_ser[i]);
  }
  if (window[0] != 123.0 || k != -7 || idx != -8) {
    printf("MISMATCH private originals changed by the loop: window[0]=%g k=%d idx=%d\n", window[0],
           k, idx);
    failures++;
  }
}

/* Per-row mean, min and max of a 2-D table; temporaries are private, the row index is implicit. */
static void row_statistics(void)
{
  double sum, lo, hi, v;
  int j;

  sum = 0.0;
#pragma omp parallel for schedule(static, 7) private(sum, lo, hi, v, j)
  for (int i = 0; i < ROWS; i++) {
    sum = 0.0;
    lo = table[i][0];
    hi = lo;
    for (j = 0; j < COLS; j++) {
      v = table[i][j];
      sum += v;
      if (v < lo)
        lo = v;
      if (v > hi)
        hi = v;
    }
    row_stats_par[i][0] = sum / COLS;
    row_stats_par[i][1] = lo;
    row_stats_par[i][2] = hi;
  }
  if (sum != 0.0) {
    printf("MISMATCH private original 'sum' changed by the loop: %g\n", sum);
    failures++;
  }

  for (int i = 0; i < ROWS; i++) {
    double s = 0.0, mn = table[i][0], mx = table[i][0];
    for (int c = 0; c < COLS; c++) {
      s += table[i][c];
      mn = table[i][c] < mn ? table[i][c] : mn;
      mx = table[i][c] > mx ? table[i][c] : mx;
    }
    row_stats_ser[i][0] = s / COLS;
    row_stats_ser[i][1] = mn;
    row_stats_ser[i][2] = mx;
    check_value("row mean", i, row_stats_par[i][0], row_stats_ser[i][0]);
    check_value("row min", i, row_stats_par[i][1], row_stats_ser[i][1]);
    check_value("row max", i, row_stats_par[i][2], row_stats_ser[i][2]);
  }
}

/* A private variable next to a reduction: the scratch value feeds the sum. */
static void private_with_reduction(void)
{
  double t;
  long long count = 0, count_ref = 0;

#pragma omp parallel for schedule(static) private(t) reduction(+:count)
  for (int i = 0; i < N; i++) {
    t = noisy[i] * noisy[i];
    if (t > 0.25)
      count++;
  }
  for (int i = 0; i < N; i++)
    if (noisy[i] * noisy[i] > 0.25)
      count_ref++;
  if (count != count_ref) {
    printf("MISMATCH count of |x| > 0.5: got %lld, want %lld\n", count, count_ref);
    failures++;
  }
}

int main(void)
{
  for (int i = 0; i < N; i++)
    noisy[i] = uniform() + (i % 100 == 0 ? 10.0 : 0.0); /* noise with spikes to remove */
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      table[i][j] = uniform() * 100.0 - 50.0;

  median_filter();
  row_statistics();
  private_with_reduction();

  printf("private_scratch: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
