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
 * reference and the test back to back (bench_epcc_main, bench.h).
 *
 * Options: --test=parallel|for|parallel_for|barrier|reduction|all --delay-us=0.1 --target-ms=50
 *          --reps=10
 * Output:  RESULT kernel=syncbench test=<test> ... seconds=<test> ref_seconds=<reference>
 *          innerreps=<n> overhead_us=<per construct>
 */
#include "bench.h"

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

static const struct bench_epcc_test tests[] = {
    {"parallel", test_parallel, ref_serial},
    {"for", test_for, ref_in_parallel},
    {"parallel_for", test_parallel_for, ref_serial},
    {"barrier", test_barrier, ref_in_parallel},
    {"reduction", test_reduction, ref_reduction},
};

int main(int argc, char **argv)
{
  bench_init("syncbench", argc, argv);
  bench_fixed_schedule("static", "default");
  bench_epcc_main(tests, sizeof tests / sizeof *tests, 50, (struct bench_epcc_reps){1, 1, 1});
  return 0;
}
