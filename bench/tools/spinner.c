/*
 * spinner.c -- a background load for the hardware-imbalance runs: busy for DUTY of every PERIOD
 * milliseconds, asleep for the rest, until killed.  bench/run pins it to one core with taskset,
 * so that core is only partly available to the benchmark (DUTY = 0.5: half of it).
 *
 * Usage: spinner [DUTY [PERIOD_MS]]      defaults: 0.5 10
 * Not an OpenMP program: built with plain cc.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
  double duty = argc > 1 ? atof(argv[1]) : 0.5;
  double period = (argc > 2 ? atof(argv[2]) : 10.0) * 1e-3;
  if (duty <= 0 || duty > 1 || period <= 0) {
    fprintf(stderr, "usage: spinner [DUTY in (0,1] [PERIOD_MS > 0]]\n");
    return 2;
  }
  volatile unsigned long sink = 0;
  for (double start = now();; start += period) {
    while (now() < start + duty * period)
      sink++;
    double rest = start + period - now();
    if (rest > 0) {
      struct timespec ts = {(time_t)rest, (long)((rest - (double)(time_t)rest) * 1e9)};
      nanosleep(&ts, NULL);
    } else {
      start = now() - period; /* fell behind (preempted): restart the cycle from now */
    }
  }
}
