// The sum of a[0..n) as a static schedule without a chunk and a reduction combined in thread
// order give it: each thread's block summed on its own, then the blocks' sums in thread order.
// A runtime that follows that order reproduces it to the last bit.
#include <stdint.h>

static double static_order_sum(const double *a, uint64_t n, int nthreads)
{
  uint64_t q = n / nthreads, r = n % nthreads, k = 0;
  double sum = 0.0;
  for (int t = 0; t < nthreads; t++) {
    double partial = 0.0;
    for (uint64_t end = k + q + ((uint64_t)t < r); k < end; k++)
      partial += a[k];
    sum += partial;
  }
  return sum;
}
