// RUN: %o2n-compile %s -o %t
// RUN: echo '0.00 0.00 0.00 1/100 1' > %t.load
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive OMP2NUMA_LOAD_FILE=%t.load %o2n-run %t %t.load
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive OMP2NUMA_LOAD_FILE=%t.load %o2n-run %t %t.load
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive OMP2NUMA_LOAD_FILE=%t.load OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t %t.load
// REQUIRES: translator
//
// OMP_DYNAMIC: with dyn-var true, a region gets
//     max(1, min(requested, processors - running threads of this program - others' runnable))
// threads (docs/runtime.md), where the others' runnable threads come from /proc/loadavg's fourth
// field (the smallest of three consecutive samples), here a file of the same format (OMP2NUMA_LOAD_FILE) that the test rewrites to simulate
// load: the machine's runnable count includes this program's own running thread.  With dyn-var
// false the team has the requested size whatever the load (OpenMP), and the num_threads clause is
// an upper bound under dyn-var true.  A team cut down for other programs' threads runs unbound
// (omp_get_place_num() is -1 on every thread), so that cut teams of several programs do not pile
// onto the first processors; a team that gets what it asked, or is cut only to the machine's
// size, stays bound.  At every team size the loops (schedule(runtime), so auto:
// adaptive) and reductions give the serial results, and an affinity map is re-recorded when the
// team size changes.  OMP_WAIT_POLICY=passive puts idle workers to sleep at once, so that none is
// runnable when the runtime samples the file.
#define _GNU_SOURCE
#include <omp.h>
#include <omp2numa.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 100003

static double a[N];
static int failures;
static const char *load_path;

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "team_follows_load: " __VA_ARGS__);                                     \
      fputc('\n', stderr);                                                                     \
      failures++;                                                                              \
    }                                                                                          \
  } while (0)

static int region(int num_threads);

/* Writes /proc/loadavg's format with `runnable` runnable threads, then lets the runtime sample it
   three times (a rise counts once three consecutive samples, 10 ms apart, show it): a region
   after each 12 ms, whatever team it gets. */
static void simulate_load(unsigned runnable)
{
  FILE *f = fopen(load_path, "w");
  if (!f) {
    perror(load_path);
    exit(2);
  }
  fprintf(f, "0.50 0.40 0.30 %u/321 4242\n", runnable);
  fclose(f);
  for (int sample = 0; sample < 3; sample++) {
    nanosleep(&(struct timespec){0, 12 * 1000 * 1000}, NULL);
    region(omp_get_max_threads()); /* num_threads(1) would not sample */
  }
  nanosleep(&(struct timespec){0, 12 * 1000 * 1000}, NULL);
}

static int bound_threads; /* threads of the last region bound to a place */

/* One region's work at whatever team size it gets: returns the team size. */
static int region(int num_threads)
{
  int team = 0, bound = 0;
  double sum = 0;
  long count = 0;
#pragma omp parallel num_threads(num_threads) reduction(+ : sum, count, bound)
  {
#pragma omp single
    team = omp_get_num_threads();
    bound += omp_get_place_num() >= 0;
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      a[i] = 0.5 * i;
#pragma omp for schedule(static, 7) affinity(cells)
    for (int i = 0; i < N; i++) {
      sum += a[i];
      count++;
    }
  }
  CHECK(count == N, "team of %d: %ld iterations, expected %d", team, count, N);
  CHECK(sum == 0.5 * ((double)N * (N - 1) / 2), "team of %d: sum %.17g", team, sum);
  bound_threads = bound;
  return team;
}

static int expected_team(int want, int nproc, int others)
{
  int free = nproc - others;
  return free < 1 ? 1 : free < want ? free : want;
}

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  load_path = argv[1];
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) != 0)
    return 2;
  const int nproc = CPU_COUNT(&cpus);
  const int want = omp_get_max_threads();

  // Default: dyn-var false, the requested team whatever the load.
  CHECK(!omp_get_dynamic(), "dyn-var is true by default");
  simulate_load(1 + 64);
  int got = region(want);
  CHECK(got == want, "dyn-var false under load: a team of %d", got);

  omp_set_dynamic(1);
  CHECK(omp_get_dynamic(), "omp_set_dynamic(1) did not set dyn-var");
  // The load rises from nothing to more than the machine, and falls again.
  const int others[] = {0, 1, 2, 3, 64, 2, 1, 0};
  for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
    simulate_load(1 + (unsigned)others[k]); /* + this program's own running thread */
    const int expect = expected_team(want, nproc, others[k]);
    got = region(want);
    CHECK(got == expect, "%d other runnable threads on %d processors: team of %d, expected %d",
          others[k], nproc, got, expect);
    const bool cut_for_others = others[k] > 0 && expect < (want < nproc ? want : nproc);
    CHECK(bound_threads == (cut_for_others ? 0 : got), "%d other runnable threads, team of %d: "
          "%d threads bound, expected %d", others[k], got, bound_threads,
          cut_for_others ? 0 : got);
    // num_threads stays an upper bound.
    got = region(1);
    CHECK(got == 1, "num_threads(1) under dyn-var: team of %d", got);
  }

  omp_set_dynamic(0);
  simulate_load(1 + 64);
  got = region(want);
  CHECK(got == want, "omp_set_dynamic(0): a team of %d", got);
  if (failures)
    return 1;
  puts("team_follows_load: passed");
  return 0;
}
