// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// `taskloop reduction(...)` (OpenMP 5.0) and `in_reduction` on a taskloop:
//  - reduction(+: sum) over 100000 iterations, long, with grainsize and num_tasks;
//  - several reductions at once: (+: double), (*: long, small factors), (max: int),
//    (min: int), (|: unsigned), (&&: int);
//  - the reduction variable's value before the loop takes part (sum starts at 1000);
//  - a taskloop with in_reduction(+: total) inside a taskgroup task_reduction(+: total), next
//    to ordinary tasks that also contribute in_reduction;
//  - the same in every thread at once and outside any parallel region.

#define TEST_NAME "taskloop_reduction.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define N 100000L

static void run(void)
{
  long sum = 1000;
#pragma omp taskloop reduction(+: sum) grainsize(1000)
  for (long i = 0; i < N; i++)
    sum += i;
  CHECK(sum == 1000 + N * (N - 1) / 2, "+ grainsize: %ld", sum);

  sum = 0;
#pragma omp taskloop reduction(+: sum) num_tasks(13)
  for (long i = 0; i < N; i++)
    sum += i % 7;
  long want = 0;
  for (long i = 0; i < N; i++)
    want += i % 7;
  CHECK(sum == want, "+ num_tasks: %ld, want %ld", sum, want);

  double dsum = 0.5;
  long prod = 1;
  int mx = -1, mn = 1 << 30, all = 1;
  unsigned bits = 0;
#pragma omp taskloop reduction(+: dsum) reduction(*: prod) reduction(max: mx) \
    reduction(min: mn) reduction(|: bits) reduction(&&: all) grainsize(3)
  for (int i = 1; i <= 40; i++) {
    dsum += 0.25 * i;
    if (i % 10 == 0)
      prod *= 2;
    if ((i * 37) % 41 > mx)
      mx = (i * 37) % 41;
    if ((i * 37) % 41 < mn)
      mn = (i * 37) % 41;
    bits |= 1u << (i % 32);
    all = all && (i > 0);
  }
  CHECK(dsum == 0.5 + 0.25 * 820, "+ double: %f", dsum);
  CHECK(prod == 16, "*: %ld", prod);
  CHECK(mx == 40 && mn == 1, "max %d min %d", mx, mn);
  CHECK(bits == 0xffffffffu, "|: %x", bits);
  CHECK(all == 1, "&&: %d", all);

  long total = 0;
#pragma omp taskgroup task_reduction(+: total)
  {
    for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+: total)
      total += 1000000;
    }
#pragma omp taskloop in_reduction(+: total) grainsize(100)
    for (long i = 0; i < 10000; i++)
      total += i;
  }
  CHECK(total == 10000000 + 10000L * 9999 / 2, "taskloop in_reduction: %ld", total);
}

int main(void)
{
#pragma omp parallel
#pragma omp single
  run();
#pragma omp parallel
  run();
  run();
  return failures != 0;
}
