// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// Recursive Fibonacci with `task` and `taskwait`, the canonical tasking program.  The two partial
// results are locals of the recursive function written by child tasks through `shared(x)` and
// `shared(y)`; the parent reads them after `taskwait`.  Checked against the iterative values:
//  - fib(0..24) from `single` in a parallel region, and the number of calls (one atomic counter
//    per call) equals the serial call count: every task ran exactly once;
//  - the same from `master` followed by a barrier, and from every thread at once (each thread
//    computes its own fib(n + tid) in the same team);
//  - a cut-off version: tasks only while n > 12 (`if(n > 12)`, undeferred below), and a
//    `final(n <= 12)` version in which omp_in_final() is true exactly in the final tasks and
//    their included descendants;
//  - outside any parallel region (the initial task alone).

#include <omp.h>
#include <stdarg.h>
#include <stdio.h>

static int failures;

static void check(int ok, int line, const char *fmt, ...)
{
  if (ok)
    return;
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL fib.c:%d: ", line);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  failures++;
}
#define CHECK(ok, ...) check((ok), __LINE__, __VA_ARGS__)

static long calls;

static long fib_task(int n)
{
#pragma omp atomic
  calls++;
  if (n < 2)
    return n;
  long x, y;
#pragma omp task shared(x)
  x = fib_task(n - 1);
#pragma omp task shared(y)
  y = fib_task(n - 2);
#pragma omp taskwait
  return x + y;
}

static long fib_if(int n)
{
  if (n < 2)
    return n;
  long x, y;
#pragma omp task shared(x) if (n > 12)
  x = fib_if(n - 1);
#pragma omp task shared(y) if (n > 12)
  y = fib_if(n - 2);
#pragma omp taskwait
  return x + y;
}

static long final_misses;

static long fib_final(int n)
{
  if (n < 2)
    return n;
  long x, y;
#pragma omp task shared(x) final(n <= 12)
  {
    if (!omp_in_final() != !(n <= 12)) {
#pragma omp atomic
      final_misses++;
    }
    x = fib_final(n - 1);
  }
#pragma omp task shared(y) final(n <= 12)
  {
    if (!omp_in_final() != !(n <= 12)) {
#pragma omp atomic
      final_misses++;
    }
    y = fib_final(n - 2);
  }
#pragma omp taskwait
  return x + y;
}

static long fib_serial(int n)
{
  long a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    long t = a + b;
    a = b;
    b = t;
  }
  return a;
}

static long calls_serial(int n)
{
  return n < 2 ? 1 : 1 + calls_serial(n - 1) + calls_serial(n - 2);
}

int main(void)
{
  for (int n = 0; n <= 24; n += 3) {
    long r = -1;
    calls = 0;
#pragma omp parallel shared(r)
#pragma omp single
    r = fib_task(n);
    CHECK(r == fib_serial(n), "single: fib(%d) = %ld, want %ld", n, r, fib_serial(n));
    CHECK(calls == calls_serial(n), "single: fib(%d) made %ld calls, want %ld", n, calls,
          calls_serial(n));
  }

  {
    long r = -1;
#pragma omp parallel shared(r)
    {
#pragma omp master
      r = fib_task(20);
#pragma omp barrier
    }
    CHECK(r == fib_serial(20), "master: fib(20) = %ld", r);
  }

  {
    long res[64];
    int nth = 1;
#pragma omp parallel shared(res, nth)
    {
      int t = omp_get_thread_num();
#pragma omp single
      nth = omp_get_num_threads();
      if (t < 64)
        res[t] = fib_task(12 + t % 4);
    }
    for (int t = 0; t < nth && t < 64; t++)
      CHECK(res[t] == fib_serial(12 + t % 4), "thread %d: fib(%d) = %ld", t, 12 + t % 4, res[t]);
  }

  {
    long r1 = -1, r2 = -1;
#pragma omp parallel shared(r1, r2)
#pragma omp single
    {
      r1 = fib_if(24);
      r2 = fib_final(24);
    }
    CHECK(r1 == fib_serial(24), "if cut-off: fib(24) = %ld", r1);
    CHECK(r2 == fib_serial(24), "final cut-off: fib(24) = %ld", r2);
    CHECK(final_misses == 0, "%ld tasks disagreed with final(n <= 12) in omp_in_final()",
          final_misses);
  }

  calls = 0;
  long r = fib_task(18);
  CHECK(r == fib_serial(18), "outside parallel: fib(18) = %ld", r);
  CHECK(calls == calls_serial(18), "outside parallel: %ld calls", calls);
  return failures != 0;
}
