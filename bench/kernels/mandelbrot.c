/*
 * mandelbrot.c -- an irregular loop: the Mandelbrot set, one loop iteration per image row.
 *
 * The image covers [-2.0, 0.6] x [-0.2, 1.3], rows from the top.  A point inside the set costs
 * `maxiter` iterations of z = z^2 + c, a point far outside only a few, so the rows near the real
 * axis (the bottom third) cost much more than those at the top.  The window is deliberately not
 * symmetric about the real axis: with a symmetric one, a block schedule on an even number of
 * threads would get mirror-image halves of equal cost.  Here it leaves the threads with unequal
 * work, and small chunks pay for balance in scheduling overhead.
 *
 * Check: the iteration counts of every pixel must equal those of a serial run (same function, so
 * bit for bit).
 *
 * Options: --width=1024 --height=768 --maxiter=500 --reps=7
 * Output:  RESULT kernel=mandelbrot test=loop ... seconds=X     (the parallel loop, per repetition)
 *          RESULT kernel=mandelbrot test=serial ... rep=0 seconds=X   (the serial reference)
 */
#include "bench.h"

#include "mandelbrot_row.h"

static long render_parallel(const struct image *im, int *pixels)
{
  long total = 0, height = im->height, width = im->width;
#pragma omp parallel for schedule(runtime) reduction(+ : total)
  for (long y = 0; y < height; y++)
    total += row(im, y, pixels + y * width);
  return total;
}

static long render_serial(const struct image *im, int *pixels)
{
  long total = 0;
  for (long y = 0; y < im->height; y++)
    total += row(im, y, pixels + y * im->width);
  return total;
}

int main(int argc, char **argv)
{
  bench_init("mandelbrot", argc, argv);
  struct image im;
  im.width = bench_opt_long("width", 1024);
  im.height = bench_opt_long("height", 768);
  im.maxiter = (int)bench_opt_long("maxiter", 500);
  int reps = (int)bench_opt_long("reps", 7);
  bench_opts_done();
  if (im.width < 1 || im.height < 1 || im.maxiter < 1 || reps < 1)
    bench_usage_error("sizes and --reps must be positive");

  size_t pixels = (size_t)im.width * (size_t)im.height;
  int *serial = bench_alloc(pixels * sizeof *serial);
  int *parallel = bench_alloc(pixels * sizeof *parallel);

  double t0 = bench_now();
  long expected = render_serial(&im, serial);
  bench_result("serial", 0, bench_now() - t0, NULL);

  render_parallel(&im, parallel); /* warm-up */
  long total = 0;
  for (int rep = 0; rep < reps; rep++) {
    t0 = bench_now();
    total = render_parallel(&im, parallel);
    bench_result("loop", rep, bench_now() - t0, NULL);
  }

  bench_check(total == expected, "sum of iteration counts %ld, expected %ld", total, expected);
  bench_check(memcmp(serial, parallel, pixels * sizeof *serial) == 0, "pixels differ");
  bench_check_ok();
  free(serial);
  free(parallel);
  return 0;
}
