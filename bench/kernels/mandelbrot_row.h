/*
 * mandelbrot_row.h -- one row of a Mandelbrot image: the work item of mandelbrot.c and
 * multiprog_mandelbrot.c (rows near the set cost up to maxiter times more than rows outside it).
 */
#ifndef BENCH_MANDELBROT_ROW_H
#define BENCH_MANDELBROT_ROW_H

struct image {
  long width, height;
  int maxiter;
};

/* Iteration counts of row y into out[0 .. width-1]; returns their sum. */
static long __attribute__((noinline)) row(const struct image *im, long y, int *out)
{
  double ci = 1.3 - 1.5 * (double)y / (double)im->height;
  long total = 0;
  for (long x = 0; x < im->width; x++) {
    double cr = -2.0 + 2.6 * (double)x / (double)im->width;
    double zr = 0.0, zi = 0.0;
    int k = 0;
    while (k < im->maxiter && zr * zr + zi * zi <= 4.0) {
      double t = zr * zr - zi * zi + cr;
      zi = 2.0 * zr * zi + ci;
      zr = t;
      k++;
    }
    out[x] = k;
    total += k;
  }
  return total;
}

#endif
