// RUN: %o2n-compile %s -o %t
// RUN: echo '0.50 0.40 0.30 65/321 4242' > %t.load
// RUN: env OMP2NUMA_LOAD_FILE=%t.load %o2n-run %t yield
// RUN: env OMP2NUMA_LOAD_FILE=%t.load OMP_WAIT_POLICY=active %o2n-run %t yield
// RUN: env OMP2NUMA_LOAD_FILE=%t.load OMP_WAIT_POLICY=passive %o2n-run %t sleep
// REQUIRES: translator, multicpu
//
// On a crowded machine (the simulated load says 64 other threads are runnable) a thread that
// waits a short while for a partner that is running yields its processor instead of sleeping:
// it goes on without a wake-up when the partner arrives.  Thread 0 works 20 microseconds before
// each of 2,000 barriers, longer than a crowded machine's spin budget and shorter than the
// yielding stage; thread 1 waits at each.  Regions for 60 ms first: the runtime has seen the load
// (the least of three samples 10 ms apart) when the measured region starts.  Its voluntary context switches (sleeps; a yield is
// counted as involuntary) must stay under a quarter of the barriers, by default and with
// OMP_WAIT_POLICY=active.  OMP_WAIT_POLICY=passive asks for sleeping: more than half of the
// waits sleep.
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

enum { BARRIERS = 2000, WORK_NS = 20000 };

static long voluntary_switches(void)
{
  char line[256];
  long n = -1;
  FILE *f = fopen("/proc/thread-self/status", "r");
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "voluntary_ctxt_switches: %ld", &n) == 1)
      break;
  if (f)
    fclose(f);
  return n;
}

static void work_ns(long ns)
{
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do
    clock_gettime(CLOCK_MONOTONIC, &now);
  while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < ns);
}

/* Regions with a barrier for `ms` milliseconds. */
static void short_regions(long ms)
{
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

int main(int argc, char **argv)
{
  if (argc != 2 || (strcmp(argv[1], "yield") && strcmp(argv[1], "sleep")))
    return 2;
  const int expect_yield = !strcmp(argv[1], "yield");
  short_regions(60);
  long sleeps = -1;
  int team = 0;
#pragma omp parallel num_threads(2)
  {
    long before = 0;
    if (omp_get_thread_num() == 1)
      before = voluntary_switches();
    for (int i = 0; i < BARRIERS; i++) {
      if (omp_get_thread_num() == 0)
        work_ns(WORK_NS);
#pragma omp barrier
    }
    if (omp_get_thread_num() == 1)
      sleeps = voluntary_switches() - before;
#pragma omp single
    team = omp_get_num_threads();
  }
  if (team != 2 || sleeps < 0) {
    fprintf(stderr, "crowded_waits_yield: team of %d, switches %ld\n", team, sleeps);
    return 1;
  }
  printf("crowded_waits_yield (%s): %ld of %d waits slept\n", argv[1], sleeps, BARRIERS);
  if (expect_yield ? sleeps >= BARRIERS / 4 : sleeps <= BARRIERS / 2) {
    fprintf(stderr, "crowded_waits_yield: %ld of %d waits slept, expected %s\n", sleeps,
            BARRIERS, expect_yield ? "under a quarter" : "over half");
    return 1;
  }
  return 0;
}
