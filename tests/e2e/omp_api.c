// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// omp_get_thread_num, omp_get_num_threads, omp_get_max_threads and omp_get_wtime, as programs use
// them: to report the team size, to label work by thread, and to time a loop.
//  - Outside any parallel region: thread number 0, one thread, and max_threads equal to
//    OMP_NUM_THREADS when it is set (every RUN line sets it).
//  - Inside a parallel for: every iteration sees the same team size, equal to max_threads; thread
//    numbers are in [0, team size); with at least as many iterations as threads under a static
//    schedule every thread runs some, and with fewer, exactly the first n threads do.
//  - omp_get_wtime never goes backwards on one thread, and measures a busy loop as taking a
//    positive time below a minute.  A per-thread busy-time table, indexed by thread number, is
//    filled by the loop the way profiling code does it.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4000
#define MAX_THREADS 256

static int tid_of[N], team_of[N];
static double busy[MAX_THREADS];
static int failures;

static void fail(const char *msg, long got, long want)
{
  printf("MISMATCH %s: got %ld, want %ld\n", msg, got, want);
  failures++;
}

/* Some floating-point work that the compiler cannot remove. */
static double spin(int iters)
{
  volatile double acc = 1.0;
  for (int k = 0; k < iters; k++)
    acc = acc * 1.0000001 + 1e-9;
  return acc;
}

static void outside_regions(void)
{
  if (omp_get_thread_num() != 0)
    fail("omp_get_thread_num() outside a region", omp_get_thread_num(), 0);
  if (omp_get_num_threads() != 1)
    fail("omp_get_num_threads() outside a region", omp_get_num_threads(), 1);
  const char *env = getenv("OMP_NUM_THREADS");
  if (env != NULL) {
    char *end;
    long want = strtol(env, &end, 10);
    if (*end == '\0' && want > 0 && omp_get_max_threads() != want)
      fail("omp_get_max_threads() with OMP_NUM_THREADS set", omp_get_max_threads(), want);
  }
  if (omp_get_max_threads() < 1)
    fail("omp_get_max_threads() >= 1", omp_get_max_threads(), 1);
}

static void inside_loop(int n)
{
  int p = omp_get_max_threads();

  for (int i = 0; i < N; i++)
    tid_of[i] = team_of[i] = -1;

#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    tid_of[i] = omp_get_thread_num();
    team_of[i] = omp_get_num_threads();
  }

  int ran[MAX_THREADS] = {0};
  for (int i = 0; i < n; i++) {
    if (team_of[i] != p) {
      fail("omp_get_num_threads() in the loop", team_of[i], p);
      return;
    }
    if (tid_of[i] < 0 || tid_of[i] >= p) {
      fail("omp_get_thread_num() in [0, team size)", tid_of[i], 0);
      return;
    }
    ran[tid_of[i]] = 1;
  }
  int active = 0;
  for (int t = 0; t < p; t++)
    active += ran[t];
  int want = n < p ? n : p;
  if (active != want) {
    printf("  (loop of %d iterations)\n", n);
    fail("threads that ran iterations", active, want);
  }
  for (int t = 0; t < want; t++) {
    if (!ran[t]) {
      printf("  (loop of %d iterations)\n", n);
      fail("thread that ran no iteration", t, -1);
    }
  }
}

static void timing(void)
{
  double t0 = omp_get_wtime();
  double t1 = omp_get_wtime();
  if (!(t1 >= t0)) {
    printf("MISMATCH omp_get_wtime() went backwards: %.9f then %.9f\n", t0, t1);
    failures++;
  }

  /* Time a parallel loop; each thread also times its own iterations. */
  int p = omp_get_max_threads();
  double sink = 0.0;
  for (int t = 0; t < MAX_THREADS; t++)
    busy[t] = 0.0;
  double start = omp_get_wtime();
#pragma omp parallel for schedule(static, 8) reduction(+:sink)
  for (int i = 0; i < 64; i++) {
    double b = omp_get_wtime();
    sink += spin(20000);
    double e = omp_get_wtime();
    int t = omp_get_thread_num();
    if (t >= 0 && t < MAX_THREADS)
      busy[t] += e - b; /* only thread t writes busy[t] */
  }
  double elapsed = omp_get_wtime() - start;

  if (!(elapsed > 0.0 && elapsed < 60.0)) {
    printf("MISMATCH elapsed time of a busy loop: %.9f s, want in (0, 60)\n", elapsed);
    failures++;
  }
  double total_busy = 0.0;
  for (int t = 0; t < p && t < MAX_THREADS; t++) {
    if (!(busy[t] >= 0.0 && busy[t] < 60.0)) {
      printf("MISMATCH busy time of thread %d: %.9f s\n", t, busy[t]);
      failures++;
    }
    total_busy += busy[t];
  }
  if (!(total_busy > 0.0)) {
    printf("MISMATCH total busy time %.9f s, want > 0\n", total_busy);
    failures++;
  }
  if (!(sink > 64.0)) { /* each spin() returns more than 1 */
    printf("MISMATCH busy-loop result %g\n", sink);
    failures++;
  }
}

int main(void)
{
  if (omp_get_max_threads() > MAX_THREADS) {
    printf("more than %d threads: set OMP_NUM_THREADS\n", MAX_THREADS);
    return 1;
  }
  outside_regions();
  static const int trips[] = {N, 1000, 7, 4, 3, 2, 1, 0};
  for (size_t k = 0; k < sizeof trips / sizeof trips[0]; k++)
    inside_loop(trips[k]);
  outside_regions(); /* unchanged after parallel regions */
  timing();

  printf("omp_api: %d thread(s), %s\n", omp_get_max_threads(), failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
