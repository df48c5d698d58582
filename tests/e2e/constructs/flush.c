// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `flush` and `flush(list)` in point-to-point synchronisation between two threads, written the
// way the OpenMP memory model requires (and the spec's examples show): the producer writes the
// data, flushes, then sets a flag with `atomic write`; the consumer spins on the flag with
// `atomic read`, flushes, then reads the data.  The application is a two-stage pipeline with
// double buffering: a producer fills block k of a signal into one of two buffers while the
// consumer filters block k-1 from the other, and each side waits for the other's counter before
// reusing a buffer.  Also: flush(list) naming the flags, flush in a helper called from the
// region, and flush outside any region (a no-op).  The result is compared with the serial
// pipeline.  The region asks for num_threads(2); a team of one would run both stages itself.

#include <omp.h>
#include <stdio.h>

#define BLOCK 2048
#define NBLOCKS 64

static double buffer[2][BLOCK];
static double result[NBLOCKS];
static double result_ref[NBLOCKS];
static int failures;

static void produce(double *dst, int k)
{
  for (int i = 0; i < BLOCK; i++)
    dst[i] = (double)((k * BLOCK + i) % 1000) / 8.0;
}

static double consume(const double *src)
{
  double acc = 0.0, prev = src[0];
  for (int i = 1; i < BLOCK; i++) {
    acc += (src[i] - prev) * (src[i] - prev);
    prev = src[i];
  }
  return acc;
}

static void publish(int *flag, int value)
{
#pragma omp flush
#pragma omp atomic write
  *flag = value;
}

static void wait_for(int *flag, int at_least)
{
  int seen;
  do {
#pragma omp atomic read
    seen = *flag;
  } while (seen < at_least);
#pragma omp flush
}

static void pipeline(void)
{
  int produced = 0; /* blocks written into the buffers so far */
  int consumed = 0; /* blocks the consumer has finished reading */

#pragma omp parallel num_threads(2) shared(produced, consumed)
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    if (nt == 1) {
      for (int k = 0; k < NBLOCKS; k++) {
        produce(buffer[k % 2], k);
        result[k] = consume(buffer[k % 2]);
      }
    } else if (t == 0) { /* producer */
      for (int k = 0; k < NBLOCKS; k++) {
        wait_for(&consumed, k - 1); /* buffer k % 2 held block k - 2: it must be consumed */
        produce(buffer[k % 2], k);
        publish(&produced, k + 1);
      }
    } else if (t == 1) { /* consumer */
      for (int k = 0; k < NBLOCKS; k++) {
        int seen;
        do {
#pragma omp atomic read
          seen = produced;
        } while (seen <= k);
#pragma omp flush(produced, buffer)
        result[k] = consume(buffer[k % 2]);
#pragma omp flush(result, consumed)
#pragma omp atomic write
        consumed = k + 1;
      }
    }
  }
}

int main(void)
{
#pragma omp flush
  for (int k = 0; k < NBLOCKS; k++) {
    produce(buffer[0], k);
    result_ref[k] = consume(buffer[0]);
  }
  pipeline();
  double total = 0.0;
  int bad = 0;
  for (int k = 0; k < NBLOCKS; k++) {
    if (result[k] != result_ref[k] && bad++ < 3)
      printf("MISMATCH block %d: %.17g, want %.17g\n", k, result[k], result_ref[k]);
    total += result_ref[k];
  }
  failures += bad != 0;
  printf("pipeline: %d blocks of %d, total %.4f\n", NBLOCKS, BLOCK, total);
  printf("flush: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
