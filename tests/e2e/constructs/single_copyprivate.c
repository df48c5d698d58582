// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `single`, `single nowait` and `single copyprivate(list)` in a power-iteration eigenvalue
// solver written as one parallel region: one thread "reads the input" (builds the problem size
// and parameters) and broadcasts them with copyprivate into every thread's private variables
// (an int, a double, a struct and a pointer to a buffer the single thread allocated); each
// iteration's normalisation factor is computed by one thread in a `single` whose implicit
// barrier publishes it; progress lines are printed by `single nowait` (exactly once each, so the
// output is deterministic).  Each single block must run exactly once per encounter.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 400
#define ITERS 30

struct params {
  int n;
  int iters;
  double shift;
};

static double A[N][N];
static int single_runs;
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static struct params read_params(void)
{
  struct params p = {N, ITERS, 0.5};
  return p;
}

static void matvec_rows(const double *x, double *y, int lo, int hi, int n, double shift)
{
  for (int i = lo; i < hi; i++) {
    double s = shift * x[i];
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

/* Serial reference of the same iteration. */
static double power_serial(double *x, double *y, struct params p)
{
  double lambda = 0.0;
  for (int i = 0; i < p.n; i++)
    x[i] = 1.0;
  for (int it = 0; it < p.iters; it++) {
    matvec_rows(x, y, 0, p.n, p.n, p.shift);
    double m = 0.0;
    for (int i = 0; i < p.n; i++)
      m = y[i] > m ? y[i] : (-y[i] > m ? -y[i] : m);
    lambda = m;
    for (int i = 0; i < p.n; i++)
      x[i] = y[i] / m;
  }
  return lambda;
}

static double power_parallel(double **x_out)
{
  static double y[N];
  static double partial_max[256];
  static int bcast_ok[256];
  double lambda = 0.0;
  int printed = 0;
  int team = 1;

#pragma omp parallel shared(lambda, printed, team, bcast_ok)
  {
    struct params p;
    int n;
    double shift;
    double *x; /* private pointer to the shared buffer, set by copyprivate */
    int t = omp_get_thread_num();

#pragma omp single copyprivate(p, n, shift, x)
    {
      p = read_params();
      n = p.n;
      shift = p.shift;
      x = malloc(sizeof(double) * (size_t)n);
      for (int i = 0; i < n; i++)
        x[i] = 1.0;
      single_runs++;
      team = omp_get_num_threads();
    }
    /* every thread now has the same p, n, shift and x */
    bcast_ok[t] = p.n == N && n == N && shift == 0.5 && p.iters == ITERS && x != NULL;

    for (int it = 0; it < p.iters; it++) {
      int nt = omp_get_num_threads();
      int lo = (int)((long)n * t / nt), hi = (int)((long)n * (t + 1) / nt);
      matvec_rows(x, y, lo, hi, n, shift);
      double m = 0.0;
      for (int i = lo; i < hi; i++)
        m = y[i] > m ? y[i] : (-y[i] > m ? -y[i] : m);
      partial_max[t] = m;
#pragma omp barrier
#pragma omp single
      {
        double g = 0.0;
        for (int k = 0; k < nt; k++)
          g = partial_max[k] > g ? partial_max[k] : g;
        lambda = g;
        single_runs++;
      }
      /* implicit barrier of single: lambda is visible to all */
      for (int i = lo; i < hi; i++)
        x[i] = y[i] / lambda;
#pragma omp barrier
      if (it % 10 == 9) {
#pragma omp single nowait
        {
          printf("  iteration %2d: lambda %.10f\n", it + 1, lambda);
          printed++;
        }
      }
    }
#pragma omp single
    *x_out = x;
  }
  CHECK(printed == ITERS / 10, "single nowait printed %d lines, want %d", printed, ITERS / 10);
  for (int t = 0; t < team; t++)
    CHECK(bcast_ok[t], "copyprivate: thread %d did not receive the parameters", t);
  return lambda;
}

/* single outside any worksharing context: several in a row, and one with copyprivate of an
   array element's value into a private scalar. */
static void broadcast_table(void)
{
  static int table[64];
  int sums[256] = {0};
  int team = 1;
#pragma omp parallel shared(sums, team)
  {
    int seed;
#pragma omp single copyprivate(seed)
    {
      seed = 17;
      for (int k = 0; k < 64; k++)
        table[k] = (k * seed) % 31;
      team = omp_get_num_threads();
      single_runs++;
    }
    int s = 0;
    for (int k = 0; k < 64; k++)
      s += table[k] + seed;
    sums[omp_get_thread_num()] = s;
  }
  int want = 0;
  for (int k = 0; k < 64; k++)
    want += (k * 17) % 31 + 17;
  for (int t = 0; t < team; t++)
    CHECK(sums[t] == want, "broadcast_table: thread %d sum %d, want %d", t, sums[t], want);
  printf("broadcast table: sum %d\n", want);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i == j) ? 4.0 + (double)(i % 5) : 1.0 / (1.0 + (double)((i + j) % 17));
  static double xs[N], ys[N];
  double ref = power_serial(xs, ys, read_params());

  single_runs = 0;
  double *x = NULL;
  double lambda = power_parallel(&x);
  CHECK(single_runs == 1 + ITERS, "single ran %d times, want %d", single_runs, 1 + ITERS);
  CHECK(lambda == ref, "lambda %.17g, want %.17g", lambda, ref);
  for (int i = 0; i < N; i++)
    CHECK(x[i] == xs[i], "eigenvector[%d] = %.17g, want %.17g", i, x[i], xs[i]);
  free(x);
  printf("power iteration: lambda %.10f\n", ref);

  single_runs = 0;
  broadcast_table();
  CHECK(single_runs == 1, "broadcast single ran %d times", single_runs);
  printf("single_copyprivate: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
