// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Shared arrays written by index: dense linear-algebra kernels on 2-D arrays, both global
// (`double A[NR][NC]` at file scope) and local to a function (on its stack, reached by the
// threads through the shared clause or the default data sharing).  Covers a transpose (each
// iteration writes a column), a matrix-vector and a matrix-matrix product (each iteration writes a
// row), a 2-D stencil between two local grids, a scatter through a permutation (out[perm[i]]),
// and per-row counts in an int matrix.  Every element is written by exactly one iteration and
// computed by the same expression as in the serial loop, so the results are compared bitwise.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NR 150 /* rows of A */
#define NC 130 /* columns of A */
#define K 48   /* side of the local square matrices */
#define NP 4099
#define BINS 10

static double A[NR][NC];
static double At_par[NC][NR], At_ser[NC][NR];
static double v[NC], Av_par[NR], Av_ser[NR];
static int failures;

static uint64_t lcg_state = 31337;

static uint32_t lcg_next(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 32);
}

static double uniform(void)
{
  return (double)lcg_next() / 4294967296.0; /* [0, 1) */
}

/* Compares two arrays of doubles element by element; reports the first few differences. */
static void compare(const char *what, const double *got, const double *want, size_t n, size_t ncols)
{
  size_t bad = 0;
  for (size_t k = 0; k < n; k++) {
    if (got[k] != want[k] && bad++ < 5)
      printf("MISMATCH %s at [%zu][%zu]: got %.17g, want %.17g\n", what, k / ncols, k % ncols,
             got[k], want[k]);
  }
  if (bad) {
    printf("  (%zu of %zu elements differ)\n", bad, n);
    failures++;
  }
}

static void global_arrays(void)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      At_par[j][i] = A[i][j];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      At_ser[j][i] = A[i][j];
  compare("transpose", &At_par[0][0], &At_ser[0][0], (size_t)NC * NR, NR);

#pragma omp parallel for schedule(static, 8) shared(A, v, Av_par)
  for (int i = 0; i < NR; i++) {
    double s = 0.0;
    for (int j = 0; j < NC; j++)
      s += A[i][j] * v[j];
    Av_par[i] = s;
  }
  for (int i = 0; i < NR; i++) {
    double s = 0.0;
    for (int j = 0; j < NC; j++)
      s += A[i][j] * v[j];
    Av_ser[i] = s;
  }
  compare("matrix-vector product", Av_par, Av_ser, NR, 1);
}

static void local_arrays(void)
{
  double a[K][K], b[K][K], c_par[K][K], c_ser[K][K];
  double g[K][K], h_par[K][K], h_ser[K][K];
  int i, j, k;

  for (i = 0; i < K; i++)
    for (j = 0; j < K; j++) {
      a[i][j] = uniform() - 0.5;
      b[i][j] = uniform() - 0.5;
      g[i][j] = (i == 0 || j == 0 || i == K - 1 || j == K - 1) ? 1.0 : uniform();
    }

  /* Matrix product, i-k-j order (unit stride in the inner loop). */
#pragma omp parallel for schedule(static, 4) private(j, k) shared(a, b, c_par)
  for (i = 0; i < K; i++) {
    for (j = 0; j < K; j++)
      c_par[i][j] = 0.0;
    for (k = 0; k < K; k++)
      for (j = 0; j < K; j++)
        c_par[i][j] += a[i][k] * b[k][j];
  }
  for (i = 0; i < K; i++) {
    for (j = 0; j < K; j++)
      c_ser[i][j] = 0.0;
    for (k = 0; k < K; k++)
      for (j = 0; j < K; j++)
        c_ser[i][j] += a[i][k] * b[k][j];
  }
  compare("local matrix product", &c_par[0][0], &c_ser[0][0], (size_t)K * K, K);

  /* One smoothing step of a 5-point stencil; the boundary is copied. */
  memcpy(h_par, g, sizeof h_par);
#pragma omp parallel for schedule(static)
  for (int r = 1; r < K - 1; r++)
    for (int s = 1; s < K - 1; s++)
      h_par[r][s] = 0.2 * (g[r][s] + g[r - 1][s] + g[r + 1][s] + g[r][s - 1] + g[r][s + 1]);
  memcpy(h_ser, g, sizeof h_ser);
  for (int r = 1; r < K - 1; r++)
    for (int s = 1; s < K - 1; s++)
      h_ser[r][s] = 0.2 * (g[r][s] + g[r - 1][s] + g[r + 1][s] + g[r][s - 1] + g[r][s + 1]);
  compare("local stencil", &h_par[0][0], &h_ser[0][0], (size_t)K * K, K);
}

/* out[perm[i]] = f(in[i]): each element of out is written once, by whichever thread has i. */
static void scatter(void)
{
  static int perm[NP];
  static double in[NP], out_par[NP], out_ser[NP];
  int counts_par[NR][BINS], counts_ser[NR][BINS];

  for (int i = 0; i < NP; i++) {
    perm[i] = i;
    in[i] = uniform();
  }
  for (int i = NP - 1; i > 0; i--) { /* Fisher-Yates */
    int j = (int)(lcg_next() % (uint32_t)(i + 1));
    int t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }

#pragma omp parallel for schedule(static, 16)
  for (int i = 0; i < NP; i++)
    out_par[perm[i]] = 3.0 * in[i] + 1.0;
  for (int i = 0; i < NP; i++)
    out_ser[perm[i]] = 3.0 * in[i] + 1.0;
  compare("scatter through a permutation", out_par, out_ser, NP, 1);

  /* Per-row histogram of A's values into BINS bins of [0, 1). */
  memset(counts_par, 0, sizeof counts_par);
#pragma omp parallel for schedule(static) shared(counts_par)
  for (int r = 0; r < NR; r++)
    for (int c = 0; c < NC; c++)
      counts_par[r][(int)(A[r][c] * BINS)]++;
  memset(counts_ser, 0, sizeof counts_ser);
  for (int r = 0; r < NR; r++)
    for (int c = 0; c < NC; c++)
      counts_ser[r][(int)(A[r][c] * BINS)]++;
  if (memcmp(counts_par, counts_ser, sizeof counts_par) != 0) {
    printf("MISMATCH per-row histogram\n");
    failures++;
  }
}

int main(void)
{
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NC; j++)
      A[i][j] = uniform();
  for (int j = 0; j < NC; j++)
    v[j] = uniform() * 2.0 - 1.0;

  global_arrays();
  local_arrays();
  scatter();

  printf("shared_2d_arrays: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
