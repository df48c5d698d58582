/*
 * stream.c -- memory bandwidth: the four kernels of McCalpin's STREAM, with a static schedule
 * (default) or with schedule(runtime), i.e. OMP_SCHEDULE (--schedule=runtime).
 *
 *   copy   c[i] = a[i]                2 arrays moved (16 bytes per iteration)
 *   scale  b[i] = s * c[i]            2 arrays
 *   add    c[i] = a[i] + b[i]         3 arrays (24 bytes per iteration)
 *   triad  a[i] = b[i] + s * c[i]     3 arrays
 *
 * The arrays are first touched by a parallel loop with the same static schedule, so that each
 * thread's pages are where it later works (on a NUMA machine).  `n` must make the three arrays
 * much larger than the last-level cache.  The first of the `reps` repetitions is a warm-up and is
 * not reported, as in STREAM.
 *
 * Check: every element of a, b and c must equal the value given by repeating the four kernels on
 * scalars (STREAM's own validation), within a relative 1e-13.
 *
 * With --schedule=runtime the four kernels' loops say schedule(runtime), so that OMP_SCHEDULE
 * chooses (bench/run runs omp2numa's adaptive this way); the arrays are still first touched with
 * schedule(static), as in the default build.  The result lines then name OMP_SCHEDULE's schedule.
 *
 * Options: --n=10000000 (elements per array; 80 MB each) --reps=20 --schedule=static|runtime
 * Output:  RESULT kernel=stream test=copy|scale|add|triad ... seconds=X mbps=<bandwidth in MB/s>
 */
#include "bench.h"

static const double scalar = 3.0;

/* --schedule=runtime: the four kernels take their schedule from OMP_SCHEDULE. */
static bool use_runtime;

static void init(double *restrict a, double *restrict b, double *restrict c, long n)
{
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++) {
    a[i] = 1.0;
    b[i] = 2.0;
    c[i] = 0.0;
  }
}

static void copy(double *restrict c, const double *restrict a, long n)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < n; i++)
      c[i] = a[i];
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      c[i] = a[i];
  }
}

static void scale(double *restrict b, const double *restrict c, double s, long n)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < n; i++)
      b[i] = s * c[i];
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      b[i] = s * c[i];
  }
}

static void add(double *restrict c, const double *restrict a, const double *restrict b, long n)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < n; i++)
      c[i] = a[i] + b[i];
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      c[i] = a[i] + b[i];
  }
}

static void triad(double *restrict a, const double *restrict b, const double *restrict c,
                  double s, long n)
{
  if (use_runtime) {
#pragma omp parallel for schedule(runtime)
    for (long i = 0; i < n; i++)
      a[i] = b[i] + s * c[i];
  } else {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
      a[i] = b[i] + s * c[i];
  }
}

static void check(const double *a, const double *b, const double *c, long n, int reps)
{
  double ea = 1.0, eb = 2.0, ec = 0.0;
  for (int k = 0; k < reps; k++) {
    ec = ea;
    eb = scalar * ec;
    ec = ea + eb;
    ea = eb + scalar * ec;
  }
  for (long i = 0; i < n; i++) {
    bench_check(bench_close(a[i], ea, 1e-13), "a[%ld] = %g, expected %g", i, a[i], ea);
    bench_check(bench_close(b[i], eb, 1e-13), "b[%ld] = %g, expected %g", i, b[i], eb);
    bench_check(bench_close(c[i], ec, 1e-13), "c[%ld] = %g, expected %g", i, c[i], ec);
  }
}

int main(int argc, char **argv)
{
  bench_init("stream", argc, argv);
  long n = bench_opt_long("n", 10000000);
  int reps = (int)bench_opt_long("reps", 20);
  use_runtime = bench_opt_schedule_runtime();
  bench_opts_done();
  if (n < 1 || reps < 2)
    bench_usage_error("need --n >= 1 and --reps >= 2");

  double *a = bench_alloc((size_t)n * sizeof *a);
  double *b = bench_alloc((size_t)n * sizeof *b);
  double *c = bench_alloc((size_t)n * sizeof *c);
  init(a, b, c, n);

  static const char *const names[4] = {"copy", "scale", "add", "triad"};
  static const double words[4] = {2, 2, 3, 3};
  for (int rep = 0; rep < reps; rep++) {
    double t[4], t0;
    t0 = bench_now();
    copy(c, a, n);
    t[0] = bench_now() - t0;
    t0 = bench_now();
    scale(b, c, scalar, n);
    t[1] = bench_now() - t0;
    t0 = bench_now();
    add(c, a, b, n);
    t[2] = bench_now() - t0;
    t0 = bench_now();
    triad(a, b, c, scalar, n);
    t[3] = bench_now() - t0;
    if (rep == 0)
      continue; /* warm-up */
    for (int k = 0; k < 4; k++)
      bench_result(names[k], rep, t[k], "mbps=%.1f",
                   words[k] * sizeof(double) * (double)n / t[k] * 1e-6);
  }
  check(a, b, c, n, reps);
  bench_check_ok();
  free(a);
  free(b);
  free(c);
  return 0;
}
