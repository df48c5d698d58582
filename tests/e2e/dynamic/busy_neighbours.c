// RUN: %o2n-compile %s -o %t
// RUN: %o2n-run %t
// RUN: env OMP_WAIT_POLICY=active %o2n-run %t
// REQUIRES: translator, multicpu
//
// Real load: the test starts one busy process per processor it may use (each spins until it is
// killed) and then, with the machine full:
//  - dyn-var false (the default): a region gets the requested threads, as OpenMP requires;
//  - dyn-var true: every region gets one thread (no processor is free), unbound (so that the
//    one-thread teams of several programs do not all sit on processor 0), and its loops and
//    reductions are still right;
//  - a thread waiting at a barrier for a late one does not spin on a full machine, even under
//    OMP_WAIT_POLICY=active: it sleeps, so it uses almost no processor time while it waits.
// The busy processes are killed at the end (and die with the test if it is killed).
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define N 20011
#define MAX_BUSY 256

static int failures;

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "busy_neighbours: " __VA_ARGS__);                                       \
      fputc('\n', stderr);                                                                     \
      failures++;                                                                              \
    }                                                                                          \
  } while (0)

static void sleep_ms(long ms)
{
  nanosleep(&(struct timespec){ms / 1000, (ms % 1000) * 1000000}, NULL);
}

static double thread_cpu_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Starts n processes that spin until killed; returns once all of them run. */
static void start_busy(pid_t *pids, int n)
{
  int ready[2];
  if (pipe(ready) != 0)
    exit(2);
  for (int i = 0; i < n; i++) {
    pids[i] = fork();
    if (pids[i] < 0)
      exit(2);
    if (pids[i] == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      close(ready[0]);
      if (write(ready[1], "x", 1) != 1)
        _exit(2);
      for (volatile unsigned long spin = 0;; spin++)
        ;
    }
  }
  close(ready[1]);
  char byte;
  for (int i = 0; i < n; i++)
    if (read(ready[0], &byte, 1) != 1)
      exit(2);
  close(ready[0]);
  sleep_ms(30); /* past the runtime's sampling interval */
}

static void stop_busy(const pid_t *pids, int n)
{
  for (int i = 0; i < n; i++)
    kill(pids[i], SIGKILL);
  for (int i = 0; i < n; i++)
    waitpid(pids[i], NULL, 0);
}

/* A region with a loop and a reduction, checked; returns its team size. */
static int region_place; /* the last region's primary thread's place */

static int region(void)
{
  static double a[N];
  int team = 0;
  double sum = 0;
#pragma omp parallel reduction(+ : sum)
  {
#pragma omp single
    team = omp_get_num_threads();
#pragma omp master
    region_place = omp_get_place_num();
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp for
    for (int i = 0; i < N; i++)
      sum += a[i];
  }
  CHECK(sum == (double)N * (N - 1) / 2, "team of %d: sum %.17g", team, sum);
  return team;
}

int main(void)
{
  cpu_set_t cpus;
  if (sched_getaffinity(0, sizeof cpus, &cpus) != 0)
    return 2;
  const int nproc = CPU_COUNT(&cpus);
  if (nproc > MAX_BUSY)
    return 2;
  const int want = omp_get_max_threads();
  pid_t busy[MAX_BUSY];
  start_busy(busy, nproc);

  int team = region();
  CHECK(team == want, "dyn-var false on a full machine: a team of %d, expected %d", team, want);

  omp_set_dynamic(1);
  // The load counts once three consecutive samples, 10 ms apart, show it.
  for (int k = 0; k < 3; k++) {
    region();
    sleep_ms(12);
  }
  for (int k = 0; k < 20; k++) {
    team = region();
    CHECK(team == 1, "dyn-var true, %d busy processes on %d processors: a team of %d", nproc,
          nproc, team);
    CHECK(region_place == -1, "dyn-var true, a team cut to 1 for other programs is bound to "
          "place %d", region_place);
    sleep_ms(12);
  }
  omp_set_dynamic(0);

  // Thread 0 comes late to a barrier; the others wait, on a machine with no free processor.
  double waited_cpu_ms = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      sleep_ms(300);
#pragma omp barrier
    } else {
      const double before = thread_cpu_ms();
#pragma omp barrier
      waited_cpu_ms = thread_cpu_ms() - before;
    }
  }
  CHECK(waited_cpu_ms < 60, "a thread waiting 300 ms at a barrier on a full machine used %.1f ms "
        "of processor time", waited_cpu_ms);

  stop_busy(busy, nproc);
  if (failures)
    return 1;
  printf("busy_neighbours: passed (barrier wait used %.2f ms of processor time)\n", waited_cpu_ms);
  return 0;
}
