// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `threadprivate` and `copyin`, as legacy code made thread-safe uses them: file-scope scratch
// arrays and counters that helpers deep in the call tree use, made threadprivate instead of
// being passed around; a function-scope static counter made threadprivate; a struct of solver
// settings broadcast from the primary thread with copyin (on `parallel` and `parallel for`).
// Spec-defined behaviour that is checked:
//  - each thread has its own copy; a copy not yet written holds the static initialiser;
//  - copyin copies the primary thread's values into every thread's copy at region entry;
//  - between two consecutive non-nested regions with the same number of threads (dyn-var false),
//    a thread keeps its values (threads with the same number see the same copy);
//  - the primary thread's copy is the one sequential code sees before and after the regions.

#include <omp.h>
#include <stdio.h>

#define N 2000
#define SCRATCH 64
#define MAXT 64

struct settings {
  double omega;
  int sweeps;
  char name[16];
};

static double scratch[SCRATCH]; /* per-thread work area of the helpers below */
static long helper_calls;       /* per-thread call counter */
static int level = 42;          /* static initialiser: every thread's copy starts at 42 */
static struct settings cfg = {1.0, 1, "default"};
#pragma omp threadprivate(scratch, helper_calls, level)
#pragma omp threadprivate(cfg)

static double rows[N][SCRATCH], out[N], out_ref[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* Relaxation of one row in the thread's scratch array; uses the thread's settings. */
static double relax_row(const double *row)
{
  helper_calls++;
  for (int k = 0; k < SCRATCH; k++)
    scratch[k] = row[k];
  for (int s = 0; s < cfg.sweeps; s++)
    for (int k = 1; k < SCRATCH - 1; k++)
      scratch[k] += cfg.omega * 0.5 * (scratch[k - 1] + scratch[k + 1] - 2.0 * scratch[k]);
  double sum = 0.0;
  for (int k = 0; k < SCRATCH; k++)
    sum += scratch[k];
  return sum;
}

static double relax_row_ref(const double *row, double omega, int sweeps)
{
  double tmp[SCRATCH];
  for (int k = 0; k < SCRATCH; k++)
    tmp[k] = row[k];
  for (int s = 0; s < sweeps; s++)
    for (int k = 1; k < SCRATCH - 1; k++)
      tmp[k] += omega * 0.5 * (tmp[k - 1] + tmp[k + 1] - 2.0 * tmp[k]);
  double sum = 0.0;
  for (int k = 0; k < SCRATCH; k++)
    sum += tmp[k];
  return sum;
}

/* A function-scope static, threadprivate: how many times this thread entered. */
static int entries(void)
{
  static int count;
#pragma omp threadprivate(count)
  return ++count;
}

static void initial_values(void)
{
  int saw_init[MAXT] = {0}, team = 0;
  level = 5; /* the primary thread's copy only */
#pragma omp parallel shared(saw_init, team)
  {
    int t = omp_get_thread_num();
    saw_init[t] = t == 0 ? level == 5 : level == 42;
    if (t == 0)
      team = omp_get_num_threads();
  }
  for (int t = 0; t < team; t++)
    CHECK(saw_init[t], "thread %d: threadprivate initial value wrong", t);
  CHECK(level == 5, "primary copy changed: %d", level);
  printf("initial values: primary 5, others 42\n");
}

static void copyin_settings(void)
{
  cfg.omega = 0.8;
  cfg.sweeps = 6;
  snprintf(cfg.name, sizeof cfg.name, "%s", "jacobi-0.8");
  helper_calls = 0;
  long calls_total = 0;
  int bad_cfg = 0;
  long calls_by_primary = 0;

#pragma omp parallel for copyin(cfg, helper_calls) reduction(+ : bad_cfg) schedule(dynamic, 8)
  for (int i = 0; i < N; i++) {
    bad_cfg += cfg.omega != 0.8 || cfg.sweeps != 6 || cfg.name[0] != 'j';
    out[i] = relax_row(rows[i]);
  }
  /* helper_calls per thread: gather them in a second region of the same size */
#pragma omp parallel reduction(+ : calls_total)
  {
    calls_total += helper_calls;
    if (omp_get_thread_num() == 0)
      calls_by_primary = helper_calls;
  }
  CHECK(bad_cfg == 0, "copyin: %d iterations saw other settings", bad_cfg);
  CHECK(calls_total == N, "helper calls %ld, want %d", calls_total, N);
  CHECK(calls_by_primary == helper_calls, "primary copy %ld, seen in region %ld", helper_calls,
        calls_by_primary);
  int bad = 0;
  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    out_ref[i] = relax_row_ref(rows[i], 0.8, 6);
    if (out[i] != out_ref[i] && bad++ < 3)
      printf("MISMATCH row %d: %.17g, want %.17g\n", i, out[i], out_ref[i]);
    sum += out_ref[i];
  }
  failures += bad != 0;
  printf("copyin settings '%s': %d rows, sum %.6f\n", cfg.name, N, sum);
}

static void persistence(void)
{
  int ok[MAXT] = {0}, team1 = 0, team2 = 0;
#pragma omp parallel shared(team1)
  {
    int t = omp_get_thread_num();
    level = 1000 + 7 * t;
    for (int k = 0; k < SCRATCH; k++)
      scratch[k] = t + k;
    if (t == 0)
      team1 = omp_get_num_threads();
  }
  /* a serial stretch in between */
  double s = 0.0;
  for (int k = 0; k < SCRATCH; k++)
    s += scratch[k];
#pragma omp parallel shared(ok, team2)
  {
    int t = omp_get_thread_num();
    int good = level == 1000 + 7 * t;
    for (int k = 0; k < SCRATCH; k++)
      good = good && scratch[k] == t + k;
    ok[t] = good;
    if (t == 0)
      team2 = omp_get_num_threads();
  }
  CHECK(team1 == team2, "teams of %d and %d", team1, team2);
  for (int t = 0; t < team2; t++)
    CHECK(ok[t], "thread %d lost its threadprivate values between regions", t);
  CHECK(level == 1000 && s == (double)(SCRATCH * (SCRATCH - 1) / 2),
        "primary copy after the regions: level %d, scratch sum %g", level, s);
  printf("persistence: values kept across regions\n");
}

static void static_counter(void)
{
  long total = 0;
  int first = 0;
#pragma omp parallel reduction(+ : total)
  {
    int e = 0;
    for (int k = 0; k < 10; k++)
      e = entries();
    total += e; /* each thread counted its own entries */
    if (omp_get_thread_num() == 0)
      first = e;
  }
  int nt = 0;
#pragma omp parallel reduction(+ : nt)
  nt++;
  CHECK(total == 10L * nt, "threadprivate static: total %ld, want %d", total, 10 * nt);
  CHECK(first == 10 && entries() == 11, "threadprivate static: primary count wrong");
  printf("function-scope threadprivate static: 10 entries per thread\n");
}

static void copyin_array(void)
{
  for (int k = 0; k < SCRATCH; k++)
    scratch[k] = 0.5 * k;
  int bad = 0;
#pragma omp parallel copyin(scratch) reduction(+ : bad)
  {
    for (int k = 0; k < SCRATCH; k++)
      bad += scratch[k] != 0.5 * k;
    scratch[0] = omp_get_thread_num(); /* private copy: the primary's stays 0 + its own id 0 */
  }
  CHECK(bad == 0 && scratch[0] == 0.0, "copyin of an array: %d wrong elements", bad);
  printf("copyin of an array: %d elements\n", SCRATCH);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    for (int k = 0; k < SCRATCH; k++)
      rows[i][k] = (double)((i * 13 + k * 7) % 29) / 4.0;
  initial_values();
  copyin_settings();
  persistence();
  static_counter();
  copyin_array();
  printf("threadprivate_copyin: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
