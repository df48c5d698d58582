// OMP_WAIT_POLICY: waiting threads that are passive (and, by default, after a short spin) sleep
// instead of burning a processor.  Over a long serial phase of the primary thread, both between
// regions (workers idle in the pool) and inside a region (workers waiting at a barrier while the
// primary thread works), each worker's CPU time (pthread_getcpuclockid) stays near zero.
// OMP_WAIT_POLICY=active only prints its numbers: how long it spins is a tuning choice.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_WAIT_POLICY=passive OMP_NUM_THREADS=2 %o2n-run %t check
// RUN: env OMP_WAIT_POLICY=passive OMP_NUM_THREADS=8 %o2n-run %t check
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t check
// RUN: env OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 %o2n-run %t print
#define _GNU_SOURCE 1 // pthread_getcpuclockid
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 64 };

// A serial phase long enough for any spin to have given up; the allowance is what a worker may
// use in it (wake-ups, the spin before sleeping): a tenth.
static const double PHASE = 0.25, ALLOWANCE = 0.025;

static double now(clockid_t clock)
{
  struct timespec ts;
  clock_gettime(clock, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// The primary thread computes for PHASE seconds.
static void serial_phase(void)
{
  const double end = now(CLOCK_MONOTONIC) + PHASE;
  volatile unsigned x = 0;
  while (now(CLOCK_MONOTONIC) < end)
    for (int i = 0; i < 1000; i++)
      x += (unsigned)i;
}

struct ctx {
  int n;
  clockid_t clock[MAX_THREADS];
  double before[MAX_THREADS], during[MAX_THREADS];
};

static double cpu(const struct ctx *ctx, int t)
{
  return now(ctx->clock[t]);
}

// #pragma omp parallel
// {
//   record my CPU clock
//   #pragma omp master
//   serial_phase();
//   #pragma omp barrier      (the workers wait here)
// }
static void region(void *data)
{
  struct ctx *ctx = data;
  const int tid = omp_get_thread_num();
  pthread_getcpuclockid(pthread_self(), &ctx->clock[tid]);
  __omp2numa_barrier();
  if (__omp2numa_masked(0)) {
    for (int t = 1; t < ctx->n; t++)
      ctx->before[t] = cpu(ctx, t);
    serial_phase();
    for (int t = 1; t < ctx->n; t++)
      ctx->during[t] = cpu(ctx, t) - ctx->before[t];
  }
  __omp2numa_barrier();
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"wait-policy.c", __LINE__, 0, 0};
  static struct ctx ctx;
  const int check = argc > 1 && strcmp(argv[1], "check") == 0;
  ctx.n = omp_get_max_threads();
  if (ctx.n > MAX_THREADS)
    return 2;

  __omp2numa_parallel(&site, region, &ctx, 0, 1);
  // Between regions: the workers are idle in the pool.
  double idle_before[MAX_THREADS], idle[MAX_THREADS];
  for (int t = 1; t < ctx.n; t++)
    idle_before[t] = cpu(&ctx, t);
  serial_phase();
  for (int t = 1; t < ctx.n; t++)
    idle[t] = cpu(&ctx, t) - idle_before[t];

  for (int t = 1; t < ctx.n; t++) {
    printf("thread %d: %.1f ms at the barrier, %.1f ms idle, over %.0f ms phases\n", t,
           ctx.during[t] * 1e3, idle[t] * 1e3, PHASE * 1e3);
    if (check) {
      CHECK(ctx.during[t] <= ALLOWANCE,
            "thread %d used %.1f ms waiting at a barrier", t, ctx.during[t] * 1e3);
      CHECK(idle[t] <= ALLOWANCE, "thread %d used %.1f ms idle in the pool", t, idle[t] * 1e3);
    }
  }
  return atomic_load(&num_failed);
}
