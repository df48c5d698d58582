/*
 * affinity_reuse.c -- the cost of reusing an affinity(name) map: a loop that runs every value on
 * the thread a recorded map names, against the same loop without affinity (its static
 * equivalent), on a light body where any overhead per chunk or per value would show.
 *
 * A first loop with affinity(map) records the map (and first touches a[] and writes owner[k], the
 * recording thread of each value).  Then two loops over the same N values, with the same schedule
 * clause, are timed alternately, R times each:
 *
 *   reuse   #pragma omp parallel for schedule(S) affinity(map)    every value is in the map
 *   plain   #pragma omp parallel for schedule(S)
 *
 * Maps (--map), the loop that records them, and S:
 *
 *   cyclic   schedule(static, 1)                                S = static, 1   (one cyclic record)
 *   bc16     schedule(static, 16)                               S = static, 16  (one cyclic record)
 *   block    schedule(static)                                   S = static      (one block each)
 *   random   schedule(indirect(tmap)), a random thread per value  S = static, 1 (a dense map)
 *   dynamic  schedule(dynamic, 1), whichever thread came first  S = static, 1 (as fine as the
 *            threads interleaved: dense when they did closely, a few blocks when they did not)
 *
 * random and dynamic maps have no static equivalent: their reuse is compared with static, 1, the
 * finest static deal, for information.
 *
 * Bodies (--body): read, sum += a[k] (reduction); update, a[k] += 1 (with static, 1 the threads
 * write the same cache lines, in both loops alike).
 *
 * affinity(map) and schedule(indirect) are omp2numa's: they are compiled only when
 * OMP2NUMA_AFFINITY is defined (bench/run defines it for the omp2numa-cc build, as for lu.c).
 * Without it every loop is its plain equivalent and the recording loop of random is static, 1,
 * so bench/run runs this kernel on omp2numa only.
 *
 * Check: every read loop's sum equals the serial sum, and after an update run a[k] has been
 * incremented exactly once per loop execution.  A last loop with affinity(map) and the same
 * schedule S counts the values that ran on another thread than owner[k]: home is the fraction
 * that did not, which must be 1 with OMP2NUMA_AFFINITY (the map was reused, not ignored).
 *
 * Options: --n=10000000 --reps=21 --map=cyclic|bc16|block|random|dynamic --body=read|update
 *          --loop=both|reuse|plain   (reuse or plain: time only that loop, R times after one
 *                                     warm-up: bench/run's callgrind runs take differences of
 *                                     totals at two R)
 * Output:  RESULT kernel=affinity_reuse test=MAP-BODY-LOOP sched=static chunk=1|16|default ...
 *          seconds=X map=MAP body=BODY loop=reuse|plain|record n=N home=F
 *          (LOOP record: the one recording execution, which also initialises a[] and owner[];
 *          its sched and chunk are those of the recording loop)
 */
#include "bench.h"

#ifdef OMP2NUMA_AFFINITY
#define MAP affinity(map)
#else
#define MAP
#endif

enum map { CYCLIC, BC16, BLOCK, RANDOM, DYNAMIC };
static const char *const map_names[] = {"cyclic", "bc16", "block", "random", "dynamic"};
/* The schedule of the reuse and plain loops of each map, and of its recording loop. */
enum sched { S1, S16, SBLOCK };
static const enum sched map_sched[] = {S1, S16, SBLOCK, S1, S1};

static inline double init_value(long k)
{
  return (double)(k & 7);
}

/* The recording loop: the first loop with affinity(map), which also first touches a[]. */
static void record(enum map m, double *a, int *owner, const int *tmap, long n)
{
  if (m == CYCLIC) {
#pragma omp parallel for schedule(static, 1) MAP
    for (long k = 0; k < n; k++) {
      a[k] = init_value(k);
      owner[k] = omp_get_thread_num();
    }
  } else if (m == BC16) {
#pragma omp parallel for schedule(static, 16) MAP
    for (long k = 0; k < n; k++) {
      a[k] = init_value(k);
      owner[k] = omp_get_thread_num();
    }
  } else if (m == BLOCK) {
#pragma omp parallel for schedule(static) MAP
    for (long k = 0; k < n; k++) {
      a[k] = init_value(k);
      owner[k] = omp_get_thread_num();
    }
  } else if (m == RANDOM) {
#ifdef OMP2NUMA_AFFINITY
#pragma omp parallel for schedule(indirect(tmap)) MAP
#else
#pragma omp parallel for schedule(static, 1)
#endif
    for (long k = 0; k < n; k++) {
      a[k] = init_value(k);
      owner[k] = omp_get_thread_num();
    }
    (void)tmap;
  } else {
#pragma omp parallel for schedule(dynamic, 1) MAP
    for (long k = 0; k < n; k++) {
      a[k] = init_value(k);
      owner[k] = omp_get_thread_num();
    }
  }
}

/* One timed execution of the read body; returns the sum. */
static double read_loop(enum sched s, bool reuse, const double *a, long n)
{
  double sum = 0.0;
  if (s == S1 && reuse) {
#pragma omp parallel for schedule(static, 1) MAP reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  } else if (s == S1) {
#pragma omp parallel for schedule(static, 1) reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  } else if (s == S16 && reuse) {
#pragma omp parallel for schedule(static, 16) MAP reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  } else if (s == S16) {
#pragma omp parallel for schedule(static, 16) reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  } else if (reuse) {
#pragma omp parallel for schedule(static) MAP reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  } else {
#pragma omp parallel for schedule(static) reduction(+ : sum)
    for (long k = 0; k < n; k++)
      sum += a[k];
  }
  return sum;
}

/* One timed execution of the update body. */
static void update_loop(enum sched s, bool reuse, double *a, long n)
{
  if (s == S1 && reuse) {
#pragma omp parallel for schedule(static, 1) MAP
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  } else if (s == S1) {
#pragma omp parallel for schedule(static, 1)
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  } else if (s == S16 && reuse) {
#pragma omp parallel for schedule(static, 16) MAP
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  } else if (s == S16) {
#pragma omp parallel for schedule(static, 16)
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  } else if (reuse) {
#pragma omp parallel for schedule(static) MAP
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  } else {
#pragma omp parallel for schedule(static)
    for (long k = 0; k < n; k++)
      a[k] += 1.0;
  }
}

/* The values that a loop with affinity(map) and schedule s runs on another thread than the
   recording one. */
static long away_from_home(enum sched s, const int *owner, long n)
{
  long away = 0;
  if (s == S1) {
#pragma omp parallel for schedule(static, 1) MAP reduction(+ : away)
    for (long k = 0; k < n; k++)
      away += owner[k] != omp_get_thread_num();
  } else if (s == S16) {
#pragma omp parallel for schedule(static, 16) MAP reduction(+ : away)
    for (long k = 0; k < n; k++)
      away += owner[k] != omp_get_thread_num();
  } else {
#pragma omp parallel for schedule(static) MAP reduction(+ : away)
    for (long k = 0; k < n; k++)
      away += owner[k] != omp_get_thread_num();
  }
  return away;
}

int main(int argc, char **argv)
{
  bench_init("affinity_reuse", argc, argv);
  long n = bench_opt_long("n", 10000000);
  int reps = (int)bench_opt_long("reps", 21);
  const char *mname = bench_opt_string("map", "cyclic");
  const char *body = bench_opt_string("body", "read");
  const char *only = bench_opt_string("loop", "both");
  bench_opts_done();
  if (n < 1 || reps < 1)
    bench_usage_error("need --n >= 1 and --reps >= 1");
  enum map m = CYCLIC;
  while (m <= DYNAMIC && strcmp(mname, map_names[m]) != 0)
    m++;
  if (m > DYNAMIC)
    bench_usage_error("--map must be cyclic, bc16, block, random or dynamic, not '%s'", mname);
  bool update = strcmp(body, "update") == 0;
  if (!update && strcmp(body, "read") != 0)
    bench_usage_error("--body must be read or update, not '%s'", body);
  int loops = strcmp(only, "both") == 0 ? 2 : 1; /* timed loops per repetition */
  bool first_reuse = strcmp(only, "reuse") == 0;
  if (loops == 1 && !first_reuse && strcmp(only, "plain") != 0)
    bench_usage_error("--loop must be both, reuse or plain, not '%s'", only);
  const enum sched s = map_sched[m];

  double *a = bench_alloc((size_t)n * sizeof *a);
  int *owner = bench_alloc((size_t)n * sizeof *owner);
  int *tmap = NULL;
  if (m == RANDOM) {
    const int p = bench_threads();
    uint64_t state = 12345;
    tmap = bench_alloc((size_t)n * sizeof *tmap);
    for (long k = 0; k < n; k++)
      tmap[k] = (int)(bench_rand(&state) % (uint64_t)p);
  }
  double expect = 0.0; /* exact: a sum of small integers */
  for (long k = 0; k < n; k++)
    expect += init_value(k);

  double t0 = bench_now();
  record(m, a, owner, tmap, n);
  const double trec = bench_now() - t0;

  /* One warm-up of each loop, then the repetitions: both loops, in an order that alternates
     (plain first in even repetitions), or only the one that --loop names. */
  double *times = bench_alloc((size_t)(reps + 1) * 2 * sizeof *times);
  long executions = 0, bad_sums = 0;
  for (int rep = -1; rep < reps; rep++) {
    for (int i = 0; i < loops; i++) {
      bool reuse = loops == 1 ? first_reuse : (i == 1) == (rep % 2 == 0 || rep < 0);
      t0 = bench_now();
      if (update)
        update_loop(s, reuse, a, n);
      else
        bad_sums += read_loop(s, reuse, a, n) != expect;
      const double t = bench_now() - t0;
      executions++;
      if (rep >= 0)
        times[2 * rep + (reuse ? 1 : 0)] = t;
    }
  }
  bench_check(bad_sums == 0, "%ld of %ld read loops returned a wrong sum", bad_sums, executions);
  if (update) {
    long wrong = 0, first = -1;
    for (long k = 0; k < n; k++)
      if (a[k] != init_value(k) + (double)executions && wrong++ == 0)
        first = k;
    bench_check(wrong == 0, "%ld of %ld values were not incremented %ld times, first a[%ld] = %g",
                wrong, n, executions, first, first >= 0 ? a[first] : 0.0);
  }
  const long away = away_from_home(s, owner, n);
  const double home = 1.0 - (double)away / (double)n;
#ifdef OMP2NUMA_AFFINITY
  bench_check(away == 0, "%ld of %ld values ran away from the thread of the map", away, n);
#endif

  static const char *const rec_sched[][2] = {
      {"static", "1"}, {"static", "16"}, {"static", "default"}, {"indirect", "default"},
      {"dynamic", "1"}};
  static const char *const sched_label[][2] = {{"static", "1"}, {"static", "16"},
                                               {"static", "default"}};
  char test[64];
  bench_fixed_schedule(rec_sched[m][0], rec_sched[m][1]);
  snprintf(test, sizeof test, "%s-%s-record", mname, body);
  bench_result(test, 0, trec, "map=%s body=%s loop=record n=%ld home=%.4f", mname, body, n, home);
  bench_fixed_schedule(sched_label[s][0], sched_label[s][1]);
  for (int reuse = 0; reuse < 2; reuse++) {
    if (loops == 1 && reuse != first_reuse)
      continue;
    const char *lname = reuse ? "reuse" : "plain";
    snprintf(test, sizeof test, "%s-%s-%s", mname, body, lname);
    for (int rep = 0; rep < reps; rep++)
      bench_result(test, rep, times[2 * rep + reuse], "map=%s body=%s loop=%s n=%ld home=%.4f",
                   mname, body, lname, n, home);
  }
  bench_check_ok();
  free(times);
  free(tmap);
  free(owner);
  free(a);
  return 0;
}
