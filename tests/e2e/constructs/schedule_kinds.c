// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// schedule(static|dynamic|guided|auto|runtime[, chunk]) with the monotonic and nonmonotonic
// modifiers, on `parallel for` and on `for` inside `parallel`, with chunks given as literals,
// macros and expressions, and a kind given by a macro.  The loop is an irregular triangular
// kernel (row i of a lower-triangular matrix-vector product costs i operations), the case
// dynamic and guided exist for.  For every schedule the test checks what the OpenMP spec
// guarantees and nothing more:
//  - every iteration runs exactly once and the result equals the serial one;
//  - static with a chunk: chunk k goes to thread k % nthreads (round-robin in thread order);
//  - static without a chunk: each thread gets at most one contiguous block;
//  - monotonic (explicit, or implied by static): each thread sees its iterations in increasing
//    logical order.
// Which thread ran what is never printed.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1500
#define MAXT 64
#define CHUNK 7
#define SCHED_KIND guided
#define BIG_CHUNK (2 * CHUNK + 1)

static double L[N][N / 4]; /* row i uses the first (i % (N/4)) entries: an irregular cost */
static double x[N / 4], y_par[N], y_ser[N];
static int who[N];          /* who[i]: the thread that ran logical iteration i */
static int runs[N];         /* how often iteration i ran */
static long order_bad[MAXT]; /* per thread: iterations seen out of increasing order */
static long last_seen[MAXT];
static int team;
static int failures;

static double row_dot(int i)
{
  int len = i % (N / 4);
  double s = 0.0;
  for (int k = 0; k < len; k++)
    s += L[i][k] * x[k];
  return s;
}

/* The body every loop runs, for logical iteration k (row i). */
static void body(int k, int i)
{
  int t = omp_get_thread_num();
  y_par[i] = row_dot(i);
  who[k] = t;
  runs[k]++;
  if (last_seen[t] >= k)
    order_bad[t]++;
  last_seen[t] = k;
  if (t == 0)
    team = omp_get_num_threads();
}

static void reset(void)
{
  memset(y_par, 0, sizeof y_par);
  memset(runs, 0, sizeof runs);
  memset(order_bad, 0, sizeof order_bad);
  for (int t = 0; t < MAXT; t++)
    last_seen[t] = -1;
  team = 0;
}

enum guarantee { ANY = 0, MONOTONIC = 1, BLOCKS = 2, ROUND_ROBIN = 4 };

static void verify(const char *sched, int n, unsigned g, int chunk)
{
  int bad = 0;
  for (int k = 0; k < n; k++) {
    if (runs[k] != 1 && bad++ < 3)
      printf("MISMATCH %s: iteration %d ran %d times\n", sched, k, runs[k]);
    if (y_par[k] != y_ser[k] && bad++ < 3)
      printf("MISMATCH %s: y[%d] = %.17g, want %.17g\n", sched, k, y_par[k], y_ser[k]);
  }
  if ((g & MONOTONIC) && n > 0) {
    for (int t = 0; t < MAXT; t++)
      if (order_bad[t] && bad++ < 3)
        printf("MISMATCH %s: a thread saw %ld iterations out of order\n", sched, order_bad[t]);
  }
  if ((g & ROUND_ROBIN) && n > 0) {
    for (int k = 0; k < n; k++)
      if (who[k] != (k / chunk) % team && bad++ < 3)
        printf("MISMATCH %s: chunk %d not on thread chunk %% nthreads\n", sched, k / chunk);
  }
  if ((g & BLOCKS) && n > 0) {
    int changes = 0;
    for (int k = 1; k < n; k++)
      changes += who[k] != who[k - 1];
    if (changes >= team && bad++ < 3)
      printf("MISMATCH %s: %d blocks for a team of %d\n", sched, changes + 1, team);
  }
  failures += bad != 0;
  double s = 0.0;
  for (int k = 0; k < n; k++)
    s += y_ser[k];
  printf("%-40s n %4d  sum %.6e\n", sched, n, s);
}

static void parallel_for_kinds(int n)
{
  int chunk = 3;

  reset();
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("static", n, MONOTONIC | BLOCKS, 0);

  reset();
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("static, 1", n, MONOTONIC | ROUND_ROBIN, 1);

  reset();
#pragma omp parallel for schedule(static, CHUNK)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("static, CHUNK", n, MONOTONIC | ROUND_ROBIN, CHUNK);

  reset();
#pragma omp parallel for schedule(monotonic : static, chunk + 1)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("monotonic: static, chunk + 1", n, MONOTONIC | ROUND_ROBIN, chunk + 1);

  reset();
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("dynamic", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(dynamic, BIG_CHUNK)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("dynamic, BIG_CHUNK", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(monotonic : dynamic, 4)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("monotonic: dynamic, 4", n, MONOTONIC, 0);

  reset();
#pragma omp parallel for schedule(nonmonotonic : dynamic, chunk)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("nonmonotonic: dynamic, chunk", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("guided", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(guided, 5)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("guided, 5", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(monotonic : guided)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("monotonic: guided", n, MONOTONIC, 0);

  reset();
#pragma omp parallel for schedule(nonmonotonic : guided, 2)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("nonmonotonic: guided, 2", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(SCHED_KIND, CHUNK)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("SCHED_KIND, CHUNK (guided, 7)", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(auto)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("auto", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("runtime (OMP_SCHEDULE unset)", n, ANY, 0);

  reset();
#pragma omp parallel for schedule(monotonic : runtime)
  for (int i = 0; i < n; i++)
    body(i, i);
  verify("monotonic: runtime", n, MONOTONIC, 0);
}

/* Work-sharing loops of one team, back to back; downward loops map logical k = n-1-i. */
static void for_in_region(int n)
{
  reset();
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 2) nowait
    for (int i = n - 1; i >= 0; i--)
      body(n - 1 - i, i);
  }
  verify("for schedule(dynamic, 2), downwards", n, ANY, 0);

  reset();
#pragma omp parallel
  {
#pragma omp for schedule(static, 3)
    for (int i = n - 1; i >= 0; i--)
      body(n - 1 - i, i);
  }
  verify("for schedule(static, 3), downwards", n, MONOTONIC | ROUND_ROBIN, 3);

  reset();
#pragma omp parallel
  {
#pragma omp for schedule(monotonic : guided, 4)
    for (int i = 0; i < n; i++)
      body(i, i);
  }
  verify("for schedule(monotonic: guided, 4)", n, MONOTONIC, 0);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N / 4; k++)
      L[i][k] = (double)((i + 3 * k) % 19) - 9.0;
  for (int k = 0; k < N / 4; k++)
    x[k] = 1.0 / (1 + k % 8);
  for (int i = 0; i < N; i++)
    y_ser[i] = row_dot(i);
  static const int sizes[] = {N, 37, 2, 0};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    parallel_for_kinds(sizes[s]);
    for_in_region(sizes[s]);
  }
  printf("schedule_kinds: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
