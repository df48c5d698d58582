// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// private and firstprivate variable-length arrays: a row-sum kernel where each thread needs its own
// m-element scratch VLA (private: uninitialised, the thread's writes stay local) and its own copy
// of a bias vector (firstprivate: copied element by element from the caller's VLA at entry). The
// matrix itself is a flat buffer, so the region uses no other variably modified type.  Sizes are
// run-time values, including m = 1.  The originals must be unchanged after the loop.  Shared VLAs
// are in vla_shared.c.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void fill(int n, int m, double a[n][m], int seed)
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = (double)((i * 7 + j * 3 + seed) % 19) / 4.0 - 2.0;
}

/* private and firstprivate VLAs. */
static void private_vlas(int n, int m)
{
  double acc[m]; /* private: scratch for a column sum */
  double bias[m]; /* firstprivate: each thread starts from the caller's values */
  double *a = malloc(sizeof(double) * (size_t)n * (size_t)m); /* flat: only acc and bias are VLAs */
  double *rowsum = malloc(sizeof(double) * (size_t)n);
  fill(n, m, (double(*)[m])a, 5);
  for (int j = 0; j < m; j++) {
    acc[j] = -1.0;
    bias[j] = 0.25 * j;
  }
#pragma omp parallel for private(acc) firstprivate(bias) schedule(static, 2)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      acc[j] = a[(size_t)i * m + j] + bias[j];
    double s = 0.0;
    for (int j = 0; j < m; j++)
      s += acc[j];
    rowsum[i] = s;
    acc[0] = -2.0; /* the thread's copy only */
  }
  int bad = 0;
  double total = 0.0;
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
      s += a[(size_t)i * m + j] + 0.25 * j;
    if (rowsum[i] != s && bad++ < 3)
      printf("MISMATCH private VLA: rowsum[%d] = %.17g, want %.17g\n", i, rowsum[i], s);
    total += s;
  }
  failures += bad != 0;
  CHECK(acc[0] == -1.0 && bias[m - 1] == 0.25 * (m - 1),
        "private/firstprivate VLA originals changed");
  printf("private/firstprivate VLAs %dx%d: total %.6f\n", n, m, total);
  free(a);
  free(rowsum);
}

int main(int argc, char **argv)
{
  (void)argv;
  int n = 45 + argc, m = 30 + argc; /* run-time sizes: 46, 31 */
  private_vlas(n, m);
  private_vlas(5, 1);
  private_vlas(2, 200);
  printf("vla_private: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
