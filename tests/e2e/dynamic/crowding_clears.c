// RUN: %o2n-compile %s -o %t
// RUN: echo '0.00 0.00 0.00 1/100 1' > %t.load
// RUN: env OMP_WAIT_POLICY=active OMP2NUMA_LOAD_FILE=%t.load %o2n-run %t %t.load
// REQUIRES: translator, multicpu
//
// Waits give way while the machine is crowded, and spin again (here OMP_WAIT_POLICY=active) once
// the other programs are gone.  The simulated load (a file in /proc/loadavg's format) first says
// 64 other threads are runnable: a thread waiting 100 ms at a barrier for a late one sleeps and
// uses almost no processor time.  Then the load goes away: the waits are short while the machine
// is crowded, so the runtime must refresh its sample on the way to sleep (not only in long
// spins), and after a few regions a waiting thread spins again, as the policy asks.
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *load_path;

static void sleep_ms(long ms)
{
  nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000}, NULL);
}

static void simulate_load(unsigned runnable)
{
  FILE *f = fopen(load_path, "w");
  if (!f)
    exit(2);
  fprintf(f, "0.50 0.40 0.30 %u/321 4242\n", runnable);
  fclose(f);
}

static double thread_cpu_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Thread 0 comes 100 ms late to a barrier; returns the processor time thread 1 used waiting. */
static double late_barrier(void)
{
  double waited = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      sleep_ms(100);
#pragma omp barrier
    } else {
      const double before = thread_cpu_ms();
#pragma omp barrier
      waited = thread_cpu_ms() - before;
    }
  }
  return waited;
}

/* Regions with short waits for `ms` milliseconds: what a program does between the samples. */
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
  if (argc != 2)
    return 2;
  load_path = argv[1];
  int failures = 0;

  simulate_load(1 + 64);
  short_regions(60); /* three samples or more: the load counts */
  const double crowded = late_barrier();
  if (crowded > 20) {
    fprintf(stderr, "crowding_clears: waiting on a crowded machine used %.1f ms\n", crowded);
    failures++;
  }

  simulate_load(1);
  short_regions(60);
  const double quiet = late_barrier();
  if (quiet < 20) {
    fprintf(stderr, "crowding_clears: once the load was gone, a thread waiting 100 ms with "
            "OMP_WAIT_POLICY=active used only %.1f ms: it still slept\n", quiet);
    failures++;
  }
  printf("crowding_clears: %.2f ms of processor time waiting when crowded, %.2f ms after\n",
         crowded, quiet);
  return failures != 0;
}
