/*
 * heat.c -- the 2D heat equation by explicit finite differences (5-point stencil) on an n x n
 * plate with a hot edge, `steps` time steps between two grids, and the largest change of each
 * step by a max reduction; a parallel region per step, as most simple codes write it.
 * Usage: heat [n=1024] [steps=200]. "result: OK" when the plate stays symmetric about its middle
 * column and between the edge temperatures.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double step(double *restrict v, const double *restrict u, long n)
{
  double change = 0.0;
#pragma omp parallel for reduction(max : change)
  for (long i = 1; i < n - 1; i++)
    for (long j = 1; j < n - 1; j++) {
      double x = u[i * n + j] + 0.2 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                       u[i * n + j - 1] + u[i * n + j + 1] - 4 * u[i * n + j]);
      change = fmax(change, fabs(x - u[i * n + j]));
      v[i * n + j] = x;
    }
  return change;
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1024;
  int steps = argc > 2 ? atoi(argv[2]) : 200;
  double *u = malloc(n * n * sizeof *u), *v = malloc(n * n * sizeof *v), change = 0.0;
  if (!u || !v)
    return 2;
  double t = omp_get_wtime();
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      u[i * n + j] = v[i * n + j] = i == 0 ? 100.0 : 0.0;
  for (int s = 0; s < steps; s++) {
    change = step(v, u, n);
    double *w = u;
    u = v, v = w;
  }
  t = omp_get_wtime() - t;
  /* The plate is symmetric about its middle column, and every point stays within [0, 100]. */
  int ok = change > 0.0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      ok &= u[i * n + j] >= 0.0 && u[i * n + j] <= 100.0 &&
            fabs(u[i * n + j] - u[i * n + n - 1 - j]) <= 1e-9 * (1.0 + u[i * n + j]);
  printf("heat n=%ld steps=%d: %.3f s, last change %.3g\nresult: %s\n", n, steps, t, change,
         ok ? "OK" : "MISMATCH");
  free(u), free(v);
  return !ok;
}
