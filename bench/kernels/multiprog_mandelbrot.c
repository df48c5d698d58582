/*
 * multiprog_mandelbrot.c -- the irregular program of the multiprogramming section: one
 * Mandelbrot image, one loop iteration per row, with schedule(runtime) and no num_threads clause,
 * so that each runtime runs it as users get it: a team of all processors (or what OMP_DYNAMIC
 * leaves) and its own default schedule (or OMP_SCHEDULE).
 *
 * bench/run starts K copies of this program at once and measures each copy's turnaround (launch
 * to exit) itself; the program's own timing is only a cross-check.  So the program does as little
 * besides its loop as it can: one render, no warm-up, and a check that costs a few rows.
 *
 * The image is mandelbrot.c's window ([-2.0, 0.6] x [-0.2, 1.3], not symmetric about the real
 * axis): the rows near the bottom cost up to maxiter iterations per pixel, those at the top a few.
 *
 * Check (exit status 3 on failure): every row was computed exactly once (a per-row counter), the
 * reduction equals the sum of the row totals, and eight rows spread over the image, the costliest
 * among them, equal a serial recomputation bit for bit.
 *
 * Options: --width=1024 --height=768 --maxiter=2000
 * Output:  RESULT kernel=mp_mandelbrot test=run ... seconds=X team_min=A team_max=B
 *          runtime_sched=S      (X: the render; A = B: the team size it got; S: the schedule
 *                                that schedule(runtime) meant)
 */
#include "bench.h"

#include "mandelbrot_row.h"

int main(int argc, char **argv)
{
  bench_init("mp_mandelbrot", argc, argv);
  struct image im;
  im.width = bench_opt_long("width", 1024);
  im.height = bench_opt_long("height", 768);
  im.maxiter = (int)bench_opt_long("maxiter", 2000);
  bench_opts_done();
  if (im.width < 1 || im.height < 1 || im.maxiter < 1)
    bench_usage_error("sizes must be positive");

  long width = im.width, height = im.height;
  int *pixels = bench_alloc((size_t)width * (size_t)height * sizeof *pixels);
  long *row_total = bench_alloc((size_t)height * sizeof *row_total);
  int *visits = calloc((size_t)height, sizeof *visits);
  if (!visits)
    bench_usage_error("out of memory");
  int team_min = 1 << 30, team_max = 0;

  double t0 = bench_now();
  long total = 0;
#pragma omp parallel reduction(+ : total)
  {
#pragma omp single nowait
    team_min = team_max = omp_get_num_threads();
#pragma omp for schedule(runtime)
    for (long y = 0; y < height; y++) {
      row_total[y] = row(&im, y, pixels + y * width);
      total += row_total[y];
      visits[y]++;
    }
  }
  double seconds = bench_now() - t0;

  long sum = 0;
  for (long y = 0; y < height; y++) {
    bench_check(visits[y] == 1, "row %ld computed %d times", y, visits[y]);
    sum += row_total[y];
  }
  bench_check(total == sum, "reduction %ld, sum of the rows %ld", total, sum);
  int *check = bench_alloc((size_t)width * sizeof *check);
  for (int k = 0; k < 8; k++) {
    long y = k == 7 ? height - 1 - height / 10 : k * (height / 8); /* the last: near the axis */
    long t = row(&im, y, check);
    bool same = memcmp(check, pixels + y * width, (size_t)width * sizeof *check) == 0;
    bench_check(t == row_total[y] && same, "row %ld differs from a serial recomputation", y);
  }

  char sched[48];
  bench_runtime_schedule(sched, sizeof sched);
  bench_result("run", 0, seconds, "team_min=%d team_max=%d runtime_sched=%s", team_min,
               team_max, sched);
  bench_check_ok();
  free(check);
  free(visits);
  free(row_total);
  free(pixels);
  return 0;
}
