// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Variable-length arrays shared by parallel code, as C99 numerical code writes it: matrix kernels
// that take `double a[n][m]` parameters (and `const double b[m][p]`), a local VLA and a
// heap-allocated VLA (`double (*grid)[m]`) used by a region, a VLA declared inside the loop body
// (per-iteration scratch), sizeof of a VLA inside a region, and a loop over rows through a pointer
// to the VLA row type.  Sizes are run-time values, including ones that do not divide the team
// size.  Private and firstprivate VLAs are in vla_private.c.

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

/* C = A * B with VLA parameters. */
static void matmul(int n, int m, int p, const double a[n][m], const double b[m][p],
                   double c[n][p])
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      double s = 0.0;
      for (int k = 0; k < m; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static void matmul_ref(int n, int m, int p, const double a[n][m], const double b[m][p],
                       double c[n][p])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      double s = 0.0;
      for (int k = 0; k < m; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

static double compare(int n, int m, double got[n][m], double want[n][m], const char *what)
{
  int bad = 0;
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (got[i][j] != want[i][j] && bad++ < 3)
        printf("MISMATCH %s [%d][%d]: %.17g, want %.17g\n", what, i, j, got[i][j], want[i][j]);
      s += want[i][j];
    }
  failures += bad != 0;
  return s;
}

/* A local VLA shared by a region; row scratch declared in the body; a row-pointer loop. */
static void smooth_rows(int n, int m)
{
  double (*grid)[m] = malloc(sizeof(double[n][m]));
  double (*ref)[m] = malloc(sizeof(double[n][m]));
  double weights[m]; /* local VLA, shared */
  fill(n, m, grid, 1);
  fill(n, m, ref, 1);
  for (int j = 0; j < m; j++)
    weights[j] = 1.0 + (double)(j % 3) / 2.0;

  size_t seen_size = 0;
#pragma omp parallel shared(grid, weights, seen_size)
  {
    if (omp_get_thread_num() == 0)
      seen_size = sizeof weights; /* sizeof of a VLA inside the region */
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < n; i++) {
      double tmp[m]; /* per-iteration scratch VLA */
      for (int j = 0; j < m; j++)
        tmp[j] = grid[i][j > 0 ? j - 1 : j] + grid[i][j] + grid[i][j < m - 1 ? j + 1 : j];
      for (int j = 0; j < m; j++)
        grid[i][j] = tmp[j] * weights[j] / 3.0;
    }
  }
  for (double(*row)[m] = ref; row < ref + n; row++) {
    double tmp[m];
    for (int j = 0; j < m; j++)
      tmp[j] = (*row)[j > 0 ? j - 1 : j] + (*row)[j] + (*row)[j < m - 1 ? j + 1 : j];
    for (int j = 0; j < m; j++)
      (*row)[j] = tmp[j] * weights[j] / 3.0;
  }
  CHECK(seen_size == sizeof(double) * (size_t)m, "sizeof VLA in region %zu, want %zu", seen_size,
        sizeof(double) * (size_t)m);
  double s = compare(n, m, grid, ref, "smooth rows");
  printf("smooth rows %dx%d: sum %.6f\n", n, m, s);
  free(grid);
  free(ref);
}

int main(int argc, char **argv)
{
  (void)argv;
  int n = 45 + argc, m = 30 + argc, p = 23 + argc; /* run-time sizes: 46, 31, 24 */
  double (*a)[m] = malloc(sizeof(double[n][m]));
  double (*b)[p] = malloc(sizeof(double[m][p]));
  double (*c)[p] = malloc(sizeof(double[n][p]));
  double (*cref)[p] = malloc(sizeof(double[n][p]));
  fill(n, m, a, 2);
  fill(m, p, b, 3);
  matmul(n, m, p, (const double(*)[m])a, (const double(*)[p])b, c);
  matmul_ref(n, m, p, (const double(*)[m])a, (const double(*)[p])b, cref);
  double s = compare(n, p, c, cref, "matmul");
  printf("matmul %dx%d * %dx%d: sum %.6f\n", n, m, m, p, s);
  free(a);
  free(b);
  free(c);
  free(cref);

  smooth_rows(n, m);
  smooth_rows(3, 7);
  printf("vla_shared: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
