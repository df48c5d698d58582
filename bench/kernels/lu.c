/*
 * lu.c -- LU factorisation (Doolittle, no pivoting) of a dense, diagonally dominant N x N matrix
 * stored by columns, with and without omp2numa's affinity(name) clause.
 *
 * Right-looking factorisation: for k = 0 .. N-2, column k below the diagonal is divided by
 * a(k,k) (the multipliers), then every column j = k+1 .. N-1 is updated,
 * a(i,j) -= l(i,k) * a(k,j) for i > k.  The column updates of one k are independent and are
 * spread over the threads by a parallel loop over the shrinking range j = k+1 .. N-1.  Variants
 * (--variant):
 *
 *   affinity   schedule(static,1) affinity(cols) on the update loop and on the loop that
 *              initialises (first touches) the columns: column j is updated at every step by the
 *              thread that initialised it, whatever the range (docs/schedules.md, affinity(name))
 *   cyclic     schedule(static,1) on both loops, no affinity: the cyclic deal shifts by one column
 *              at every k, so a column changes thread at almost every step
 *   block      schedule(static) on both loops (blocks of the shrinking range: unbalanced)
 *
 * affinity(cols) is omp2numa's clause: it is compiled only when OMP2NUMA_AFFINITY is defined
 * (bench/run defines it for the omp2numa-cc build).  Without it the affinity variant is the
 * cyclic one, so bench/run runs that variant on omp2numa only.
 *
 * The matrix: entries in [-0.5, 0.5) from a linear congruential generator seeded by the column
 * (so any thread can generate any column), plus N on the diagonal, which makes it strictly
 * diagonally dominant (LU without pivoting exists and is stable).  Each repetition
 * re-initialises the matrix with the variant's init loop (not timed) and times one
 * factorisation.
 *
 * Check: the factorisation of the last repetition is compared bitwise with a serial one (each
 * element receives the same updates in the same order from the same function, whichever thread
 * runs it), and max |A - LU| / max |A| on sampled rows must be below 1e-10.
 *
 * Options: --n=1024 --reps=5 --variant=affinity|cyclic|block
 * Output:  RESULT kernel=lu test=affinity|cyclic|block sched=static chunk=1|default ... seconds=X
 *          n=N home=F   (seconds: one factorisation; F: fraction of column updates, over the last factorisation,
 *          that ran on the thread that initialised the column)
 */
#include "bench.h"

enum variant { AFFINITY, CYCLIC, BLOCK };

static void __attribute__((noinline)) init_column(double *col, long n, long j)
{
  unsigned long long x = 0x9E3779B97F4A7C15ull ^ (unsigned long long)j;
  for (long i = 0; i < n; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    col[i] = (double)(x >> 11) * 0x1.0p-53 - 0.5;
  }
  col[j] += (double)n;
}

static void __attribute__((noinline)) scale_column(double *a, long n, long k)
{
  double *ck = a + k * n;
  for (long i = k + 1; i < n; i++)
    ck[i] /= ck[k];
}

static void __attribute__((noinline)) update_column(double *a, long n, long k, long j)
{
  const double *lk = a + k * n;
  double *cj = a + j * n;
  const double akj = cj[k];
  for (long i = k + 1; i < n; i++)
    cj[i] -= lk[i] * akj;
}

/* Initialises every column; owner[j] receives the thread that wrote column j. */
static void init_parallel(double *a, long n, int *owner, enum variant v)
{
  if (v == AFFINITY) {
#ifdef OMP2NUMA_AFFINITY
#pragma omp parallel for schedule(static, 1) affinity(cols)
#else
#pragma omp parallel for schedule(static, 1)
#endif
    for (long j = 0; j < n; j++) {
      init_column(a + j * n, n, j);
      owner[j] = omp_get_thread_num();
    }
  } else if (v == CYCLIC) {
#pragma omp parallel for schedule(static, 1)
    for (long j = 0; j < n; j++) {
      init_column(a + j * n, n, j);
      owner[j] = omp_get_thread_num();
    }
  } else {
#pragma omp parallel for schedule(static)
    for (long j = 0; j < n; j++) {
      init_column(a + j * n, n, j);
      owner[j] = omp_get_thread_num();
    }
  }
}

/* Factorises a in place; returns the number of column updates that ran on the column's owner. */
static long factor_parallel(double *a, long n, const int *owner, enum variant v)
{
  long home = 0;
  for (long k = 0; k + 1 < n; k++) {
    scale_column(a, n, k);
    if (v == AFFINITY) {
#ifdef OMP2NUMA_AFFINITY
#pragma omp parallel for schedule(static, 1) affinity(cols) reduction(+ : home)
#else
#pragma omp parallel for schedule(static, 1) reduction(+ : home)
#endif
      for (long j = k + 1; j < n; j++) {
        update_column(a, n, k, j);
        home += owner[j] == omp_get_thread_num();
      }
    } else if (v == CYCLIC) {
#pragma omp parallel for schedule(static, 1) reduction(+ : home)
      for (long j = k + 1; j < n; j++) {
        update_column(a, n, k, j);
        home += owner[j] == omp_get_thread_num();
      }
    } else {
#pragma omp parallel for schedule(static) reduction(+ : home)
      for (long j = k + 1; j < n; j++) {
        update_column(a, n, k, j);
        home += owner[j] == omp_get_thread_num();
      }
    }
  }
  return home;
}

static void lu_serial(double *a, long n)
{
  for (long j = 0; j < n; j++)
    init_column(a + j * n, n, j);
  for (long k = 0; k + 1 < n; k++) {
    scale_column(a, n, k);
    for (long j = k + 1; j < n; j++)
      update_column(a, n, k, j);
  }
}

static double abs_double(double x)
{
  return x < 0.0 ? -x : x;
}

/* max |A - LU| / max |A| over a few rows (L unit lower triangular, U upper). */
static double lu_error(const double *lu, long n)
{
  double *col = bench_alloc((size_t)n * sizeof *col);
  double err = 0.0, amax = 0.0;
  long rows[] = {0, 1, n / 3, n / 2, n - 1};
  for (long j = 0; j < n; j++) {
    init_column(col, n, j);
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
      long i = rows[r], m = i < j ? i : j;
      double s = i <= j ? lu[j * n + i] : 0.0;
      for (long p = 0; p < m; p++)
        s += lu[p * n + i] * lu[j * n + p];
      if (i > j)
        s += lu[j * n + i] * lu[j * n + j];
      double d = abs_double(s - col[i]);
      err = d > err ? d : err;
      amax = abs_double(col[i]) > amax ? abs_double(col[i]) : amax;
    }
  }
  free(col);
  return err / amax;
}

int main(int argc, char **argv)
{
  bench_init("lu", argc, argv);
  long n = bench_opt_long("n", 1024);
  int reps = (int)bench_opt_long("reps", 5);
  const char *vname = bench_opt_string("variant", "affinity");
  bench_opts_done();
  if (n < 2 || n > 16384 || reps < 1)
    bench_usage_error("need 2 <= --n <= 16384 and --reps >= 1");
  enum variant v;
  if (strcmp(vname, "affinity") == 0)
    v = AFFINITY;
  else if (strcmp(vname, "cyclic") == 0)
    v = CYCLIC;
  else if (strcmp(vname, "block") == 0)
    v = BLOCK;
  else
    bench_usage_error("--variant must be affinity, cyclic or block, not '%s'", vname);
  bench_fixed_schedule("static", v == BLOCK ? "default" : "1");

  size_t cells = (size_t)n * (size_t)n;
  double *a = bench_alloc(cells * sizeof *a);
  int *owner = bench_alloc((size_t)n * sizeof *owner);
  long updates = n * (n - 1) / 2;

  /* Warm-up (also records the affinity map), then the timed factorisations. */
  for (int rep = -1; rep < reps; rep++) {
    init_parallel(a, n, owner, v);
    double t0 = bench_now();
    long home = factor_parallel(a, n, owner, v);
    double t = bench_now() - t0;
    if (rep >= 0)
      bench_result(vname, rep, t, "n=%ld home=%.3f", n, (double)home / (double)updates);
  }

  double *s = bench_alloc(cells * sizeof *s);
  lu_serial(s, n);
  size_t ndiff = 0, first = 0;
  for (size_t c = 0; c < cells; c++)
    if (memcmp(&a[c], &s[c], sizeof(double)) != 0 && ndiff++ == 0)
      first = c;
  bench_check(ndiff == 0, "%zu of %zu entries differ from the serial LU, first (%zu, %zu): "
              "%.17g vs %.17g", ndiff, cells, first % (size_t)n, first / (size_t)n, a[first], s[first]);
  double err = lu_error(a, n);
  bench_check(err < 1e-10, "max |A - LU| / max |A| = %.3e", err);
  bench_check_ok();
  free(a);
  free(s);
  free(owner);
  return 0;
}
