/*
 * cg.c -- conjugate gradients on the 2D Poisson matrix (5-point Laplacian on an m x m grid,
 * matrix-free), the structure of the NAS CG kernel: per iteration a matrix-vector product, two
 * dot products (reductions) and three vector updates, each its own parallel loop.
 * Usage: cg [m=512] [iterations=200]. "result: OK" when the recomputed
 * residual ||b - Ax|| matches the recurrence's.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void laplacian(double *restrict y, const double *restrict x, long m)
{
#pragma omp parallel for
  for (long i = 0; i < m; i++)
    for (long j = 0; j < m; j++) {
      double s = 4 * x[i * m + j];
      if (i > 0) s -= x[(i - 1) * m + j];
      if (i < m - 1) s -= x[(i + 1) * m + j];
      if (j > 0) s -= x[i * m + j - 1];
      if (j < m - 1) s -= x[i * m + j + 1];
      y[i * m + j] = s;
    }
}

static double dot(const double *a, const double *b, long n)
{
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long k = 0; k < n; k++)
    s += a[k] * b[k];
  return s;
}

int main(int argc, char **argv)
{
  long m = argc > 1 ? atol(argv[1]) : 512, n = m * m;
  int iterations = argc > 2 ? atoi(argv[2]) : 200;
  double *x = malloc(n * sizeof *x), *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *q = malloc(n * sizeof *q), *b = malloc(n * sizeof *b);
  if (!x || !r || !p || !q || !b)
    return 2;
  double t = omp_get_wtime();
#pragma omp parallel for
  for (long k = 0; k < n; k++) {
    b[k] = 1.0 + (double)(k % 7);
    x[k] = 0.0, r[k] = b[k], p[k] = b[k];
  }
  double rho = dot(r, r, n), rho0 = rho;
  for (int it = 0; it < iterations; it++) {
    laplacian(q, p, m);
    double alpha = rho / dot(p, q, n);
#pragma omp parallel for
    for (long k = 0; k < n; k++) {
      x[k] += alpha * p[k];
      r[k] -= alpha * q[k];
    }
    double next = dot(r, r, n);
#pragma omp parallel for
    for (long k = 0; k < n; k++)
      p[k] = r[k] + next / rho * p[k];
    rho = next;
  }
  t = omp_get_wtime() - t;
  laplacian(q, x, m);
  double e = 0;
  for (long k = 0; k < n; k++)
    e += (b[k] - q[k]) * (b[k] - q[k]);
  int ok = fabs(sqrt(e) - sqrt(rho)) <= 1e-6 * (sqrt(rho0) + sqrt(rho));
  printf("cg m=%ld iterations=%d: %.3f s, residual %.3g (recomputed %.3g)\nresult: %s\n", m,
         iterations, t, sqrt(rho), sqrt(e), ok ? "OK" : "MISMATCH");
  free(x), free(r), free(p), free(q), free(b);
  return !ok;
}
