/*
 * triangular.c -- a loop whose iteration i costs n - i units of work (a triangular loop nest, as
 * in LU or in an all-pairs computation over j > i), or, with --flat, whose iterations all cost
 * n / 2 units (the same total).
 *
 * Triangular: a block schedule gives the first thread three quarters of the work on two threads;
 * chunked and self-scheduled loops even it out.  Flat: every schedule should be balanced, so the
 * flat loop isolates imbalance that comes from the machine (more threads than cores, a core
 * shared with another process) rather than from the loop.
 *
 * A unit is one step of a dependent floating-point recurrence, so the work cannot be vectorised
 * away and takes the same time on every core.
 *
 * Check: out[] must equal a serial run bit for bit (same function).
 *
 * Options: --n=8000 --reps=7 --flat
 * Output:  RESULT kernel=triangular|flat test=loop ... seconds=X
 *          RESULT kernel=triangular|flat test=serial ... rep=0 seconds=X
 */
#include "bench.h"

/* `units` steps of the recurrence, seeded by i. */
static double __attribute__((noinline)) work(long i, long units)
{
  double acc = (double)i;
  for (long j = 0; j < units; j++)
    acc = acc * 0.999999 + (double)j;
  return acc;
}

static void run_parallel(double *out, long n, int flat)
{
#pragma omp parallel for schedule(runtime) firstprivate(n, flat)
  for (long i = 0; i < n; i++)
    out[i] = work(i, flat ? n / 2 : n - i);
}

static void run_serial(double *out, long n, int flat)
{
  for (long i = 0; i < n; i++)
    out[i] = work(i, flat ? n / 2 : n - i);
}

int main(int argc, char **argv)
{
  bench_init("triangular", argc, argv);
  long n = bench_opt_long("n", 8000);
  int reps = (int)bench_opt_long("reps", 7);
  int flat = bench_opt_flag("flat");
  bench_opts_done();
  if (flat)
    bench_rename("flat");
  if (n < 1 || reps < 1)
    bench_usage_error("--n and --reps must be positive");

  double *serial = bench_alloc((size_t)n * sizeof *serial);
  double *parallel = bench_alloc((size_t)n * sizeof *parallel);

  double t0 = bench_now();
  run_serial(serial, n, flat);
  bench_result("serial", 0, bench_now() - t0, NULL);

  run_parallel(parallel, n, flat); /* warm-up */
  for (int rep = 0; rep < reps; rep++) {
    memset(parallel, 0, (size_t)n * sizeof *parallel);
    t0 = bench_now();
    run_parallel(parallel, n, flat);
    bench_result("loop", rep, bench_now() - t0, NULL);
  }

  bench_check(memcmp(serial, parallel, (size_t)n * sizeof *serial) == 0,
              "results differ from the serial run");
  bench_check_ok();
  free(serial);
  free(parallel);
  return 0;
}
