/*
 * syncbench.c -- the cost of the synchronisation constructs, in the manner of the EPCC syncbench.
 *
 * Each test repeats a construct `innerreps` times around a calibrated delay, and a reference does
 * the same delays without the construct; (test - reference) / innerreps is the construct's cost.
 *
 *   parallel      for (j) { #pragma omp parallel  delay(); }       ref: for (j) delay();
 *   for           #pragma omp parallel  for (j) { #pragma omp for  for (i < nthreads) delay(); }
 *                                                                   ref: parallel, for (j) delay();
 *   parallel_for  for (j) { #pragma omp parallel for  for (i < nthreads) delay(); }
 *                                                                   ref: for (j) delay();
 *   barrier       #pragma omp parallel  for (j) { delay(); #pragma omp barrier }
 *                                                                   ref: parallel, for (j) delay();
 *   reduction     for (j) { #pragma omp parallel reduction(+:sum)  { delay(); sum += 1; } }
 *                                                       ref: for (j) { delay(); sum += 1; }
 *
 * innerreps is chosen so that a test takes about `target-ms`; each repetition measures the
 * reference and the test back to back.
 *
 * Options: --test=parallel|for|parallel_for|barrier|reduction|all --delay-us=0.1 --target-ms=50
 *          --reps=10
 * Output:  RESULT kernel=syncbench test=<test> ... seconds=<test> ref_seconds=<reference>
 *          innerreps=<n> overhead_us=<per construct>
 */
#include "bench.h"

typedef double test_fn(long innerreps, long delay);

static double ref_serial(long innerreps, long delay)
{
  double t0 = bench_now();
  for (long j = 0; j < innerreps; j++)
    bench_delay(delay);
  return bench_now() - t0;
}

static double ref_in_parallel(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++)
    bench_delay(delay);
  return bench_now() - t0;
}

static double ref_reduction(long innerreps, long delay)
{
  long sum = 0;
  double t0 = bench_now();
  for (long j = 0; j < innerreps; j++) {
    bench_delay(delay);
    sum += 1;
  }
  double t = bench_now() - t0;
  bench_check(sum == innerreps, "serial reference sum %ld != %ld", sum, innerreps);
  return t;
}

static double test_parallel(long innerreps, long delay)
{
  double t0 = bench_now();
  for (long j = 0; j < innerreps; j++) {
#pragma omp parallel firstprivate(delay)
    bench_delay(delay);
  }
  return bench_now() - t0;
}

static double test_for(long innerreps, long delay)
{
  int nthreads = bench_threads();
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay, nthreads)
  for (long j = 0; j < innerreps; j++) {
#pragma omp for
    for (int i = 0; i < nthreads; i++)
      bench_delay(delay);
  }
  return bench_now() - t0;
}

static double test_parallel_for(long innerreps, long delay)
{
  int nthreads = bench_threads();
  double t0 = bench_now();
  for (long j = 0; j < innerreps; j++) {
#pragma omp parallel for firstprivate(delay)
    for (int i = 0; i < nthreads; i++)
      bench_delay(delay);
  }
  return bench_now() - t0;
}

static double test_barrier(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
    bench_delay(delay);
#pragma omp barrier
  }
  return bench_now() - t0;
}

static double test_reduction(long innerreps, long delay)
{
  long sum = 0;
  double t0 = bench_now();
  for (long j = 0; j < innerreps; j++) {
#pragma omp parallel firstprivate(delay) reduction(+ : sum)
    {
      bench_delay(delay);
      sum += 1;
    }
  }
  double t = bench_now() - t0;
  bench_check(sum == innerreps * bench_threads(), "reduction sum %ld != %ld", sum,
              innerreps * bench_threads());
  return t;
}

static const struct {
  const char *name;
  test_fn *test, *ref;
} tests[] = {
    {"parallel", test_parallel, ref_serial},
    {"for", test_for, ref_in_parallel},
    {"parallel_for", test_parallel_for, ref_serial},
    {"barrier", test_barrier, ref_in_parallel},
    {"reduction", test_reduction, ref_reduction},
};

int main(int argc, char **argv)
{
  bench_init("syncbench", argc, argv);
  const char *which = bench_opt_string("test", "all");
  double delay_us = bench_opt_double("delay-us", 0.1);
  double target = bench_opt_double("target-ms", 50) * 1e-3;
  int reps = (int)bench_opt_long("reps", 10);
  bench_opts_done();
  bench_fixed_schedule("static", "default");

  long delay = bench_delay_calibrate(delay_us * 1e-6);
  int ran = 0;
  for (unsigned k = 0; k < sizeof tests / sizeof *tests; k++) {
    if (strcmp(which, "all") != 0 && strcmp(which, tests[k].name) != 0)
      continue;
    ran++;
    /* innerreps: double until the test takes a tenth of the target, then scale. */
    long innerreps = 1;
    double t;
    while ((t = tests[k].test(innerreps, delay)) < target / 10)
      innerreps *= 2;
    innerreps = (long)((double)innerreps * target / t) + 1;
    for (int rep = 0; rep < reps; rep++) {
      double t_ref = tests[k].ref(innerreps, delay);
      double t_test = tests[k].test(innerreps, delay);
      bench_result(tests[k].name, rep, t_test, "ref_seconds=%.9f innerreps=%ld overhead_us=%.4f",
                   t_ref, innerreps, (t_test - t_ref) / (double)innerreps * 1e6);
    }
  }
  if (ran == 0)
    bench_usage_error("unknown test '%s'", which);
  bench_check_ok();
  return 0;
}
