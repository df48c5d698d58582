// schedule(adaptive) without a chunk on short loops, whose fixed cost is kept close to static's
// (an owner that drained its range steals without locking it; the last thread out leaves without
// looking at the others' ranges): the balancing must stay.  One thread (the argument) sleeps
// SLOW_NS in each of its iterations; the others' cost nothing.  A loop of N iterations, loops of
// fewer iterations than the team (most of whose threads have nothing, and which the fast threads
// reach long before the slow one: nowait), and a last loop of N.  Every iteration must run
// exactly once, and the slow thread must have run less than half its share of the two long
// loops: the others steal from it while it sleeps (it would need them kept off every processor
// for about half a second to run more).  The long loops have sites of their own, whose first
// grain is one iteration (a site's later loops start from the grain learnt by its earlier ones).
// Then REPEATS long loops of one site: the site's later loops start from the grain learnt by its
// earlier ones, which must count the slow thread's rate too, even when the others emptied its
// range while it ran its first iteration (it measured nothing else); else it would start with a
// chunk of its whole range, which nobody can steal (about a second per loop here).
//
//   #pragma omp parallel
//   for (int i = 0; i < LOOPS; i++) {
//     #pragma omp for schedule(adaptive) nowait
//     for (uint64_t k = 0; k < n[i]; k++) { hits[i][k]++; if (tid == slow) sleep(SLOW_NS); }
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 0
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 1
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 3
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive OMP2NUMA_TOPOLOGY="node:2 core:3 pu:1" %o2n-run %t 2
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan 1 %}
#include "../../Inputs/check.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>
#include <time.h>

enum { N = 1000, LOOPS = 10, REPEATS = 4, MAX_THREADS = 16, SLOW_NS = 2000000 };

static int slow;
static uint64_t trip[LOOPS];
static _Atomic unsigned char hits[LOOPS][N];
static _Atomic uint64_t slow_iterations; /* of the long loops */
static _Atomic unsigned char repeat_hits[REPEATS][N];
static _Atomic uint64_t slow_repeat_iterations; /* of the same site's loops but the first */

static void sleep_if_slow(int tid)
{
  if (tid == slow) {
    const struct timespec pause = {0, SLOW_NS};
    nanosleep(&pause, NULL);
  }
}

// #pragma omp for schedule(adaptive) nowait
// for (uint64_t k = 0; k < trip[i]; k++) { hits[i][k]++; if (tid == slow) sleep(SLOW_NS); }
static void run_loop(int i)
{
  static struct __omp2numa_loop_site sites[3] = {
      {"slow.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_NOWAIT, 0, 0},
      {"slow.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_NOWAIT, 0, 0},
      {"slow.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_NOWAIT, 0, 0}};
  struct __omp2numa_loop_site *site = &sites[i == 0 ? 0 : i < LOOPS - 1 ? 1 : 2];
  const int tid = omp_get_thread_num();
  uint64_t lo, hi;
  if (__omp2numa_loop_start(site, trip[i], 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++) {
        atomic_fetch_add(&hits[i][k], 1);
        sleep_if_slow(tid);
      }
      if (tid == slow && trip[i] == N)
        atomic_fetch_add(&slow_iterations, hi - lo);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end_nowait();
}

// #pragma omp for schedule(adaptive), REPEATS times at one site
static void run_repeats(void)
{
  static struct __omp2numa_loop_site site = {"slow.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0,
                                             0, 0};
  const int tid = omp_get_thread_num();
  for (int r = 0; r < REPEATS; r++) {
    uint64_t lo, hi;
    if (__omp2numa_loop_start(&site, N, 0, 0, &lo, &hi)) do {
        for (uint64_t k = lo; k < hi; k++) {
          atomic_fetch_add(&repeat_hits[r][k], 1);
          sleep_if_slow(tid);
        }
        if (tid == slow && r > 0)
          atomic_fetch_add(&slow_repeat_iterations, hi - lo);
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }
}

static void body(void *data)
{
  (void)data;
  for (int i = 0; i < LOOPS; i++)
    run_loop(i);
  run_repeats();
}

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  slow = atoi(argv[1]);
  const int nthreads = omp_get_max_threads();
  CHECK(nthreads >= 2 && nthreads <= MAX_THREADS && slow < nthreads, "%d threads, slow %d",
        nthreads, slow);
  // A long loop, then ones of 1 to nthreads - 1 iterations, then a long one again.
  for (int i = 0; i < LOOPS; i++)
    trip[i] = i == 0 || i == LOOPS - 1 ? N : (uint64_t)(i - 1) % (uint64_t)(nthreads - 1) + 1;
  static const struct __omp2numa_region_site site = {"slow.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, body, NULL, 0, 1);

  for (int i = 0; i < LOOPS; i++)
    for (uint64_t k = 0; k < trip[i]; k++)
      CHECK(atomic_load(&hits[i][k]) == 1, "loop %d of %" PRIu64 ": iteration %" PRIu64
            " ran %d times", i, trip[i], k, (int)atomic_load(&hits[i][k]));
  const uint64_t share = 2 * (uint64_t)N / (uint64_t)nthreads;
  CHECK(atomic_load(&slow_iterations) < share / 2,
        "the slow thread ran %" PRIu64 " of its share of %" PRIu64 " iterations",
        atomic_load(&slow_iterations), share);
  for (int r = 0; r < REPEATS; r++)
    for (uint64_t k = 0; k < N; k++)
      CHECK(atomic_load(&repeat_hits[r][k]) == 1, "loop %d at one site: iteration %" PRIu64
            " ran %d times", r, k, (int)atomic_load(&repeat_hits[r][k]));
  const uint64_t repeat_share = (REPEATS - 1) * (uint64_t)N / (uint64_t)nthreads;
  CHECK(atomic_load(&slow_repeat_iterations) < repeat_share / 2,
        "at one site, the slow thread ran %" PRIu64 " of its share of %" PRIu64 " iterations",
        atomic_load(&slow_repeat_iterations), repeat_share);
  return atomic_load(&num_failed);
}
