/*
 * matmul.c -- dense matrix product C = A B, n x n doubles, rows of C shared out (the i-k-j loop
 * order of the textbook OpenMP example, which streams rows of B).
 * Usage: matmul [n=640]. Prints the time and "result: OK" when C matches the closed form of the
 * product (A[i][k] = i + k, B[k][j] = k - j, so C[i][j] = sum over k of (i + k)(k - j)).
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 640;
  double *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b);
  double *c = malloc(n * n * sizeof *c);
  if (!a || !b || !c)
    return 2;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      a[i * n + j] = (double)(i + j);
      b[i * n + j] = (double)(i - j);
      c[i * n + j] = 0.0;
    }
  double t = omp_get_wtime();
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    for (long k = 0; k < n; k++) {
      double aik = a[i * n + k];
      for (long j = 0; j < n; j++)
        c[i * n + j] += aik * b[k * n + j];
    }
  t = omp_get_wtime() - t;
  /* sum_k (i + k)(k - j) = (i - j) S1 + S2 - n i j, S1 = sum k, S2 = sum k^2 */
  double s1 = (double)n * (n - 1) / 2, s2 = (double)(n - 1) * n * (2 * n - 1) / 6;
  int ok = 1;
  for (long i = 0; i < n; i += 7)
    for (long j = 0; j < n; j += 5)
      ok &= fabs(c[i * n + j] - ((double)(i - j) * s1 + s2 - (double)n * i * j)) < 1e-6 * s2;
  printf("matmul n=%ld: %.3f s\nresult: %s\n", n, t, ok ? "OK" : "MISMATCH");
  free(a), free(b), free(c);
  return !ok;
}
