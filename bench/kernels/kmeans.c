/*
 * kmeans.c -- the assignment step of k-means: each point goes to its nearest centroid.
 *
 * One loop iteration per point.  The distance to a centroid is accumulated dimension by dimension
 * and abandoned as soon as it exceeds the best distance so far (partial distance search, the usual
 * trick of k-means codes), so a point costs between k and k * dims multiply-adds depending on
 * where it lies: a mildly irregular loop, where a block schedule is close to balanced and the
 * price of finer schedules is mostly their overhead.
 *
 * The points are drawn around k true centres (Gaussian noise, deterministic seed) in random order;
 * the centroids are the true centres moved a little.  A repetition is `iters` assignment steps;
 * the sum of the squared distances (the inertia) is a reduction.
 *
 * Check: every label must equal the serial run's; the inertia must agree within a relative 1e-9
 * (the reduction adds in another order).
 *
 * Options: --points=200000 --dims=16 --k=32 --iters=3 --reps=7
 * Output:  RESULT kernel=kmeans test=loop ... seconds=X
 *          RESULT kernel=kmeans test=serial ... rep=0 seconds=X   (one step per iteration)
 */
#include "bench.h"

#include <math.h>

struct problem {
  long points;
  int dims, k;
  const double *x;         /* points * dims */
  const double *centroids; /* k * dims */
};

/* Index of the nearest centroid of point p; its squared distance in *dist. */
static inline int nearest(const struct problem *pb, long p, double *dist)
{
  const double *xp = pb->x + p * pb->dims;
  double best = INFINITY;
  int label = 0;
  for (int c = 0; c < pb->k; c++) {
    const double *cc = pb->centroids + (long)c * pb->dims;
    double d = 0.0;
    for (int j = 0; j < pb->dims && d < best; j++) {
      double diff = xp[j] - cc[j];
      d += diff * diff;
    }
    if (d < best) {
      best = d;
      label = c;
    }
  }
  *dist = best;
  return label;
}

static double assign_parallel(const struct problem *pb, int *labels)
{
  double inertia = 0.0;
  long points = pb->points;
#pragma omp parallel for schedule(runtime) firstprivate(points) reduction(+ : inertia)
  for (long p = 0; p < points; p++) {
    double d;
    labels[p] = nearest(pb, p, &d);
    inertia += d;
  }
  return inertia;
}

static double assign_serial(const struct problem *pb, int *labels)
{
  double inertia = 0.0;
  for (long p = 0; p < pb->points; p++) {
    double d;
    labels[p] = nearest(pb, p, &d);
    inertia += d;
  }
  return inertia;
}

/* A standard normal deviate (Box-Muller). */
static double gaussian(uint64_t *seed)
{
  double u = bench_rand_unit(seed), v = bench_rand_unit(seed);
  return sqrt(-2.0 * log(1.0 - u)) * cos(6.283185307179586 * v);
}

int main(int argc, char **argv)
{
  bench_init("kmeans", argc, argv);
  long points = bench_opt_long("points", 200000);
  int dims = (int)bench_opt_long("dims", 16);
  int k = (int)bench_opt_long("k", 32);
  int iters = (int)bench_opt_long("iters", 3);
  int reps = (int)bench_opt_long("reps", 7);
  bench_opts_done();
  if (points < 1 || dims < 1 || k < 1 || iters < 1 || reps < 1)
    bench_usage_error("sizes and counts must be positive");

  uint64_t seed = 2024;
  double *centres = bench_alloc((size_t)k * dims * sizeof *centres);
  double *centroids = bench_alloc((size_t)k * dims * sizeof *centroids);
  double *x = bench_alloc((size_t)points * dims * sizeof *x);
  for (long i = 0; i < (long)k * dims; i++) {
    centres[i] = 10.0 * bench_rand_unit(&seed);
    centroids[i] = centres[i] + 0.5 * gaussian(&seed);
  }
  for (long p = 0; p < points; p++) {
    long c = (long)(bench_rand(&seed) % (uint64_t)k);
    for (int j = 0; j < dims; j++)
      x[p * dims + j] = centres[c * dims + j] + gaussian(&seed);
  }
  struct problem pb = {points, dims, k, x, centroids};
  int *expected = bench_alloc((size_t)points * sizeof *expected);
  int *labels = bench_alloc((size_t)points * sizeof *labels);

  double t0 = bench_now(), want = 0.0;
  for (int it = 0; it < iters; it++)
    want = assign_serial(&pb, expected);
  bench_result("serial", 0, bench_now() - t0, NULL);

  double got = assign_parallel(&pb, labels); /* warm-up */
  for (int rep = 0; rep < reps; rep++) {
    memset(labels, 0xff, (size_t)points * sizeof *labels);
    t0 = bench_now();
    for (int it = 0; it < iters; it++)
      got = assign_parallel(&pb, labels);
    bench_result("loop", rep, bench_now() - t0, NULL);
  }

  bench_check(memcmp(labels, expected, (size_t)points * sizeof *labels) == 0,
              "labels differ from the serial run");
  bench_check(bench_close(got, want, 1e-9), "inertia %.17g, serial %.17g", got, want);
  bench_check_ok();
  free(centres);
  free(centroids);
  free(x);
  free(expected);
  free(labels);
  return 0;
}
