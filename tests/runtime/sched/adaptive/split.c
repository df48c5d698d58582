// schedule(adaptive): the initial split.  The loop is cut into P equal contiguous ranges (the
// first N % P one longer) dealt out in NUMA-domain order: the threads of one domain hold adjacent
// ranges, domains in the order of their lowest thread number.  Each thread's first chunk is the
// front of its range, as long as nobody has stolen from it yet: here every thread takes its first
// chunk and then waits until all have, so no thread runs out of work (and steals) before then.
// A thread that reaches the loop late has its whole range taken by the others.
// Arguments: the case, then the expected start of each thread's range.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t split 0,100,200,300
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t split 0,134,267
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t split 0,100,200,300
// RUN: env OMP_NUM_THREADS=7 OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t split 0,58,115,172,229,286,343
//
// A nested team of 4 whose primary thread sits at position 3 of "node:2 core:2 pu:1": its threads
// are at positions 3, 0, 1, 2, in nodes 1, 0, 0, 1.  Node 1 (thread 0's) comes first: threads 0
// and 3 get the first two ranges, then threads 1 and 2.
// (OMP_PROC_BIND=close: with nesting, the default is spread,close.)
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 OMP_PROC_BIND=close OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t nested 0,200,300,100
//
// Thread 3 of 4 reaches the loop 300 ms late: the others have run its whole range.
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t late -
#include "../../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { N = 400, MAX_THREADS = 16 };

static const char *mode;
static uint64_t first_lo[MAX_THREADS];
static _Atomic uint64_t iterations_of[MAX_THREADS];
static atomic_int started;
static _Atomic unsigned char hits[N];

// #pragma omp for schedule(adaptive)
// for (uint64_t k = 0; k < N; k++) hits[k]++;
static void loop(void *data)
{
  (void)data;
  static struct __omp2numa_loop_site site = {"split.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0,
                                             0, 0};
  const int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
  const int late = strcmp(mode, "late") == 0;
  if (late && tid == 3) {
    struct timespec lag = {0, 300000000};
    nanosleep(&lag, NULL);
  }
  uint64_t lo, hi;
  int first = 1;
  if (__omp2numa_loop_start(&site, N, 0, 0, &lo, &hi)) do {
      if (first) {
        first = 0;
        first_lo[tid] = lo;
        // Wait until every thread has its first chunk: until then nobody steals.
        atomic_fetch_add(&started, 1);
        while (!late && atomic_load(&started) < nthreads)
          sched_yield();
      }
      for (uint64_t k = lo; k < hi; k++)
        atomic_fetch_add(&hits[k], 1);
      atomic_fetch_add(&iterations_of[tid], hi - lo);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

// #pragma omp parallel
// { if (omp_get_thread_num() == 3) { #pragma omp parallel num_threads(4) loop(); } }
static void outer(void *data)
{
  static const struct __omp2numa_region_site inner = {"split.c", __LINE__, 0,
                                                       __OMP2NUMA_REGION_NUM_THREADS};
  if (omp_get_thread_num() == 3)
    __omp2numa_parallel(&inner, loop, data, 4, 1);
}

int main(int argc, char **argv)
{
  if (argc != 3)
    return 2;
  mode = argv[1];
  static const struct __omp2numa_region_site site = {"split.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site outer_site = {"split.c", __LINE__, 0,
                                                           __OMP2NUMA_REGION_NUM_THREADS};
  int nthreads = omp_get_max_threads();
  if (strcmp(mode, "nested") == 0) {
    nthreads = 4;
    __omp2numa_parallel(&outer_site, outer, NULL, 4, 1);
  } else {
    __omp2numa_parallel(&site, loop, NULL, 0, 1);
  }

  for (int k = 0; k < N; k++)
    CHECK(atomic_load(&hits[k]) == 1, "iteration %d ran %d times", k, (int)atomic_load(&hits[k]));
  if (strcmp(mode, "late") == 0) {
    CHECK(atomic_load(&iterations_of[3]) == 0, "the late thread ran %" PRIu64 " iterations",
          atomic_load(&iterations_of[3]));
    return atomic_load(&num_failed);
  }
  const char *s = argv[2];
  for (int t = 0; t < nthreads; t++) {
    char *end;
    const uint64_t want = strtoull(s, &end, 10);
    CHECK(first_lo[t] == want, "thread %d started at %" PRIu64 ", expected %" PRIu64, t,
          first_lo[t], want);
    s = *end ? end + 1 : end;
  }
  return atomic_load(&num_failed);
}
