// schedule(adaptive) without a chunk over tiny loops: when an execution with a work-share slot
// finds that the whole loop took at most O2N_ADAPTIVE_BLOCK_TICKS of its threads' time, the next
// O2N_ADAPTIVE_BLOCK_RUNS - 1 executions of the site with the same trip count and team size run
// as static blocks without a slot (loop.c), and the one after them measures again.  Checked:
//  - blocks: 640 executions of a loop of 40 empty iterations, with the last thread late to every
//    one.  With a slot, the others would steal its range whole; as blocks, every thread, the late
//    one too, runs exactly its static block: a whole series of them at least (most, on a quiet
//    machine).  Every iteration runs once in every execution;
//  - remeasure: the same loop, tiny for 100 executions, then with iterations of 20 us: within
//    O2N_ADAPTIVE_BLOCK_RUNS + 2 executions it takes a slot again, and from then on every thread
//    takes its range a few iterations at a time (the grain of a slow loop), never as one block;
//  - chain: tiny adaptive loops of two sites (schedule(adaptive), and schedule(runtime) after
//    omp_set_schedule(auto)) whose trip counts change every few rounds, interleaved with
//    dynamic loops, nowait singles and a loop with a barrier, longer than the work-share ring,
//    with one thread late now and then: the threads keep their tables of tiny loops alike, so the
//    constructs stay matched and every iteration runs once.  (Without a barrier between them, an
//    execution may start before the last one's measurement is in: then it grants no blocks.)
// Arguments: the case.
//
//   #pragma omp parallel
//   for (e = 0; e < executions; e++) {
//     if (omp_get_thread_num() == p - 1) lag();
//     #pragma omp for schedule(adaptive)
//     for (uint64_t k = 0; k < n; k++) ...record the thread's chunks...
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t blocks
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t blocks
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t remeasure
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t chain
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t chain
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %o2n-run %t chain
//
// Under ThreadSanitizer, which must report nothing: the hit counts are atomics, the records are
// written by their thread only.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=3 %o2n-tsan-run %t.tsan chain %}
#include "../../Inputs/check.h"
#include "../../Inputs/hit-loop.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 8, EXECUTIONS = 640, TINY_N = 40, TINY_EXECUTIONS = 100, ROUNDS = 400 };

// O2N_ADAPTIVE_BLOCK_RUNS (runtime/config.h).
enum { BLOCK_RUNS = 64 };

// One thread's chunks in one execution.
struct record {
  int chunks;
  uint64_t lo, hi;  // its first chunk
  uint64_t largest; // its largest chunk
};

static void sleep_us(long us)
{
  struct timespec pause = {0, us * 1000};
  nanosleep(&pause, NULL);
}

static void spin_us(long us)
{
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do
    clock_gettime(CLOCK_MONOTONIC, &now);
  while ((now.tv_sec - start.tv_sec) * 1000000L + (now.tv_nsec - start.tv_nsec) / 1000 < us);
}

// Runs one execution of site over n iterations, with its barrier: counts each iteration in
// hits, records the thread's chunks, spends iteration_us in each iteration.
static void run_recorded_loop(struct __omp2numa_loop_site *site, uint64_t n, atomic_int *hits,
                              struct record *mine, long iteration_us)
{
  uint64_t lo, hi;
  *mine = (struct record){0};
  if (__omp2numa_loop_start(site, n, 0, NULL, &lo, &hi)) do {
      if (mine->chunks++ == 0) {
        mine->lo = lo;
        mine->hi = hi;
      }
      mine->largest = hi - lo > mine->largest ? hi - lo : mine->largest;
      for (uint64_t k = lo; k < hi; k++) {
        atomic_fetch_add(&hits[k], 1);
        if (iteration_us)
          spin_us(iteration_us);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static struct __omp2numa_loop_site adaptive_site = {"tiny.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE,
                                                    0, 0, 0};
static struct __omp2numa_loop_site adaptive_nowait = {"tiny.c", __LINE__,
                                                      __OMP2NUMA_SCHED_ADAPTIVE,
                                                      __OMP2NUMA_LOOP_NOWAIT, 0, 0};

// Whether thread t's record is exactly its static block of n iterations among p.
static bool is_block(const struct record *r, uint64_t n, uint64_t p, uint64_t t)
{
  const uint64_t q = n / p, rest = n % p;
  const uint64_t lo = t * q + (t < rest ? t : rest), hi = lo + q + (t < rest);
  return lo == hi ? r->chunks == 0 : r->chunks == 1 && r->lo == lo && r->hi == hi;
}

static void check_once(const atomic_int *hits, uint64_t n, int execution)
{
  for (uint64_t k = 0; k < n; k++)
    CHECK(hits[k] == 1, "execution %d: iteration %llu ran %d times", execution,
          (unsigned long long)k, hits[k]);
}

/* ------------------------------------------------------------------------------------------- */
/* blocks and remeasure                                                                         */
/* ------------------------------------------------------------------------------------------- */

struct ctx_executions {
  bool late_thread;   // the last thread sleeps before every execution
  int tiny_until;     // executions from this one on have iterations of 20 us
  atomic_int hits[EXECUTIONS][TINY_N];
  struct record got[EXECUTIONS][MAX_THREADS];
};

static void executions_region(void *data)
{
  struct ctx_executions *ctx = data;
  const int t = omp_get_thread_num(), p = omp_get_num_threads();
  for (int e = 0; e < EXECUTIONS; e++) {
    if (ctx->late_thread && p > 1 && t == p - 1)
      sleep_us(200);
    run_recorded_loop(&adaptive_site, TINY_N, ctx->hits[e], &ctx->got[e][t],
                      e < ctx->tiny_until ? 0 : 20);
  }
}

static struct ctx_executions *run_executions(bool late_thread, int tiny_until)
{
  static struct ctx_executions ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.late_thread = late_thread;
  ctx.tiny_until = tiny_until;
  static const struct __omp2numa_region_site site = {"tiny.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, executions_region, &ctx, 0, 1);
  for (int e = 0; e < EXECUTIONS; e++)
    check_once(ctx.hits[e], TINY_N, e);
  return &ctx;
}

static void check_blocks(void)
{
  const int p = omp_get_max_threads();
  CHECK(p >= 2 && p <= MAX_THREADS, "%d threads", p);
  const struct ctx_executions *ctx = run_executions(true, EXECUTIONS);
  // Executions in which every thread, the late one too, ran exactly its static block: with a
  // slot, the others would have stolen the late thread's range.  Two of every BLOCK_RUNS take a
  // slot, and so do the executions after a measurement that a preemption spoilt (another
  // program, or the other tests of a parallel run): at least one whole series does not.
  int blocks = 0;
  for (int e = 0; e < EXECUTIONS; e++) {
    bool all = true;
    for (int t = 0; t < p; t++)
      all &= is_block(&ctx->got[e][t], TINY_N, (uint64_t)p, (uint64_t)t);
    blocks += all;
  }
  CHECK(blocks >= BLOCK_RUNS - 2, "every thread ran its static block in %d executions of %d",
        blocks, EXECUTIONS);
}

static void check_remeasure(void)
{
  const int p = omp_get_max_threads();
  CHECK(p >= 2 && p <= MAX_THREADS, "%d threads", p);
  const struct ctx_executions *ctx = run_executions(false, TINY_EXECUTIONS);
  // Ranges of TINY_N / p iterations of 20 us each, more than the grain's time: a thread that
  // takes a slot's chunks takes one iteration at a time, except the first chunks of the first
  // measured execution (the grain the tiny loop taught the site).
  const int slot_again = TINY_EXECUTIONS + BLOCK_RUNS + 2;
  for (int e = slot_again; e < EXECUTIONS; e++)
    for (int t = 0; t < p; t++)
      CHECK(ctx->got[e][t].largest < TINY_N / p,
            "execution %d: thread %d took a chunk of %llu iterations of 20 us", e, t,
            (unsigned long long)ctx->got[e][t].largest);
}

/* ------------------------------------------------------------------------------------------- */
/* chain                                                                                        */
/* ------------------------------------------------------------------------------------------- */

// #pragma omp parallel
// for (int c = 0; c < ROUNDS; c++) {
//   if (c % 10 == 0 && omp_get_thread_num() == p - 1) lag();
//   #pragma omp for schedule(adaptive) nowait          (n = 40 or 41, changing every 30 rounds)
//   #pragma omp for schedule(dynamic, 3) nowait
//   #pragma omp for schedule(runtime) nowait           (auto: adaptive; n = 30 or 7)
//   #pragma omp single nowait
//   #pragma omp for schedule(adaptive)                 (every 7th round: its barrier)
// }
enum { CHAIN_LOOPS = 4, CHAIN_N = 41 };

struct ctx_chain {
  atomic_int hits[ROUNDS][CHAIN_LOOPS][CHAIN_N];
  atomic_int singles[ROUNDS];
};

static uint64_t chain_n(int c, int loop)
{
  switch (loop) {
  case 0: return (c / 30) % 2 ? 41 : 40;
  case 2: return (c / 17) % 2 ? 7 : 30;
  default: return CHAIN_N;
  }
}

static void chain_region(void *data)
{
  struct ctx_chain *ctx = data;
  static struct __omp2numa_loop_site dynamic = {"tiny.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                                __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  static struct __omp2numa_loop_site runtime = {"tiny.c", __LINE__, __OMP2NUMA_SCHED_RUNTIME,
                                                __OMP2NUMA_LOOP_NOWAIT, 0, 0};
  static struct __omp2numa_loop_site joined = {"tiny.c", __LINE__, __OMP2NUMA_SCHED_ADAPTIVE, 0,
                                               0, 0};
  omp_set_schedule(omp_sched_auto, 0);
  const int t = omp_get_thread_num(), p = omp_get_num_threads();
  for (int c = 0; c < ROUNDS; c++) {
    if (c % 10 == 0 && t == p - 1)
      sleep_us(50);
    run_hit_loop(&adaptive_nowait, chain_n(c, 0), 0, ctx->hits[c][0], false);
    run_hit_loop(&dynamic, chain_n(c, 1), 3, ctx->hits[c][1], false);
    run_hit_loop(&runtime, chain_n(c, 2), 0, ctx->hits[c][2], false);
    if (__omp2numa_single_start()) {
      atomic_fetch_add(&ctx->singles[c], 1);
      __omp2numa_single_end();
    }
    if (c % 7 == 0)
      run_hit_loop(&joined, chain_n(c, 3), 0, ctx->hits[c][3], true);
  }
}

static void check_chain(void)
{
  static struct ctx_chain ctx;
  static const struct __omp2numa_region_site site = {"tiny.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, chain_region, &ctx, 0, 1);
  for (int c = 0; c < ROUNDS; c++) {
    CHECK(ctx.singles[c] == 1, "round %d: the single ran %d times", c, ctx.singles[c]);
    for (int l = 0; l < CHAIN_LOOPS; l++) {
      const uint64_t n = l == 3 && c % 7 != 0 ? 0 : chain_n(c, l);
      for (uint64_t k = 0; k < CHAIN_N; k++)
        CHECK(ctx.hits[c][l][k] == (k < n), "round %d, loop %d: iteration %llu ran %d times", c,
              l, (unsigned long long)k, ctx.hits[c][l][k]);
    }
  }
}

int main(int argc, char **argv)
{
  const char *which = argc > 1 ? argv[1] : "";
  if (strcmp(which, "blocks") == 0)
    check_blocks();
  else if (strcmp(which, "remeasure") == 0)
    check_remeasure();
  else if (strcmp(which, "chain") == 0)
    check_chain();
  else
    CHECK(false, "unknown case '%s'", which);
  return num_failed;
}
