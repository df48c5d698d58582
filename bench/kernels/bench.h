/*
 * bench.h -- what every benchmark kernel shares: options, the clock, result lines, self-checks,
 * a deterministic random generator and the calibrated delay of the EPCC-style kernels.
 *
 * The kernels are ordinary OpenMP C programs, built three times by bench/run: with omp2numa-cc,
 * with gcc -fopenmp (libgomp) and with clang-16 -fopenmp (libomp).  This header has no pragmas,
 * so all three see the same code; every pragma lives in the kernel's own .c file, where
 * omp2numa-cc finds it.
 *
 * Protocol with bench/run (one line each, on stdout):
 *
 *   RESULT kernel=K test=T sched=S chunk=C threads=N rep=R seconds=X [key=value ...]
 *   CHECK ok kernel=K                       the parallel result matched the serial one
 *   CHECK FAILED kernel=K: reason           (exit status 3)
 *
 * sched and chunk name the schedule that the measured loop ran with.  Kernels whose loops say
 * schedule(runtime) take it from OMP_SCHEDULE ("dynamic,4" gives sched=dynamic chunk=4; no chunk
 * or no variable gives chunk=default); the others declare their fixed schedule with
 * bench_fixed_schedule().  Values never contain spaces.
 *
 * Options are --name=value (or --name for a flag).  An unknown option is a usage error (exit 2).
 */
#ifndef BENCH_H
#define BENCH_H

#define _POSIX_C_SOURCE 200809L

#include <omp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_MAX_OPTS 32

static struct bench_state {
  const char *kernel;
  char sched[32], chunk[32];
  int argc;
  char **argv;
  bool used[BENCH_MAX_OPTS];
} bench_state;

/* ------------------------------------------------------------------------------------------- */
/* Clock                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/** Seconds on the monotonic clock (the same clock whatever the OpenMP runtime). */
static inline double bench_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------------------------------------- */
/* Options                                                                                     */
/* ------------------------------------------------------------------------------------------- */

static inline void bench_usage_error(const char *fmt, ...)
    __attribute__((noreturn, format(printf, 1, 2)));
static inline void bench_usage_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: ", bench_state.kernel);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

/* Copies "kind[,chunk]" of OMP_SCHEDULE (modifier dropped) into the schedule label. */
static inline void bench_label_from_env(void)
{
  const char *s = getenv("OMP_SCHEDULE");
  snprintf(bench_state.sched, sizeof bench_state.sched, "%s", "default");
  snprintf(bench_state.chunk, sizeof bench_state.chunk, "%s", "default");
  if (!s || !*s)
    return;
  const char *colon = strchr(s, ':');
  if (colon)
    s = colon + 1;
  const char *comma = strchr(s, ',');
  size_t len = comma ? (size_t)(comma - s) : strlen(s);
  snprintf(bench_state.sched, sizeof bench_state.sched, "%.*s", (int)len, s);
  if (comma)
    snprintf(bench_state.chunk, sizeof bench_state.chunk, "%s", comma + 1);
}

/** Records the kernel's name and its command line; call first in main(). */
static inline void bench_init(const char *kernel, int argc, char **argv)
{
  bench_state.kernel = kernel;
  bench_state.argc = argc;
  bench_state.argv = argv;
  if (argc - 1 > BENCH_MAX_OPTS)
    bench_usage_error("too many options");
  bench_label_from_env();
}

/** Changes the kernel name in result lines (a kernel with variants, chosen by an option). */
static inline void bench_rename(const char *kernel)
{
  bench_state.kernel = kernel;
}

/* The value of --name=value (or "" for a bare --name), or NULL if the option is absent. */
static inline const char *bench_opt(const char *name)
{
  size_t len = strlen(name);
  for (int i = 1; i < bench_state.argc; i++) {
    const char *a = bench_state.argv[i];
    if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, name, len) != 0)
      continue;
    if (a[2 + len] == '=' || a[2 + len] == '\0') {
      bench_state.used[i - 1] = true;
      return a[2 + len] == '=' ? a + 3 + len : "";
    }
  }
  return NULL;
}

/** --name=value as a long (default def). */
static inline long bench_opt_long(const char *name, long def)
{
  const char *v = bench_opt(name);
  if (!v)
    return def;
  char *end;
  long x = strtol(v, &end, 10);
  if (!*v || *end)
    bench_usage_error("--%s expects an integer, got '%s'", name, v);
  return x;
}

/** --name=value as a double (default def). */
static inline double bench_opt_double(const char *name, double def)
{
  const char *v = bench_opt(name);
  if (!v)
    return def;
  char *end;
  double x = strtod(v, &end);
  if (!*v || *end)
    bench_usage_error("--%s expects a number, got '%s'", name, v);
  return x;
}

/** --name=value as a string (default def). */
static inline const char *bench_opt_string(const char *name, const char *def)
{
  const char *v = bench_opt(name);
  return v ? v : def;
}

/** True if --name was given. */
static inline bool bench_opt_flag(const char *name)
{
  return bench_opt(name) != NULL;
}

/** Ends option parsing: any option that no bench_opt_* call asked for is a usage error. */
static inline void bench_opts_done(void)
{
  for (int i = 1; i < bench_state.argc; i++)
    if (!bench_state.used[i - 1])
      bench_usage_error("unknown option '%s'", bench_state.argv[i]);
}

/* ------------------------------------------------------------------------------------------- */
/* Result lines and checks                                                                     */
/* ------------------------------------------------------------------------------------------- */

/** For kernels whose loops have a fixed schedule clause rather than schedule(runtime). */
static inline void bench_fixed_schedule(const char *sched, const char *chunk)
{
  snprintf(bench_state.sched, sizeof bench_state.sched, "%s", sched);
  snprintf(bench_state.chunk, sizeof bench_state.chunk, "%s", chunk);
}

/**
 * --schedule=static|runtime (default static), for kernels whose timed loops come in both versions:
 * true for runtime (OMP_SCHEDULE chooses, and labels the results: bench_init); for static, labels
 * the results "static".
 */
static inline bool bench_opt_schedule_runtime(void)
{
  const char *schedule = bench_opt_string("schedule", "static");
  if (strcmp(schedule, "runtime") == 0)
    return true;
  if (strcmp(schedule, "static") != 0)
    bench_usage_error("--schedule must be static or runtime, not '%s'", schedule);
  bench_fixed_schedule("static", "default");
  return false;
}

/** Number of threads a parallel region gets. */
static inline int bench_threads(void)
{
  return omp_get_max_threads();
}

/**
 * The runtime schedule (what schedule(runtime) runs with) as "kind" or "kind,chunk", from
 * omp_get_schedule(): the runtime's default when OMP_SCHEDULE is unset.  Kinds outside the
 * standard four (omp2numa's own) print as "kind<value>"; a chunk below 1 is the kind's default.
 */
static inline void bench_runtime_schedule(char *buf, size_t size)
{
  static const char *const names[] = {"?", "static", "dynamic", "guided", "auto"};
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  int k = (int)((unsigned)kind & 0x7fffffffu); /* without the monotonic modifier bit */
  char name[24];
  if (k >= 1 && k <= 4)
    snprintf(name, sizeof name, "%s", names[k]);
  else
    snprintf(name, sizeof name, "kind%d", k);
  if (chunk >= 1)
    snprintf(buf, size, "%s,%d", name, chunk);
  else
    snprintf(buf, size, "%s", name);
}

/**
 * Prints one RESULT line.  extra is NULL or a printf format for more " key=value" fields
 * (without the leading space).
 */
static inline void bench_result(const char *test, int rep, double seconds, const char *extra, ...)
    __attribute__((format(printf, 4, 5)));
static inline void bench_result(const char *test, int rep, double seconds, const char *extra, ...)
{
  printf("RESULT kernel=%s test=%s sched=%s chunk=%s threads=%d rep=%d seconds=%.9f",
         bench_state.kernel, test, bench_state.sched, bench_state.chunk, bench_threads(), rep,
         seconds);
  if (extra) {
    va_list ap;
    va_start(ap, extra);
    putchar(' ');
    vprintf(extra, ap);
    va_end(ap);
  }
  putchar('\n');
  fflush(stdout);
}

/** Stops the program with "CHECK FAILED" (exit status 3) unless ok. */
static inline void bench_check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void bench_check(bool ok, const char *fmt, ...)
{
  if (ok)
    return;
  va_list ap;
  va_start(ap, fmt);
  printf("CHECK FAILED kernel=%s: ", bench_state.kernel);
  vprintf(fmt, ap);
  putchar('\n');
  va_end(ap);
  fflush(stdout);
  exit(3);
}

/** Prints "CHECK ok": every bench_check of the run passed. */
static inline void bench_check_ok(void)
{
  printf("CHECK ok kernel=%s\n", bench_state.kernel);
  fflush(stdout);
}

/** |a - b| <= rel * max(|a|, |b|), for sums that the parallel run adds in another order. */
static inline bool bench_close(double a, double b, double rel)
{
  double m = a < 0 ? -a : a, n = b < 0 ? -b : b, d = a - b;
  return (d < 0 ? -d : d) <= rel * (m > n ? m : n);
}

/* ------------------------------------------------------------------------------------------- */
/* Memory and random numbers                                                                   */
/* ------------------------------------------------------------------------------------------- */

/** Cache-line aligned memory, not touched (so that the first touch can be parallel); exits if
    there is not enough. */
static inline void *bench_alloc(size_t bytes)
{
  void *p = NULL;
  if (posix_memalign(&p, 64, bytes ? bytes : 64) != 0) {
    fprintf(stderr, "%s: out of memory (%zu bytes)\n", bench_state.kernel, bytes);
    exit(2);
  }
  return p;
}

/** splitmix64: a small, fast, deterministic generator (the same data for every runtime). */
static inline uint64_t bench_rand(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/** Uniform in [0, 1). */
static inline double bench_rand_unit(uint64_t *state)
{
  return (double)(bench_rand(state) >> 11) * 0x1.0p-53;
}

/* ------------------------------------------------------------------------------------------- */
/* Calibrated delay (EPCC syncbench/schedbench)                                                */
/* ------------------------------------------------------------------------------------------- */

/* A chain of dependent floating-point additions: the compiler can neither remove it nor turn it
   into a closed form, and it touches no memory, so it measures the same on every thread. */
static void __attribute__((noinline, unused)) bench_delay(long length)
{
  double a = 0.0;
  for (long i = 0; i < length; i++)
    a += (double)i;
  if (a < 0)
    printf("%f\n", a);
}

/** The delay length that takes `seconds` on this machine (best of several measurements). */
static inline long bench_delay_calibrate(double seconds)
{
  const long probe = 1000000;
  double best = 1e30;
  for (int k = 0; k < 5; k++) {
    double t0 = bench_now();
    bench_delay(probe);
    double t = bench_now() - t0;
    if (t < best)
      best = t;
  }
  long length = (long)(seconds / best * (double)probe + 0.5);
  return length > 0 ? length : 1;
}

/* ------------------------------------------------------------------------------------------- */
/* EPCC-style overhead tests (syncbench.c, tasks/taskbench.c)                                  */
/* ------------------------------------------------------------------------------------------- */

/** One test: `test` runs a construct innerreps times around a delay of the given length, `ref`
    the same delays without the construct; both return the seconds they took. */
struct bench_epcc_test {
  const char *name;
  double (*test)(long innerreps, long delay);
  double (*ref)(long innerreps, long delay);
};

/** How a run chooses innerreps: it starts at `start`, doubles until the test takes a tenth of
    --target-ms (the best of three runs, so that one preempted run on a busy machine does not stop
    the doubling early), then scales to the target, rounded up to a multiple of `multiple` and at
    least `least`. */
struct bench_epcc_reps {
  long start, multiple, least;
};

/**
 * The main of an EPCC-style kernel: parses --test=NAME|all --delay-us=0.1 --target-ms=T
 * --reps=10 (T: target_ms), calibrates the delay, and for each test asked for measures, every
 * repetition, the reference and then the test back to back, printing
 * "RESULT ... seconds=<test> ref_seconds=<reference> innerreps=<n> overhead_us=<per construct>"
 * ((test - reference) / innerreps).  Call after bench_init and any bench_opt_* of the kernel's
 * own; ends with bench_check_ok.
 */
static inline void bench_epcc_main(const struct bench_epcc_test *tests, size_t ntests,
                                   double target_ms, struct bench_epcc_reps reps_rule)
{
  const char *which = bench_opt_string("test", "all");
  double delay_us = bench_opt_double("delay-us", 0.1);
  double target = bench_opt_double("target-ms", target_ms) * 1e-3;
  int reps = (int)bench_opt_long("reps", 10);
  bench_opts_done();

  long delay = bench_delay_calibrate(delay_us * 1e-6);
  int found = 0;
  for (size_t k = 0; k < ntests; k++) {
    if (strcmp(which, "all") != 0 && strcmp(which, tests[k].name) != 0)
      continue;
    found++;
    long innerreps = reps_rule.start;
    double t;
    for (;;) {
      t = 1e30;
      for (int i = 0; i < 3; i++) {
        double ti = tests[k].test(innerreps, delay);
        if (ti < t)
          t = ti;
      }
      if (t >= target / 10)
        break;
      innerreps *= 2;
    }
    const long m = reps_rule.multiple;
    innerreps = ((long)((double)innerreps * target / t) / m + 1) * m;
    if (innerreps < reps_rule.least)
      innerreps = reps_rule.least;
    for (int rep = 0; rep < reps; rep++) {
      double t_ref = tests[k].ref(innerreps, delay);
      double t_test = tests[k].test(innerreps, delay);
      bench_result(tests[k].name, rep, t_test, "ref_seconds=%.9f innerreps=%ld overhead_us=%.4f",
                   t_ref, innerreps, (t_test - t_ref) / (double)innerreps * 1e6);
    }
  }
  if (found == 0)
    bench_usage_error("unknown test '%s'", which);
  bench_check_ok();
}

#endif /* BENCH_H */
