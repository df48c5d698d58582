// schedule(wf2(weights)[, min]): the weights are the map argument, one double per thread; a
// weight that is not a positive finite number, or no array at all, stops the program with a
// message naming the loop's file:line.  Valid weights only matter through their ratios: thread
// t's chunk is ceil(w_t / mean(w) * ceil(N / (2^(b+1) P))) for batch b (k-th chunk handed out:
// b = k / P), at least min.  Arguments: the case.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t ratios
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t single | FileCheck %s --check-prefix=SINGLE
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t nan 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t inf 2>&1 | FileCheck %s --check-prefix=INF
// RUN: env OMP_NUM_THREADS=3 not %o2n-run %t null 2>&1 | FileCheck %s --check-prefix=NULL
//
// A team of one: its weight is the mean, so the chunks are fac2's (N = 100: 50 25 13 7 4 2 1).
// SINGLE:      0 50
// SINGLE-NEXT: 50 75
// SINGLE-NEXT: 75 88
// SINGLE-NEXT: 88 95
// SINGLE-NEXT: 95 99
// SINGLE-NEXT: 99 100
// SINGLE-NEXT: end
#include "../../Inputs/check.h"
#include "rule.h"

#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>
#include <string.h>

static const char *error_case;
static double weights[4];

// #pragma omp for schedule(wf2(weights))
// for (uint64_t k = 0; k < n; k++) ...
static void region(void *data)
{
  const uint64_t n = *(const uint64_t *)data;
  // NEGATIVE: omp2numa: weights.c:[[#@LINE+5]]: schedule(wf2): the weight of thread 1 is -1; weights must be positive and finite numbers
  // ZERO: omp2numa: weights.c:[[#@LINE+4]]: schedule(wf2): the weight of thread 2 is 0; weights must be positive and finite numbers
  // NAN: omp2numa: weights.c:[[#@LINE+3]]: schedule(wf2): the weight of thread 0 is {{-?nan}}; weights must be positive and finite numbers
  // INF: omp2numa: weights.c:[[#@LINE+2]]: schedule(wf2): the weight of thread 1 is inf; weights must be positive and finite numbers
  // NULL: omp2numa: weights.c:[[#@LINE+1]]: schedule(wf2) needs an array of weights, one per thread
  static struct __omp2numa_loop_site site = {"weights.c", __LINE__, __OMP2NUMA_SCHED_WF2, 0, 0, 0};
  const int tid = omp_get_thread_num();
  const void *map = strcmp(error_case, "null") == 0 ? NULL : weights;
  struct chunk_history history = {0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, n, 0, map, &lo, &hi)) do {
      if (strcmp(error_case, "single") == 0)
        printf("%" PRIu64 " %" PRIu64 "\n", lo, hi);
      const char *error = chunk_error(&wf2_rule, n, 0, (unsigned)omp_get_num_threads(),
                                      (unsigned)tid, lo, hi, &history);
      CHECK(!error, "thread %d got [%" PRIu64 ", %" PRIu64 "): %s", tid, lo, hi, error);
      const uint64_t size = hi - lo;
      if (strcmp(error_case, "ratios") == 0 && hi < n)
        CHECK(tid ? size % 3 == 0 || size <= 2 : (size & (size - 1)) == 0, "thread %d got %"
              PRIu64 " iterations", tid, size);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(int argc, char **argv)
{
  chunk_weights = weights;
  static const struct __omp2numa_region_site site = {"weights.c", __LINE__, 0, 0};
  if (argc != 2)
    return 2;
  error_case = argv[1];
  const double cases[][3] = {{1, 1, 1}, {1, -1, 1}, {1, 1, 0}, {NAN, 1, 1}, {1, INFINITY, 1}};
  const char *names[] = {"null", "negative", "zero", "nan", "inf"};
  uint64_t n = 1000;
  for (int i = 0; i < 5; i++)
    if (strcmp(error_case, names[i]) == 0)
      memcpy(weights, cases[i], sizeof cases[i]);
  if (strcmp(error_case, "single") == 0) {
    weights[0] = 7.5;
    n = 100;
  }
  if (strcmp(error_case, "ratios") == 0) {
    // Two threads, weights 1e-300 and 3e-300 (only the ratio matters; the mean is 2e-300): each
    // chunk of thread 0 is 0.5 times the fac2 chunk of its batch, each of thread 1 is 1.5 times
    // (rule.h checks it).  With N = 2^20 the fac2 chunks are powers of two (2^18 for batch 0,
    // then 2^17, ... 1), so thread 0's chunks are powers of two (or 1), and thread 1's are three
    // times a power of two (or 2, from 1.5 * 1).
    weights[0] = 1e-300;
    weights[1] = 3e-300;
    n = 1u << 20;
  }
  __omp2numa_parallel(&site, region, &n, 0, 1);
  if (strcmp(error_case, "single") == 0)
    printf("end\n");
  return atomic_load(&num_failed);
}
