// schedule(adaptive) without a chunk: the adaptive grain.  The owner sizes each chunk to take a few
// microseconds at the rate it measured over its previous one, so:
//  - bounds: every iteration runs exactly once, each chunk within the rule (adaptive/rule.h), for
//    trip counts 0, 1, around the team size and large, in teams of 1 to 8 threads;
//  - cheap: over cheap iterations the grain grows: the chunks of 20 executions of a loop of
//    200,000 iterations average at least 32 iterations (with chunk 1 they would be 1);
//  - costly: over iterations of 50 us each (more than the grain's time on any clock) every chunk
//    is one iteration, as with chunk 1, so they balance as well;
//  - slow: thread 1's iterations take ten times as long as the others': it measures a slower rate,
//    takes less, and the others steal its range, so it runs well under half of its initial block
//    (a static split would give it the whole block and make the loop five times longer).
// Arguments: the case.
//
//   #pragma omp parallel [num_threads(p)]
//   #pragma omp for schedule(adaptive)
//   for (uint64_t k = 0; k < n; k++) ...
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t bounds
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t bounds
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t cheap
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t cheap
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t costly
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t slow
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t slow
#include "../../Inputs/check.h"
#include "rule.h"

#include <inttypes.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_N = 200000, MAX_THREADS = 16 };

static _Atomic unsigned char hits[MAX_N];
static _Atomic uint64_t chunks_of[MAX_THREADS], iterations_of[MAX_THREADS];

// The case: trip count, the time of one iteration (ns; 0: cheap) and of thread 1's.
struct loop_case {
  uint64_t n;
  long ns, slow_ns;
};

static long now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static void spin_ns(long ns)
{
  for (const long end = now_ns() + ns; now_ns() < end;)
    ;
}

// #pragma omp for schedule(adaptive)
// for (uint64_t k = 0; k < c->n; k++) { hits[k]++; <spin c->ns, or c->slow_ns on thread 1> }
static void loop(void *data)
{
  static struct __omp2numa_loop_site site = {"grain.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0,
                                             0, 0};
  const struct loop_case *c = data;
  const unsigned tid = (unsigned)omp_get_thread_num(), nthreads = (unsigned)omp_get_num_threads();
  const long ns = tid == 1 && c->slow_ns ? c->slow_ns : c->ns;
  struct chunk_history history = {0, 0};
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&site, c->n, 0, 0, &lo, &hi)) do {
      const char *error = chunk_error(&adaptive_rule, c->n, 0, nthreads, tid, lo, hi, &history);
      CHECK(!error, "n=%" PRIu64 " threads=%u: thread %u got [%" PRIu64 ", %" PRIu64 "): %s",
            c->n, nthreads, tid, lo, hi, error);
      for (uint64_t k = lo; k < hi && k < c->n; k++) {
        atomic_fetch_add_explicit(&hits[k], 1, memory_order_relaxed);
        if (ns)
          spin_ns(ns);
      }
      atomic_fetch_add(&chunks_of[tid], 1);
      atomic_fetch_add(&iterations_of[tid], hi - lo);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

// Runs the case in a team of nthreads (0: the default), checks that every iteration ran once,
// and clears the counters.
static void run(const struct loop_case *c, int nthreads)
{
  static const struct __omp2numa_region_site site = {"grain.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site sized = {"grain.c", __LINE__, 0,
                                                      __OMP2NUMA_REGION_NUM_THREADS};
  __omp2numa_parallel(nthreads ? &sized : &site, loop, (void *)c, nthreads, 1);
  for (uint64_t k = 0; k < c->n; k++) {
    CHECK(atomic_load(&hits[k]) == 1, "n=%" PRIu64 " threads=%d: iteration %" PRIu64
          " ran %d times", c->n, nthreads, k, (int)atomic_load(&hits[k]));
    atomic_store(&hits[k], 0);
  }
}

static uint64_t total(_Atomic uint64_t *counts)
{
  uint64_t sum = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    sum += atomic_exchange(&counts[t], 0);
  return sum;
}

// Positive cases.

static void bounds(void)
{
  for (int p = 1; p <= 8; p++) {
    const uint64_t ns[] = {0, 1, 2, (uint64_t)p - 1, (uint64_t)p, (uint64_t)p + 1, 1000, 77777};
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
      const struct loop_case c = {ns[i], 0, 0};
      run(&c, p);
    }
  }
}

static void cheap(void)
{
  const struct loop_case c = {MAX_N, 0, 0};
  for (int e = 0; e < 20; e++)
    run(&c, 0);
  const uint64_t chunks = total(chunks_of), iterations = total(iterations_of);
  CHECK(iterations == 20 * (uint64_t)MAX_N, "%" PRIu64 " iterations", iterations);
  CHECK(iterations / chunks >= 32, "%" PRIu64 " chunks of %" PRIu64 " iterations on average",
        chunks, iterations / chunks);
}

static void costly(void)
{
  const struct loop_case c = {200, 50000, 0};
  run(&c, 0);
  const uint64_t chunks = total(chunks_of), iterations = total(iterations_of);
  CHECK(chunks == iterations, "%" PRIu64 " chunks for %" PRIu64 " iterations", chunks,
        iterations);
}

static void slow(void)
{
  const struct loop_case c = {600, 20000, 200000};
  run(&c, 0);
  const uint64_t block = c.n / (uint64_t)omp_get_max_threads();
  const uint64_t slow_ran = atomic_load(&iterations_of[1]);
  CHECK(slow_ran < block / 2, "the slow thread ran %" PRIu64 " of its %" PRIu64 " iterations",
        slow_ran, block);
  total(chunks_of);
  total(iterations_of);
}

int main(int argc, char **argv)
{
  if (argc != 2)
    return 2;
  static const struct {
    const char *name;
    void (*run)(void);
  } cases[] = {{"bounds", bounds}, {"cheap", cheap}, {"costly", costly}, {"slow", slow}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    if (strcmp(argv[1], cases[i].name) == 0) {
      cases[i].run();
      return atomic_load(&num_failed);
    }
  return 2;
}
