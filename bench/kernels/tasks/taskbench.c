/*
 * taskbench.c -- the overhead of creating and running a task, in the spirit of the EPCC task
 * microbenchmarks (our own implementation).  Each test runs `innerreps` small tasks per thread,
 * each a calibrated delay; a reference does the same delays without tasks; the overhead per
 * task is (test - reference) / innerreps, i.e. the extra wall time per task of one thread's
 * share:
 *
 *   parallel_task     parallel { for (j < R) task delay(); }
 *   master_task       parallel { master for (j < R * nthreads) task delay(); }
 *                     (one thread creates every task; the others only run them)
 *   conditional_task  parallel { for (j < R) task if(0) delay(); }   (undeferred)
 *   taskwait          parallel { for (j < R) { task delay(); taskwait } }
 *   task_barrier      parallel { for (j < R) { task delay(); barrier } }
 *                     (reference: parallel { for (j < R) { delay(); barrier } })
 *   nested_task       parallel { for (j < R / nthreads) task { for (i < nthreads) task delay(); } }
 *   reference         parallel { for (j < R) delay(); }   (all but task_barrier)
 *
 * Every test counts its delays (an atomic per task) and checks the total, so a task that did not
 * run is a failure.  innerreps is chosen so that a test takes about --target-ms (at least 1024
 * tasks per thread); each repetition measures the reference and the test back to back
 * (bench_epcc_main, bench.h).
 *
 * Options: --test=NAME|all --delay-us=0.1 --target-ms=40 --reps=10
 * Output:  RESULT kernel=taskbench test=<test> ... seconds=<test> ref_seconds=<reference>
 *          innerreps=<R> overhead_us=<per task>
 */
#include "bench.h"

static long ran;

static void work(long delay)
{
  bench_delay(delay);
#pragma omp atomic
  ran++;
}

static void expect(long want, const char *test)
{
  bench_check(ran == want, "%s: %ld tasks ran, want %ld", test, ran, want);
  ran = 0;
}

static double ref_plain(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++)
    work(delay);
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "reference");
  return t;
}

static double ref_barrier(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
    work(delay);
#pragma omp barrier
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "barrier reference");
  return t;
}

static double test_parallel_task(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
#pragma omp task
    work(delay);
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "parallel_task");
  return t;
}

static double test_master_task(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  {
#pragma omp master
    {
      long n = innerreps * omp_get_num_threads();
      for (long j = 0; j < n; j++) {
#pragma omp task
        work(delay);
      }
    }
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "master_task");
  return t;
}

static double test_conditional_task(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
#pragma omp task if (0)
    work(delay);
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "conditional_task");
  return t;
}

static double test_taskwait(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
#pragma omp task
    work(delay);
#pragma omp taskwait
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "taskwait");
  return t;
}

static double test_task_barrier(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  for (long j = 0; j < innerreps; j++) {
#pragma omp task
    work(delay);
#pragma omp barrier
  }
  double t = bench_now() - t0;
  expect(innerreps * omp_get_max_threads(), "task_barrier");
  return t;
}

static double test_nested_task(long innerreps, long delay)
{
  double t0 = bench_now();
#pragma omp parallel firstprivate(innerreps, delay)
  {
    int nth = omp_get_num_threads();
    long outer = innerreps / nth;
    for (long j = 0; j < outer; j++) {
#pragma omp task firstprivate(nth)
      for (int i = 0; i < nth; i++) {
#pragma omp task
        work(delay);
      }
    }
  }
  double t = bench_now() - t0;
  int nth = omp_get_max_threads();
  expect(innerreps / nth * nth * nth, "nested_task");
  return t;
}

static const struct bench_epcc_test tests[] = {
    {"parallel_task", test_parallel_task, ref_plain},
    {"master_task", test_master_task, ref_plain},
    {"conditional_task", test_conditional_task, ref_plain},
    {"taskwait", test_taskwait, ref_plain},
    {"task_barrier", test_task_barrier, ref_barrier},
    {"nested_task", test_nested_task, ref_plain},
};

int main(int argc, char **argv)
{
  bench_init("taskbench", argc, argv);
  bench_fixed_schedule("tasks", "default");
  /* At least 1024 tasks per thread, so that a preemption of a few milliseconds stays a few
     microseconds per task; a multiple of the team size (nested_task divides by it). */
  const long nth = omp_get_max_threads();
  bench_epcc_main(tests, sizeof tests / sizeof *tests, 40,
                  (struct bench_epcc_reps){64 * nth, nth, 1024 * nth});
  return 0;
}
