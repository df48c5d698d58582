// OMP2NUMA_STATS=json:FILE and csv:FILE for translated code: an imbalanced parallel for on 2
// threads (the translator ends it without a barrier: the region's join is its barrier, and the
// thread that finishes early waits there, which the statistics count), a loop with a schedule
// and a reduction in a region with tasks.  The program checks its results against the serial
// ones; Inputs/imbalanced_check.py checks the statistics against what the program knows.
//
// RUN: %o2n-compile %s -o %t
// RUN: rm -f %t.json %t.csv
// RUN: env OMP2NUMA_STATS=json:%t.json OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: python3 %S/Inputs/imbalanced_check.py %t.json
// RUN: env OMP2NUMA_STATS=csv:%t.csv OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: python3 %S/Inputs/imbalanced_check.py %t.csv
// RUN: %if gcc-openmp %{ gcc -std=c11 -O1 -fopenmp %s -o %t.gcc && %o2n-run %t.gcc %}
// REQUIRES: translator
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdio.h>
#include <time.h>

#define N 100     /* parallel for: iterations, the first half slow */
#define M 1000    /* dynamic loop */
#define TASKS 40

static void sleep_us(long us)
{
  struct timespec ts = {us / 1000000, (us % 1000000) * 1000L};
  while (nanosleep(&ts, &ts) != 0)
    ;
}

int main(void)
{
  long sum = 0, serial = 0;
  for (int i = 0; i < N; i++)
    serial += i;
#pragma omp parallel for num_threads(2) schedule(static) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    if (i < N / 2)
      sleep_us(4000);
    sum += i;
  }
  if (sum != serial) {
    fprintf(stderr, "parallel for: %ld, serial %ld\n", sum, serial);
    return 1;
  }

  long dyn = 0;
  int done[TASKS] = {0};
#pragma omp parallel num_threads(4)
  {
#pragma omp for schedule(dynamic, 7) reduction(+ : dyn)
    for (int i = 0; i < M; i++)
      dyn += i % 13;
#pragma omp single
    for (int t = 0; t < TASKS; t++) {
#pragma omp task firstprivate(t) shared(done)
      done[t] = t + 1;
    }
  }
  long dyn_serial = 0;
  for (int i = 0; i < M; i++)
    dyn_serial += i % 13;
  for (int t = 0; t < TASKS; t++)
    if (done[t] != t + 1) {
      fprintf(stderr, "task %d did not run\n", t);
      return 1;
    }
  if (dyn != dyn_serial) {
    fprintf(stderr, "dynamic loop: %ld, serial %ld\n", dyn, dyn_serial);
    return 1;
  }
  return 0;
}
