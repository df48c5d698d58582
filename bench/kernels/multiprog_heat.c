/*
 * multiprog_heat.c -- the barrier-heavy program of the multiprogramming section: explicit 1-D
 * heat diffusion (Jacobi sweeps u'[i] = u[i] + 0.25 (u[i-1] - 2 u[i] + u[i+1]), ends held fixed)
 * on a small rod, many times over, with no num_threads clause: a team of all processors (or what
 * OMP_DYNAMIC leaves).
 *
 * The sweeps are grouped in regions: each region is one `parallel` (a fork and a join) that runs
 * --sweeps-per-region sweeps, each an `omp for schedule(static)` whose implicit barrier separates
 * it from the next, then the rod's heat content by a `reduction(+)` loop.  A sweep of the
 * default 65 536 points is some 20 microseconds of work per thread on 2 threads, 15 000 sweeps in
 * all (0.5 s): one barrier every few tens of microseconds, as in a stencil or a particle code
 * whose parallel steps are small.  Alone, a barrier costs a microsecond or two; when other programs share the
 * processors, a thread that waits at a barrier for a partner that is not running decides the
 * program's time, and how it waits (spinning, yielding, sleeping) decides everyone else's.
 *
 * bench/run starts K copies of this program at once and measures each copy's turnaround itself.
 * So the check costs little: the first and the last region are recomputed serially from
 * snapshots of the rod, and must match bit for bit (a Jacobi sweep does not depend on the order of
 * its iterations); the last region's heat content must match the serial sum to 1e-9 (the
 * reduction adds in another order).  Exit status 3 on failure.
 *
 * Options: --n=65536 --regions=150 --sweeps-per-region=100
 * Output:  RESULT kernel=mp_heat test=run ... seconds=X team_min=A team_max=B
 *          (X: all regions; A, B: the smallest and largest team of the regions)
 */
#include "bench.h"

/* One sweep of points 1..n-2 from src into dst (serial; the reference of the check). */
static void sweep_serial(const double *src, double *dst, long n)
{
  for (long i = 1; i < n - 1; i++)
    dst[i] = src[i] + 0.25 * (src[i - 1] - 2.0 * src[i] + src[i + 1]);
}

/* One region: `sweeps` sweeps (even, so the rod ends in a) in parallel, then the heat content.
   Returns it; *team gets the team size. */
static double region_parallel(double *a, double *b, long n, int sweeps, int *team)
{
  double heat = 0.0;
#pragma omp parallel
  {
#pragma omp single nowait
    *team = omp_get_num_threads();
    for (int s = 0; s < sweeps; s++) {
      const double *src = s % 2 ? b : a;
      double *dst = s % 2 ? a : b;
#pragma omp for schedule(static)
      for (long i = 1; i < n - 1; i++)
        dst[i] = src[i] + 0.25 * (src[i - 1] - 2.0 * src[i] + src[i + 1]);
    }
#pragma omp for schedule(static) reduction(+ : heat)
    for (long i = 0; i < n; i++)
      heat += a[i];
  }
  return heat;
}

/* The same region, serially, on the rod in a (b is scratch). */
static double region_serial(double *a, double *b, long n, int sweeps)
{
  for (int s = 0; s < sweeps; s++)
    sweep_serial(s % 2 ? b : a, s % 2 ? a : b, n);
  double heat = 0.0;
  for (long i = 0; i < n; i++)
    heat += a[i];
  return heat;
}

int main(int argc, char **argv)
{
  bench_init("mp_heat", argc, argv);
  long n = bench_opt_long("n", 65536);
  long regions = bench_opt_long("regions", 150);
  int sweeps = (int)bench_opt_long("sweeps-per-region", 100);
  bench_opts_done();
  if (n < 3 || regions < 1 || sweeps < 2 || sweeps % 2)
    bench_usage_error("--n must be at least 3, --regions positive, --sweeps-per-region even");
  bench_fixed_schedule("static", "default");

  size_t bytes = (size_t)n * sizeof(double);
  double *a = bench_alloc(bytes), *b = bench_alloc(bytes);
  double *first = bench_alloc(bytes), *last = bench_alloc(bytes);
  double *ref = bench_alloc(bytes), *scratch = bench_alloc(bytes);
  /* A hot middle third and cold ends (held at 0 and 1). */
  for (long i = 0; i < n; i++)
    a[i] = i == n - 1 ? 1.0 : (i > n / 3 && i < 2 * n / 3) ? 100.0 : 0.0;
  memcpy(b, a, bytes);
  memcpy(first, a, bytes);

  int team_min = 1 << 30, team_max = 0, team = 0;
  double heat = 0.0, t0 = bench_now();
  for (long r = 0; r < regions; r++) {
    if (r == regions - 1)
      memcpy(last, a, bytes);
    heat = region_parallel(a, b, n, sweeps, &team);
    team_min = team < team_min ? team : team_min;
    team_max = team > team_max ? team : team_max;
    if (r == 0 && regions > 1) {
      /* Check the first region now, while its snapshot is the state after one region. */
      memcpy(ref, first, bytes);
      memcpy(scratch, first, bytes);
      region_serial(ref, scratch, n, sweeps);
      bench_check(memcmp(ref, a, bytes) == 0, "the first region differs from a serial one");
    }
  }
  double seconds = bench_now() - t0;

  memcpy(ref, last, bytes);
  memcpy(scratch, last, bytes);
  double expected = region_serial(ref, scratch, n, sweeps);
  bench_check(memcmp(ref, a, bytes) == 0, "the last region differs from a serial one");
  bench_check(bench_close(heat, expected, 1e-9), "heat %.17g, expected %.17g", heat, expected);

  bench_result("run", 0, seconds, "team_min=%d team_max=%d", team_min, team_max);
  bench_check_ok();
  free(a);
  free(b);
  free(first);
  free(last);
  free(ref);
  free(scratch);
  return 0;
}
