// schedule(adaptive, 1): hammers the THE protocol.  Thousands of small loops (a few iterations
// per thread, chunk 1, bodies of random length) make owners take their last iterations while
// thieves steal them, so both sides of the protocol meet its conflict paths (the owner's retry
// under the lock, the thief's restore); team sizes up to 16 on however few processors, so threads
// are also preempted in the middle of a claim.  Every iteration must run exactly once.  With
// "grain", the loops have no chunk: owners and thieves claim adaptive grains (adaptive/grain.c),
// which over these short bodies are of one to a few iterations.  Arguments: the number of loops,
// then optionally "grain".
//
//   #pragma omp parallel
//   for (int i = 0; i < LOOPS; i++) {
//     #pragma omp for schedule(adaptive, 1 or no chunk) [nowait]
//     for (uint64_t k = 0; k < n[i]; k++) { hits[i][k]++; spin(k); }
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 20000
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t 10000
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 3000
// RUN: env OMP_NUM_THREADS=16 OMP2NUMA_TOPOLOGY="node:4 core:4 pu:1" %o2n-run %t 1000
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 20000 grain
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 3000 grain
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan 3000 %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=5 OMP2NUMA_TOPOLOGY="node:2 core:3 pu:1" %o2n-tsan-run %t.tsan 300 %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan 1000 grain %}
#include "../../Inputs/check.h"
#include "rule.h"

#include <inttypes.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PER_THREAD = 8, MAX_THREADS = 16, MAX_N = MAX_PER_THREAD * MAX_THREADS };

static int loops;
static int64_t chunk;                 /* 1, or 0 with "grain" */
static uint64_t *trip;                /* loops entries */
static _Atomic unsigned char *hits;   /* loops * MAX_N counters */

static void spin(uint64_t k)
{
  for (volatile uint64_t i = 0; i < (k * 2654435761u >> 7) % 64; i++)
    ;
}

static void region(void *data)
{
  (void)data;
  static struct __omp2numa_loop_site site = {"race.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0,
                                             0, 0};
  const unsigned tid = (unsigned)omp_get_thread_num(), nthreads = (unsigned)omp_get_num_threads();
  for (int i = 0; i < loops; i++) {
    uint64_t lo, hi;
    _Atomic unsigned char *h = hits + (size_t)i * MAX_N;
    struct chunk_history history = {0, 0};
    if (__omp2numa_loop_start(&site, trip[i], chunk, NULL, &lo, &hi)) do {
        const char *error = chunk_error(&adaptive_rule, trip[i], (uint64_t)chunk, nthreads, tid,
                                        lo, hi, &history);
        CHECK(!error, "loop %d: chunk [%" PRIu64 ", %" PRIu64 "): %s", i, lo, hi, error);
        for (uint64_t k = lo; k < hi; k++) {
          atomic_fetch_add_explicit(&h[k], 1, memory_order_relaxed);
          spin(k + (uint64_t)i);
        }
      } while (__omp2numa_loop_next(&lo, &hi));
    // Mostly nowait, so that fast threads run ahead into later loops and rob slow ones.
    if (i % 4 == 3)
      __omp2numa_loop_end();
    else
      __omp2numa_loop_end_nowait();
  }
}

int main(int argc, char **argv)
{
  if (argc != 2 && !(argc == 3 && strcmp(argv[2], "grain") == 0))
    return 2;
  loops = atoi(argv[1]);
  chunk = argc == 3 ? 0 : 1;
  static const struct __omp2numa_region_site site = {"race.c", __LINE__, 0, 0};
  const int p = omp_get_max_threads();
  trip = malloc((size_t)loops * sizeof *trip);
  hits = calloc((size_t)loops * MAX_N, 1);
  uint64_t state = 88172645463325252ull;
  for (int i = 0; i < loops; i++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    trip[i] = state % ((uint64_t)(p < MAX_THREADS ? p : MAX_THREADS) * MAX_PER_THREAD + 1);
  }
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  for (int i = 0; i < loops; i++)
    for (uint64_t k = 0; k < trip[i]; k++) {
      const unsigned got = atomic_load(&hits[(size_t)i * MAX_N + k]);
      CHECK(got == 1, "loop %d (n=%" PRIu64 "): iteration %" PRIu64 " ran %u times", i, trip[i],
            k, got);
    }
  return atomic_load(&num_failed);
}
