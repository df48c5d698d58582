// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.lomp && env OMP_NUM_THREADS=3 %o2n-run %t.lomp %}
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
// REQUIRES: translator
//
// The barrier at the end of a `for` or `sections` construct with a reduction, which omp2numa's
// reduction holds (the construct has no second barrier): right after the construct, without a
// barrier of its own, every thread reads the combined result, and reads the elements that other
// threads wrote in the construct.  Each thread's loop work is delayed differently in every
// round, so that each arrives last in some of them.  Under ThreadSanitizer, a missing barrier is
// a reported race.

#define _POSIX_C_SOURCE 200809L // nanosleep

#include <omp.h>
#include <stdio.h>
#include <time.h>

enum { N = 97, ROUNDS = 12 };

static int failures;

static void check(int ok, const char *what, int round, long got, long want)
{
  if (!ok) {
#pragma omp atomic
    failures++;
    printf("FAIL %s: round %d, thread %d: %ld, expected %ld\n", what, round,
           omp_get_thread_num(), got, want);
  }
}

static void delay_us(long us)
{
  const struct timespec ts = {0, us * 1000};
  nanosleep(&ts, NULL);
}

int main(void)
{
  static long a[N];
  long sum, top;
#pragma omp parallel
  {
    const int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp single
      {
        sum = 0;
        top = -1;
      }
      delay_us(100L * ((tid + r) % nthreads));
#pragma omp for schedule(static) reduction(+ : sum)
      for (int i = 0; i < N; i++) {
        a[i] = (long)i * (r + 1);
        sum += a[i];
      }
      // No barrier: the loop's own.
      const long want = (long)(r + 1) * N * (N - 1) / 2;
      check(sum == want, "sum", r, sum, want);
      check(a[N - 1 - tid % N] == (long)(N - 1 - tid % N) * (r + 1), "element", r,
            a[N - 1 - tid % N], (long)(N - 1 - tid % N) * (r + 1));
#pragma omp sections reduction(max : top)
      {
#pragma omp section
        top = a[0];
#pragma omp section
        top = a[N - 1];
      }
      check(top == (long)(N - 1) * (r + 1), "max", r, top, (long)(N - 1) * (r + 1));
#pragma omp barrier
    }
  }
  return failures != 0;
}
