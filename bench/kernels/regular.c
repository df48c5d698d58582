/*
 * regular.c -- regular loops, where a schedule can only add cost to `static`: what an untuned
 * schedule (schedule(runtime), i.e. OMP_SCHEDULE, or the runtime's default when it is unset)
 * costs against schedule(static).
 *
 *   jacobi  one sweep of a 5-point Jacobi relaxation on an n x n grid (rows shared out), then the
 *           grids swap: a memory-bound loop of n - 2 rows of n - 2 cheap points each
 *   short   one loop of `short` cheap iterations (x[i] = x[i] * 0.5 + 1.0) in a region of its
 *           own: the runtime's cost per loop, which a schedule's start-up and grain add to
 *
 * Each test runs `reps` timed repetitions of `sweeps` (jacobi) or `loops` (short) executions
 * after one untimed repetition; a result line gives a repetition's time divided by its executions
 * (seconds per sweep or per loop).  The grids are first touched by a parallel loop with a static
 * schedule.
 *
 * Check: the grids after every sweep and the array after every loop equal a serial computation
 * of the same steps, element by element (the same operations in the same order: exact).
 *
 * Options: --n=2048 --sweeps=20 --short=1000 --loops=20000 --reps=5 --schedule=static|runtime
 *          --test=all|jacobi|short
 * Output:  RESULT kernel=regular test=jacobi|short ... seconds=<per sweep or loop>
 */
#include "bench.h"

/* --schedule=runtime: the timed loops take their schedule from OMP_SCHEDULE. */
static bool use_runtime;

static void first_touch(double *restrict u, double *restrict v, long n)
{
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      u[i * n + j] = (double)((i * 7 + j * 3) % 11);
      v[i * n + j] = u[i * n + j];
    }
}

/* The new value of interior point (i, j) of grid u, row length n. */
static inline double relax(const double *restrict u, long n, long i, long j)
{
  return 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
}

static void sweep(double *restrict v, const double *restrict u, long n)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        v[i * n + j] = relax(u, n, i, j);
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        v[i * n + j] = relax(u, n, i, j);
  }
}

static void short_loop(double *restrict x, long m)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < m; i++)
      x[i] = x[i] * 0.5 + 1.0;
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < m; i++)
      x[i] = x[i] * 0.5 + 1.0;
  }
}

/* Runs (1 + reps) * sweeps Jacobi sweeps, times the last reps, and checks the final grid. */
static void test_jacobi(long n, long sweeps, int reps)
{
  const size_t cells = (size_t)n * (size_t)n;
  double *u = bench_alloc(cells * sizeof *u), *v = bench_alloc(cells * sizeof *v);
  first_touch(u, v, n);
  double *su = bench_alloc(cells * sizeof *su), *sv = bench_alloc(cells * sizeof *sv);
  memcpy(su, u, cells * sizeof *su);
  memcpy(sv, v, cells * sizeof *sv);
  for (int rep = 0; rep <= reps; rep++) {
    const double t0 = bench_now();
    for (long s = 0; s < sweeps; s++) {
      sweep(v, u, n);
      double *t = u;
      u = v;
      v = t;
    }
    if (rep > 0)
      bench_result("jacobi", rep - 1, (bench_now() - t0) / (double)sweeps, "n=%ld", n);
  }
  for (long s = 0; s < (reps + 1) * sweeps; s++) {
    for (long i = 1; i < n - 1; i++)
      for (long j = 1; j < n - 1; j++)
        sv[i * n + j] = relax(su, n, i, j);
    double *t = su;
    su = sv;
    sv = t;
  }
  for (size_t k = 0; k < cells; k++)
    bench_check(u[k] == su[k], "jacobi: cell %zu is %g, expected %g", k, u[k], su[k]);
  free(u), free(v), free(su), free(sv);
}

/* Runs (1 + reps) * loops short loops, times the last reps, and checks the array. */
static void test_short(long m, long loops, int reps)
{
  double *x = bench_alloc((size_t)m * sizeof *x);
  for (long i = 0; i < m; i++)
    x[i] = (double)i;
  for (int rep = 0; rep <= reps; rep++) {
    const double t0 = bench_now();
    for (long l = 0; l < loops; l++)
      short_loop(x, m);
    if (rep > 0)
      bench_result("short", rep - 1, (bench_now() - t0) / (double)loops, "n=%ld", m);
  }
  for (long i = 0; i < m; i++) {
    double e = (double)i;
    for (long l = 0; l < (reps + 1) * loops; l++)
      e = e * 0.5 + 1.0;
    bench_check(x[i] == e, "short: x[%ld] is %g, expected %g", i, x[i], e);
  }
  free(x);
}

int main(int argc, char **argv)
{
  bench_init("regular", argc, argv);
  long n = bench_opt_long("n", 2048);
  long sweeps = bench_opt_long("sweeps", 20);
  long m = bench_opt_long("short", 1000);
  long loops = bench_opt_long("loops", 20000);
  int reps = (int)bench_opt_long("reps", 5);
  use_runtime = bench_opt_schedule_runtime();
  const char *test = bench_opt_string("test", "all");
  bench_opts_done();
  if (n < 3 || sweeps < 1 || m < 1 || loops < 1 || reps < 1)
    bench_usage_error("need --n >= 3 and --sweeps, --short, --loops, --reps >= 1");
  const bool all = strcmp(test, "all") == 0;
  if (!all && strcmp(test, "jacobi") != 0 && strcmp(test, "short") != 0)
    bench_usage_error("--test must be all, jacobi or short, not '%s'", test);
  if (all || strcmp(test, "jacobi") == 0)
    test_jacobi(n, sweeps, reps);
  if (all || strcmp(test, "short") == 0)
    test_short(m, loops, reps);
  bench_check_ok();
  return 0;
}
