/*
 * schedbench.c -- the cost of a loop schedule, in the manner of the EPCC schedbench.
 *
 * Every thread does `iters-per-thread` calibrated delays of `delay-us` microseconds:
 *
 *   reference:  #pragma omp parallel
 *               for (j < innerreps) for (i < iters-per-thread) delay();
 *   test:       #pragma omp parallel
 *               for (j < innerreps) { #pragma omp for schedule(runtime)
 *                                     for (i < iters-per-thread * nthreads) delay(); }
 *
 * Both do the same work on the same team, so (test - reference) / innerreps is what one
 * worksharing loop costs: handing out its chunks and the barrier at its end.  innerreps is chosen
 * so that the reference takes about `target-ms`.  Each repetition measures the reference and the
 * test back to back, so slow drifts of a noisy machine affect both alike.
 *
 * Before timing, one loop with the same schedule records which iterations ran: each must have run
 * exactly once (the check).
 *
 * Options: --iters-per-thread=1024 --delay-us=0.1 --target-ms=50 --reps=10
 * Output:  RESULT kernel=schedbench test=loop ... seconds=<test> ref_seconds=<reference>
 *          innerreps=<n> overhead_us=<per loop>
 */
#include "bench.h"

static void reference(long innerreps, long per_thread, long delay)
{
#pragma omp parallel firstprivate(innerreps, per_thread, delay)
  for (long j = 0; j < innerreps; j++)
    for (long i = 0; i < per_thread; i++)
      bench_delay(delay);
}

static void test(long innerreps, long total, long delay)
{
#pragma omp parallel firstprivate(innerreps, total, delay)
  for (long j = 0; j < innerreps; j++) {
#pragma omp for schedule(runtime)
    for (long i = 0; i < total; i++)
      bench_delay(delay);
  }
}

/* Each of the `total` iterations of one loop with the runtime schedule must run exactly once. */
static void check_coverage(long total)
{
  unsigned char *seen = calloc((size_t)total, 1);
  bench_check(seen != NULL, "out of memory");
#pragma omp parallel for schedule(runtime)
  for (long i = 0; i < total; i++)
    seen[i]++;
  for (long i = 0; i < total; i++)
    bench_check(seen[i] == 1, "iteration %ld ran %d times", i, seen[i]);
  free(seen);
}

int main(int argc, char **argv)
{
  bench_init("schedbench", argc, argv);
  long per_thread = bench_opt_long("iters-per-thread", 1024);
  double delay_us = bench_opt_double("delay-us", 0.1);
  double target = bench_opt_double("target-ms", 50) * 1e-3;
  int reps = (int)bench_opt_long("reps", 10);
  bench_opts_done();

  long total = per_thread * bench_threads();
  long delay = bench_delay_calibrate(delay_us * 1e-6);
  check_coverage(total);
  bench_check_ok();

  /* innerreps: the reference should take about `target` seconds. */
  test(1, total, delay); /* warm-up: creates the threads */
  double t0 = bench_now();
  reference(4, per_thread, delay);
  double per_loop = (bench_now() - t0) / 4;
  long innerreps = (long)(target / per_loop);
  if (innerreps < 1)
    innerreps = 1;

  for (int rep = 0; rep < reps; rep++) {
    t0 = bench_now();
    reference(innerreps, per_thread, delay);
    double t_ref = bench_now() - t0;
    t0 = bench_now();
    test(innerreps, total, delay);
    double t_test = bench_now() - t0;
    bench_result("loop", rep, t_test, "ref_seconds=%.9f innerreps=%ld overhead_us=%.4f", t_ref,
                 innerreps, (t_test - t_ref) / (double)innerreps * 1e6);
  }
  return 0;
}
