/*
 * multiprog_regions.c -- the many-short-regions program of the multiprogramming section: a loop
 * of --regions `parallel` regions (100 000 by default), each with one small `omp for` of a few
 * microseconds of work, and no num_threads clause: a team of all processors (or what OMP_DYNAMIC
 * leaves), as a program whose hot loop is parallelised region by region gets it.
 *
 * Each region updates a vector of --n points (x[i] = x[i] * c + y[i], c changing from region to
 * region), so each region costs a fork, the loop's barrier and a join around almost no work.
 * Alone, what a region costs beyond its work is the runtime's fork/join; when other programs
 * share the processors, it is how fast a sleeping or preempted team member comes back at every
 * fork and join.  bench/run divides each copy's turnaround by the number of regions: the cost per
 * region, alone and crowded.
 *
 * The check costs little next to the run (exit status 3 on failure): the first and the last
 * region are recomputed serially from snapshots of the vector and must match it bit for bit (the
 * update of a point does not depend on the others), and every 61st point is followed serially
 * through all the regions and must match bit for bit.
 *
 * Options: --regions=100000 --n=2048
 * Output:  RESULT kernel=mp_regions test=run ... seconds=X regions=R team_min=A team_max=B
 *          (X: all regions; A, B: the smallest and largest team of the regions)
 */
#include "bench.h"

/* The coefficient of region r: below 1, so that the vector stays bounded. */
static double coefficient(long r)
{
  static const double c[4] = {0.5, 0.75, 0.625, 0.875};
  return c[r & 3];
}

/* One region, serially: the reference of the checks. */
static void region_serial(double *x, const double *y, long n, long r)
{
  double c = coefficient(r);
  for (long i = 0; i < n; i++)
    x[i] = x[i] * c + y[i];
}

/* The regions first..last-1 in parallel; *team_min and *team_max get the team sizes seen. */
static void regions_parallel(double *x, const double *y, long n, long first, long last,
                             int *team_min, int *team_max)
{
  for (long r = first; r < last; r++) {
    double c = coefficient(r);
    int team = 0;
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0)
        team = omp_get_num_threads();
#pragma omp for schedule(static)
      for (long i = 0; i < n; i++)
        x[i] = x[i] * c + y[i];
    }
    *team_min = team < *team_min ? team : *team_min;
    *team_max = team > *team_max ? team : *team_max;
  }
}

/* Checks x (after `regions` regions from x0) on every 61st point, followed serially. */
static void check_sampled_points(const double *x, const double *x0, const double *y, long n,
                                 long regions)
{
  for (long i = 0; i < n; i += 61) {
    double v = x0[i];
    for (long r = 0; r < regions; r++)
      v = v * coefficient(r) + y[i];
    bench_check(v == x[i], "point %ld: %.17g, a serial run gives %.17g", i, x[i], v);
  }
}

int main(int argc, char **argv)
{
  bench_init("mp_regions", argc, argv);
  long regions = bench_opt_long("regions", 100000);
  long n = bench_opt_long("n", 2048);
  bench_opts_done();
  if (regions < 2 || n < 1)
    bench_usage_error("--regions must be at least 2, --n positive");
  bench_fixed_schedule("static", "default");

  size_t bytes = (size_t)n * sizeof(double);
  double *x = bench_alloc(bytes), *y = bench_alloc(bytes), *x0 = bench_alloc(bytes);
  double *first = bench_alloc(bytes), *last = bench_alloc(bytes);
  uint64_t seed = 23;
  for (long i = 0; i < n; i++) {
    x[i] = x0[i] = bench_rand_unit(&seed);
    y[i] = bench_rand_unit(&seed);
  }

  int team_min = 1 << 30, team_max = 0;
  double t0 = bench_now();
  regions_parallel(x, y, n, 0, 1, &team_min, &team_max);
  memcpy(first, x, bytes);
  regions_parallel(x, y, n, 1, regions - 1, &team_min, &team_max);
  memcpy(last, x, bytes);
  regions_parallel(x, y, n, regions - 1, regions, &team_min, &team_max);
  double seconds = bench_now() - t0;

  double *ref = bench_alloc(bytes);
  memcpy(ref, x0, bytes);
  region_serial(ref, y, n, 0);
  bench_check(memcmp(ref, first, bytes) == 0, "the first region differs from a serial one");
  memcpy(ref, last, bytes);
  region_serial(ref, y, n, regions - 1);
  bench_check(memcmp(ref, x, bytes) == 0, "the last region differs from a serial one");
  check_sampled_points(x, x0, y, n, regions);

  bench_result("run", 0, seconds, "regions=%ld team_min=%d team_max=%d", regions, team_min,
               team_max);
  bench_check_ok();
  free(x);
  free(y);
  free(x0);
  free(first);
  free(last);
  free(ref);
  return 0;
}
