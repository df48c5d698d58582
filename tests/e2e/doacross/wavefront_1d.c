// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=tss %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_SCHEDULE=fac2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=6 OMP_SCHEDULE=rand %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP_SCHEDULE=guided,2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_SCHEDULE=adaptive %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// One-dimensional doacross loops, ordered(1): a recurrence a[i] = g(a[i - d], i) whose serial
// result depends on every iteration reading the value the sink iteration wrote.  Each loop is
// checked against the serial loop, and each wait is checked to come after the sink iteration's
// source: an iteration marks itself posted just before depend(source), and the reader checks
// the mark after depend(sink).  The standard schedules, omp2numa's through schedule(runtime)
// and OMP_SCHEDULE in the RUN lines, decreasing loops, steps of 3 and a step only known at run
// time, a pointer loop variable, sinks of two iterations back and sinks that fall outside the
// iteration space (the first iterations: ignored), a loop in a parallel region with nowait, and
// a source before the end of the body.

#include <stdio.h>
#include <stdlib.h>

#define N 600

static unsigned a[N], ref[N];
static int posted[N];
static int failures;

static unsigned g(unsigned prev, int i) { return prev * 2654435761u + (unsigned)i; }

/* The serial meaning: the same recurrence, run in order. */
static void serial(int first, int last, int step, int back)
{
  for (int i = 0; i < N; i++)
    ref[i] = (unsigned)i;
  for (int i = first; step > 0 ? i < last : i > last; i += step)
    ref[i] = g(ref[i - back * step >= 0 && i - back * step < N ? i - back * step : i], i);
}

static void reset(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = (unsigned)i;
    __atomic_store_n(&posted[i], 0, __ATOMIC_RELAXED);
  }
  posted[0] = 1; /* a[0] is no iteration's: the loops that read it start from it */
}

/* Reads a[j] for iteration i after its sink: j must have posted. */
static unsigned after_sink(int j)
{
  if (!__atomic_load_n(&posted[j], __ATOMIC_RELAXED)) {
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
    return 0;
  }
  return a[j];
}

static void post(int i) { __atomic_store_n(&posted[i], 1, __ATOMIC_RELAXED); }

static void check(const char *name)
{
  int wrong = 0;
  for (int i = 0; i < N; i++)
    wrong += a[i] != ref[i];
  printf("%-28s %s\n", name, wrong ? "WRONG" : "ok");
  failures += wrong;
}

/* Iteration i of the loops that go up by 1: reads i - 1 after its sink. */
static void up(int i) { a[i] = g(after_sink(i - 1), i); post(i); }

int main(void)
{
  /* Up, step 1, sink i - 1, each schedule (schedule(runtime): OMP_SCHEDULE in the RUN lines). */
  serial(1, N, 1, 1);
  reset();
#pragma omp parallel for ordered(1)
  for (int i = 1; i < N; i++) {
    unsigned x = (unsigned)i * 7u; /* work before the sink runs in parallel */
#pragma omp ordered depend(sink: i - 1)
    up(i);
    a[i] += x - x;
#pragma omp ordered depend(source)
  }
  check("default");
  reset();
#pragma omp parallel for ordered(1) schedule(static, 1)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("static,1");
  reset();
#pragma omp parallel for ordered(1) schedule(static, 7)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("static,7");
  reset();
#pragma omp parallel for ordered(1) schedule(dynamic)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("dynamic");
  reset();
#pragma omp parallel for ordered(1) schedule(monotonic: dynamic, 5)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("monotonic:dynamic,5");
  reset();
#pragma omp parallel for ordered(1) schedule(guided, 3)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("guided,3");
  reset();
#pragma omp parallel for ordered(1) schedule(auto)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("auto");
  reset();
#pragma omp parallel for ordered(1) schedule(runtime)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
    up(i);
#pragma omp ordered depend(source)
  }
  check("runtime");

  /* Down, step 1: the earlier iteration is i + 1. */
  reset();
  serial(N - 2, -1, -1, 1);
  for (int i = 0; i < N; i++)
    a[i] = (unsigned)i;
#pragma omp parallel for ordered(1) schedule(dynamic, 3)
  for (int i = N - 2; i >= 0; i--) {
#pragma omp ordered depend(sink: i + 1)
    a[i] = g(i + 1 < N - 1 ? after_sink(i + 1) : a[i + 1], i);
    post(i);
#pragma omp ordered depend(source)
  }
  check("down");

  /* Step 3, two iterations back (i - 6); the first two have no sink iteration. */
  reset();
  serial(2, N, 3, 2);
  for (int i = 0; i < N; i++)
    ref[i] = a[i];
  for (int i = 2; i < N; i += 3)
    ref[i] = g(i - 6 >= 2 ? ref[i - 6] : ref[i], i);
#pragma omp parallel for ordered(1) schedule(static, 2)
  for (int i = 2; i < N; i += 3) {
#pragma omp ordered depend(sink: i - 6)
    a[i] = g(i - 6 >= 2 ? after_sink(i - 6) : a[i], i);
    post(i);
#pragma omp ordered depend(source)
  }
  check("step 3, back 2");

  /* A step known only at run time, down. */
  reset();
  volatile int two = 2;
  const int s = two;
  for (int i = 0; i < N; i++)
    ref[i] = (unsigned)i;
  for (int i = N - 1; i >= 0; i -= s)
    ref[i] = g(i + s < N ? ref[i + s] : ref[i], i);
#pragma omp parallel for ordered(1) schedule(guided)
  for (int i = N - 1; i >= 0; i -= s) {
#pragma omp ordered depend(sink: i + 2)
    a[i] = g(i + s < N ? after_sink(i + s) : a[i], i);
    post(i);
#pragma omp ordered depend(source)
  }
  check("run-time step, down");

  /* A pointer loop variable. */
  reset();
  serial(1, N, 1, 1);
#pragma omp parallel for ordered(1) schedule(static, 3)
  for (unsigned *p = a + 1; p < a + N; p++) {
#pragma omp ordered depend(sink: p - 1)
    *p = g(after_sink((int)(p - 1 - a)), (int)(p - a));
    post((int)(p - a));
#pragma omp ordered depend(source)
  }
  check("pointer");

  /* In a parallel region, nowait, a loop variable declared outside, the source first: the
     iteration's later work runs in parallel with the next ones. */
  reset();
  serial(1, N, 1, 1);
  static unsigned after[N];
  int i;
#pragma omp parallel
  {
#pragma omp for ordered(1) schedule(dynamic) nowait
    for (i = 1; i < N; i++) {
#pragma omp ordered depend(sink: i - 1)
      a[i] = g(after_sink(i - 1), i);
      post(i);
#pragma omp ordered depend(source)
      after[i] = a[i] / 2u;
    }
#pragma omp barrier
  }
  for (int k = 1; k < N; k++)
    failures += after[k] != ref[k] / 2u;
  check("region, nowait");

  printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
