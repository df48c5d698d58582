/*
 * task_cholesky.c -- blocked Cholesky factorisation A = L L^T of a symmetric positive definite
 * matrix with task dependences (the PLASMA/BOTS-style tiled algorithm), with the four tile
 * kernels written by hand (no BLAS): NT x NT tiles of TS x TS doubles, lower triangle.
 *
 *   for k:  potrf(A[k][k])                      depend(inout: A[k][k])
 *           for i > k:  trsm(A[k][k], A[i][k])  depend(in: A[k][k]) depend(inout: A[i][k])
 *           for i > k:  syrk(A[i][k], A[i][i])  depend(in: A[i][k]) depend(inout: A[i][i])
 *                       for k < j < i: gemm(A[i][k], A[j][k], A[i][j])
 *                                       depend(in: A[i][k], A[j][k]) depend(inout: A[i][j])
 *
 * Dependences are named by the tiles' first elements (tile pointers in an array).  The updates of
 * each tile are ordered in k by its inout dependence, so the result equals the serial tiled
 * factorisation exactly (compared element by element); the residual |A - L L^T| of a few rows
 * is also checked against the original matrix.
 *
 * Options: --nt=16 --ts=48 --reps=5
 * Output:  RESULT kernel=task_cholesky test=serial|tasks ... seconds=<s> tasks=<n>
 */
#include "bench.h"
#include <math.h>

static int nt, ts;

static void potrf(double *a)
{
  for (int j = 0; j < ts; j++) {
    double d = a[j * ts + j];
    for (int k = 0; k < j; k++)
      d -= a[j * ts + k] * a[j * ts + k];
    d = sqrt(d);
    a[j * ts + j] = d;
    for (int i = j + 1; i < ts; i++) {
      double s = a[i * ts + j];
      for (int k = 0; k < j; k++)
        s -= a[i * ts + k] * a[j * ts + k];
      a[i * ts + j] = s / d;
    }
    for (int i = 0; i < j; i++)
      a[i * ts + j] = 0.0; /* upper part of the diagonal tile */
  }
}

/* b = b * L^-T, L the lower triangle of the diagonal tile l */
static void trsm(const double *l, double *b)
{
  for (int i = 0; i < ts; i++)
    for (int j = 0; j < ts; j++) {
      double s = b[i * ts + j];
      for (int k = 0; k < j; k++)
        s -= b[i * ts + k] * l[j * ts + k];
      b[i * ts + j] = s / l[j * ts + j];
    }
}

/* c = c - a a^T (lower triangle only, as the factorisation reads only that) */
static void syrk(const double *a, double *c)
{
  for (int i = 0; i < ts; i++)
    for (int j = 0; j <= i; j++) {
      double s = c[i * ts + j];
      for (int k = 0; k < ts; k++)
        s -= a[i * ts + k] * a[j * ts + k];
      c[i * ts + j] = s;
    }
}

/* c = c - a b^T */
static void gemm(const double *a, const double *b, double *c)
{
  for (int i = 0; i < ts; i++)
    for (int j = 0; j < ts; j++) {
      double s = c[i * ts + j];
      for (int k = 0; k < ts; k++)
        s -= a[i * ts + k] * b[j * ts + k];
      c[i * ts + j] = s;
    }
}

#define T(m, i, j) ((m)[(size_t)(i) * (size_t)nt + (size_t)(j)])

/* Tiles of the lower triangle of a diagonally dominant symmetric matrix (same data each call). */
static void genmat(double **m)
{
  int n = nt * ts;
  for (int bi = 0; bi < nt; bi++)
    for (int bj = 0; bj <= bi; bj++) {
      double *t = T(m, bi, bj);
      for (int i = 0; i < ts; i++)
        for (int j = 0; j < ts; j++) {
          int gi = bi * ts + i, gj = bj * ts + j;
          uint64_t st = (uint64_t)(gi > gj ? gi : gj) * 1000003u + (uint64_t)(gi < gj ? gi : gj);
          double v = bench_rand_unit(&st) - 0.5;
          t[i * ts + j] = gi == gj ? n + v : v;
        }
    }
}

static void cholesky_serial(double **m)
{
  for (int k = 0; k < nt; k++) {
    potrf(T(m, k, k));
    for (int i = k + 1; i < nt; i++)
      trsm(T(m, k, k), T(m, i, k));
    for (int i = k + 1; i < nt; i++) {
      for (int j = k + 1; j < i; j++)
        gemm(T(m, i, k), T(m, j, k), T(m, i, j));
      syrk(T(m, i, k), T(m, i, i));
    }
  }
}

static long cholesky_tasks(double **m)
{
  long tasks = 0;
#pragma omp parallel shared(tasks)
#pragma omp single
  for (int k = 0; k < nt; k++) {
    double *akk = T(m, k, k);
#pragma omp task firstprivate(akk) depend(inout: akk[0])
    potrf(akk);
    tasks++;
    for (int i = k + 1; i < nt; i++) {
      double *aik = T(m, i, k);
#pragma omp task firstprivate(akk, aik) depend(in: akk[0]) depend(inout: aik[0])
      trsm(akk, aik);
      tasks++;
    }
    for (int i = k + 1; i < nt; i++) {
      double *aik = T(m, i, k);
      for (int j = k + 1; j < i; j++) {
        double *ajk = T(m, j, k), *aij = T(m, i, j);
#pragma omp task firstprivate(aik, ajk, aij) depend(in: aik[0], ajk[0]) depend(inout: aij[0])
        gemm(aik, ajk, aij);
        tasks++;
      }
      double *aii = T(m, i, i);
#pragma omp task firstprivate(aik, aii) depend(in: aik[0]) depend(inout: aii[0])
      syrk(aik, aii);
      tasks++;
    }
  }
  return tasks;
}

static double **alloc_tiles(void)
{
  double **m = bench_alloc(sizeof(double *) * (size_t)nt * (size_t)nt);
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < nt; j++)
      T(m, i, j) = j <= i ? bench_alloc(sizeof(double) * (size_t)ts * (size_t)ts) : NULL;
  return m;
}

static void free_tiles(double **m)
{
  for (int i = 0; i < nt * nt; i++)
    free(m[i]);
  free(m);
}

/* max |A - L L^T| over the rows r (global), A regenerated into orig */
static double residual(double **l, double **orig, int rows)
{
  double worst = 0;
  int n = nt * ts;
  for (int r = 0; r < rows; r++) {
    int gi = (int)((long)r * (n - 1) / (rows > 1 ? rows - 1 : 1));
    for (int gj = 0; gj <= gi; gj++) {
      double s = 0;
      for (int k = 0; k <= gj; k++)
        s += T(l, gi / ts, k / ts)[(gi % ts) * ts + k % ts] *
             T(l, gj / ts, k / ts)[(gj % ts) * ts + k % ts];
      double a = T(orig, gi / ts, gj / ts)[(gi % ts) * ts + gj % ts];
      double d = fabs(s - a);
      if (d > worst)
        worst = d;
    }
  }
  return worst;
}

int main(int argc, char **argv)
{
  bench_init("task_cholesky", argc, argv);
  nt = (int)bench_opt_long("nt", 16);
  ts = (int)bench_opt_long("ts", 48);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");

  double **ref = alloc_tiles(), **m = alloc_tiles(), **orig = alloc_tiles();
  genmat(ref);
  genmat(orig);
  double t0 = bench_now();
  cholesky_serial(ref);
  bench_result("serial", 0, bench_now() - t0, "tasks=0");
  double res = residual(ref, orig, 8);
  bench_check(res < 1e-8 * nt * ts, "serial residual %g", res);
  for (int rep = -1; rep < reps; rep++) {
    genmat(m);
    t0 = bench_now();
    long tasks = cholesky_tasks(m);
    double t = bench_now() - t0;
    long bad = 0;
    for (int i = 0; i < nt; i++)
      for (int j = 0; j <= i; j++)
        for (int k = 0; k < ts * ts; k++)
          bad += T(m, i, j)[k] != T(ref, i, j)[k];
    bench_check(bad == 0, "%ld elements differ from the serial factorisation", bad);
    if (rep >= 0)
      bench_result("tasks", rep, t, "tasks=%ld", tasks);
  }
  free_tiles(ref);
  free_tiles(m);
  free_tiles(orig);
  bench_check_ok();
  return 0;
}
