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
#include <stdatomic.h>
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

/* The time the calling thread was awake: on a processor, or runnable and waiting for one
   (/proc/thread-self/schedstat's first two fields), so that a spinning thread counts in full
   however busy the machine is.  Processor time alone where the kernel does not say. */
static double thread_awake_ms(void)
{
  unsigned long long on_cpu_ns, waiting_ns;
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  int fields = f ? fscanf(f, "%llu %llu", &on_cpu_ns, &waiting_ns) : 0;
  if (f)
    fclose(f);
  return fields == 2 ? (on_cpu_ns + waiting_ns) / 1e6 : thread_cpu_ms();
}

/* Thread 0 comes 100 ms late to a barrier; thread 1's processor time and awake time waiting.
   Thread 0's 100 ms start once thread 1 is about to wait: on a crowded machine a woken worker
   may wait longer than that for a processor, and would then find thread 0 at the barrier. */
static void late_barrier(double *cpu_ms, double *awake_ms)
{
  _Atomic int waiting = 0;
#pragma omp parallel num_threads(2) shared(waiting)
  {
    if (omp_get_thread_num() == 0) {
      while (!atomic_load(&waiting))
        sleep_ms(1);
      sleep_ms(100);
#pragma omp barrier
    } else {
      const double cpu = thread_cpu_ms(), awake = thread_awake_ms();
      atomic_store(&waiting, 1);
#pragma omp barrier
      *cpu_ms = thread_cpu_ms() - cpu;
      *awake_ms = thread_awake_ms() - awake;
    }
  }
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
  double crowded, crowded_awake;
  late_barrier(&crowded, &crowded_awake);
  if (crowded > 20) {
    fprintf(stderr, "crowding_clears: waiting on a crowded machine used %.1f ms\n", crowded);
    failures++;
  }

  simulate_load(1);
  short_regions(60);
  double quiet_cpu, quiet;
  late_barrier(&quiet_cpu, &quiet);
  if (quiet < 20) {
    fprintf(stderr, "crowding_clears: once the load was gone, a thread waiting 100 ms with "
            "OMP_WAIT_POLICY=active was awake for only %.1f ms: it still slept\n", quiet);
    failures++;
  }
  printf("crowding_clears: %.2f ms of processor time waiting when crowded (awake %.2f ms), "
         "%.2f ms awake after (%.2f ms on a processor)\n", crowded, crowded_awake, quiet, quiet_cpu);
  return failures != 0;
}
