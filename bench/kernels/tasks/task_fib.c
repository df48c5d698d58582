/*
 * task_fib.c -- recursive Fibonacci with one task per call above a cut-off (BOTS fib style):
 * the cost of creating, scheduling and waiting for very small tasks.
 *
 *   fib(n) = fib(n-1) + fib(n-2), each of the two calls a task with shared(x) / shared(y), then a
 *   taskwait; calls with n <= cutoff run serially (cutoff 0: a task for every call with n >= 2).
 *
 * A serial reference (the same recursion without pragmas) is timed first (test=serial); then one
 * warm-up and --reps timed parallel runs from `single` (test=tasks).  Every result is checked
 * against the iterative value.
 *
 * Options: --n=27 --cutoff=0 --reps=5
 * Output:  RESULT kernel=task_fib test=serial|tasks ... seconds=<s> tasks=<tasks created>
 */
#include "bench.h"

/* The serial reference recurses through a volatile function pointer, so that it stays one call
   per node like the task version (gcc otherwise unrolls the recursion into something much
   faster than any task version's leaves). */
static long fib_serial(int n);
static long (*volatile fib_serial_p)(int) = fib_serial;

static long fib_serial(int n)
{
  return n < 2 ? n : fib_serial_p(n - 1) + fib_serial_p(n - 2);
}

static int cutoff;

static long fib(int n)
{
  if (n < 2)
    return n;
  if (n <= cutoff)
    return fib_serial(n);
  long x, y;
#pragma omp task shared(x) firstprivate(n)
  x = fib(n - 1);
#pragma omp task shared(y) firstprivate(n)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

static long count_tasks(int n)
{
  if (n < 2 || n <= cutoff)
    return 0;
  return 2 + count_tasks(n - 1) + count_tasks(n - 2);
}

int main(int argc, char **argv)
{
  bench_init("task_fib", argc, argv);
  int n = (int)bench_opt_long("n", 27);
  cutoff = (int)bench_opt_long("cutoff", 0);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");

  long want = 0, b = 1;
  for (int i = 0; i < n; i++) {
    long t = want + b;
    want = b;
    b = t;
  }
  long tasks = count_tasks(n);
  double t0 = bench_now();
  long s = fib_serial(n);
  bench_result("serial", 0, bench_now() - t0, "tasks=0");
  bench_check(s == want, "serial fib(%d) = %ld, want %ld", n, s, want);
  for (int rep = -1; rep < reps; rep++) {
    long r = -1;
    t0 = bench_now();
#pragma omp parallel shared(r)
#pragma omp single
    r = fib(n);
    double t = bench_now() - t0;
    bench_check(r == want, "fib(%d) = %ld, want %ld", n, r, want);
    if (rep >= 0)
      bench_result("tasks", rep, t, "tasks=%ld", tasks);
  }
  bench_check_ok();
  return 0;
}
