// Loops without a work-share slot, hand-lowered: a loop that runs static (schedule(static[, c]),
// no clause, or schedule(runtime) with run-sched-var static), without ordered, affinity(name) or
// statistics (loop.c's needs_no_slot), gives each thread its block in one chunk, or its chunks
// t, t + P, t + 2P, ... of c iterations, from the team's size and its number alone.  Checked here:
//   - each thread gets exactly block t of OpenMP's static schedule (q = n / P iterations, one
//     more for the first n % P threads; none past the trip count), for many trip counts, and
//     __omp2numa_loop_next then returns 0; with a chunk size (schedule(static, c), and
//     schedule(runtime) with run-sched-var static,c), exactly its round-robin chunks;
//   - chunks whose products with the thread number and the team size pass 2^64: a thread's
//     first chunk past the trip count is none, and a stride past it ends the thread's chunks;
//   - such loops interleaved with loops that use their slot's counter alone (dynamic, and
//     schedule(runtime) after every thread set run-sched-var to dynamic in the region), loops
//     that initialise their slot (guided) and nowait singles, longer than the work-share ring
//     and with one thread lagging, stay matched construct by construct: every iteration runs
//     once;
//   - with OMP2NUMA_STATS the same loops take a slot and are counted (the report names them).
// The located errors of such loops (a loop, single or barrier inside one, an ordered region in
// one) are in errors.c.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_STATS=1 %o2n-run %t 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: omp2numa statistics: 12 loops
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 150 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 150 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 1 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 100 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 100 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 100 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 80 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule static, 80 executions
// STATS-DAG: loop loop-without-slot.c:{{[0-9]+}}: schedule guided, 80 executions
//
// Under ThreadSanitizer, which must report nothing: the hit counts are atomics, the blocks are
// written by their thread only.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"
#include "../Inputs/hit-loop.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 64, MAX_N = 300, ROUNDS = 40, LOOP_N = 101 };

// One thread's block of one loop.
struct block {
  uint64_t lo, hi;
  int chunks; // chunks that start and next gave
};

// #pragma omp parallel
// for (uint64_t n = 0; n < MAX_N; n++) {
//   #pragma omp for [schedule(static) | schedule(runtime)] nowait   (the three alternate;
//                                                                    run-sched-var is static)
//   for (k = 0; k < n; k++) ...record the thread's chunks...
// }
struct ctx_blocks {
  struct block got[MAX_N][MAX_THREADS];
};

static void blocks_region(void *data)
{
  struct ctx_blocks *ctx = data;
  static struct __omp2numa_loop_site plain = {"loop-without-slot.c", __LINE__,
                                              __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_NOWAIT,
                                              0, 0};
  static struct __omp2numa_loop_site stat = {"loop-without-slot.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_NOWAIT, 0,
                                             0};
  static struct __omp2numa_loop_site runtime = {"loop-without-slot.c", __LINE__,
                                                __OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  struct __omp2numa_loop_site *const sites[3] = {&plain, &stat, &runtime};
  const int t = omp_get_thread_num();
  for (uint64_t n = 0; n < MAX_N; n++) {
    struct block *mine = &ctx->got[n][t];
    uint64_t lo, hi;
    if (__omp2numa_loop_start(sites[n % 3], n, 0, NULL, &lo, &hi)) do {
        mine->chunks++;
        mine->lo = lo;
        mine->hi = hi;
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end_nowait();
  }
}

static void check_blocks(void)
{
  static struct ctx_blocks ctx;
  omp_set_schedule(omp_sched_static, 0); // the members get it at the fork
  static const struct __omp2numa_region_site site = {"loop-without-slot.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, blocks_region, &ctx, 0, 1);
  const uint64_t p = (uint64_t)omp_get_max_threads();
  CHECK(p <= MAX_THREADS, "%llu threads", (unsigned long long)p);
  for (uint64_t n = 0; n < MAX_N; n++)
    for (uint64_t t = 0; t < p; t++) {
      const uint64_t q = n / p, r = n % p;
      const uint64_t lo = t * q + (t < r ? t : r), hi = lo + q + (t < r);
      const struct block *b = &ctx.got[n][t];
      if (lo == hi) {
        CHECK(b->chunks == 0, "n=%llu thread %llu got %d chunks, expected none",
              (unsigned long long)n, (unsigned long long)t, b->chunks);
        continue;
      }
      CHECK(b->chunks == 1 && b->lo == lo && b->hi == hi,
            "n=%llu thread %llu got %d chunks, the last [%llu, %llu), expected [%llu, %llu)",
            (unsigned long long)n, (unsigned long long)t, b->chunks, (unsigned long long)b->lo,
            (unsigned long long)b->hi, (unsigned long long)lo, (unsigned long long)hi);
    }
}

// #pragma omp parallel
// for (uint64_t n = 0; n < MAX_N; n++) {
//   #pragma omp for schedule(static, 1 + n % 5) nowait, or schedule(runtime) with run-sched-var
//   static,3 (the two alternate)
//   for (k = 0; k < n; k++) ...count the thread's chunks, check each...
// }
struct ctx_chunks {
  int chunks[MAX_N][MAX_THREADS];
  atomic_int wrong;
};

static uint64_t chunk_of(uint64_t n)
{
  return n % 2 ? 3 : 1 + n % 5;
}

static void chunks_region(void *data)
{
  struct ctx_chunks *ctx = data;
  static struct __omp2numa_loop_site stat = {"loop-without-slot.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC,
                                             __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
  static struct __omp2numa_loop_site runtime = {"loop-without-slot.c", __LINE__,
                                                __OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  const uint64_t t = (uint64_t)omp_get_thread_num(), p = (uint64_t)omp_get_num_threads();
  for (uint64_t n = 0; n < MAX_N; n++) {
    const uint64_t c = chunk_of(n);
    int *mine = &ctx->chunks[n][t];
    uint64_t lo, hi;
    if (__omp2numa_loop_start(n % 2 ? &runtime : &stat, n, n % 2 ? 0 : (int64_t)c, NULL, &lo,
                              &hi)) do {
        // Chunk number t + mine * p: [that * c, min(that * c + c, n)).
        const uint64_t want = (t + (uint64_t)*mine * p) * c;
        if (lo != want || hi != (want + c < n ? want + c : n))
          atomic_fetch_add(&ctx->wrong, 1);
        ++*mine;
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end_nowait();
  }
}

static void check_chunks(void)
{
  static struct ctx_chunks ctx;
  omp_set_schedule(omp_sched_static, 3); // the members get it at the fork
  static const struct __omp2numa_region_site site = {"loop-without-slot.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, chunks_region, &ctx, 0, 1);
  CHECK(ctx.wrong == 0, "%d chunks were not the thread's next round-robin chunk", ctx.wrong);
  const uint64_t p = (uint64_t)omp_get_max_threads();
  for (uint64_t n = 0; n < MAX_N; n++)
    for (uint64_t t = 0; t < p; t++) {
      const uint64_t c = chunk_of(n), nchunks = (n + c - 1) / c;
      const uint64_t want = nchunks > t ? (nchunks - t + p - 1) / p : 0;
      CHECK((uint64_t)ctx.chunks[n][t] == want, "n=%llu chunk %llu: thread %llu got %d chunks, "
            "expected %llu", (unsigned long long)n, (unsigned long long)c,
            (unsigned long long)t, ctx.chunks[n][t], (unsigned long long)want);
    }
}

// #pragma omp parallel
// #pragma omp for schedule(static, 2^62) nowait    (n = 2^64 - 1: only the first chunks are run)
struct ctx_huge {
  struct block got[MAX_THREADS];
};

static void huge_region(void *data)
{
  struct ctx_huge *ctx = data;
  static struct __omp2numa_loop_site stat = {"loop-without-slot.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC,
                                             __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
  struct block *mine = &ctx->got[omp_get_thread_num()];
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&stat, UINT64_MAX, INT64_C(1) << 62, NULL, &lo, &hi)) do {
      mine->chunks++;
      mine->lo = lo;
      mine->hi = hi;
    } while (mine->chunks < 4 && __omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end_nowait();
}

static void check_huge_chunks(void)
{
  static struct ctx_huge ctx;
  static const struct __omp2numa_region_site site = {"loop-without-slot.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, huge_region, &ctx, 0, 1);
  const uint64_t p = (uint64_t)omp_get_max_threads(), c = UINT64_C(1) << 62;
  for (uint64_t t = 0; t < p; t++) {
    const struct block *b = &ctx.got[t];
    // Chunks 0..3; with p >= 4 each thread has at most one, with fewer threads the stride
    // p * 2^62 stays below 2^64 and threads 0 and 1 (p = 2), 0 (p = 3) have a second one.
    const uint64_t nchunks = t >= 4 ? 0 : (4 - t + p - 1) / p;
    const uint64_t last = t + (nchunks ? nchunks - 1 : 0) * p;
    CHECK((uint64_t)b->chunks == nchunks, "huge chunks: thread %llu got %d chunks, expected "
          "%llu", (unsigned long long)t, b->chunks, (unsigned long long)nchunks);
    if (nchunks)
      CHECK(b->lo == last * c && b->hi == (last == 3 ? UINT64_MAX : last * c + c),
            "huge chunks: thread %llu's last chunk [%llu, %llu)", (unsigned long long)t,
            (unsigned long long)b->lo, (unsigned long long)b->hi);
  }
}

// #pragma omp parallel
// for (int c = 0; c < ROUNDS; c++) {
//   omp_set_schedule(c % 2 ? dynamic, 2 : static);
//   if (omp_get_thread_num() == lagging) lag();
//   #pragma omp for nowait                          (no slot)
//   #pragma omp for schedule(dynamic, 3) nowait     (its slot's counter)
//   #pragma omp single nowait                       (a slot)
//   #pragma omp for schedule(guided, 2) nowait      (a slot)
//   #pragma omp for schedule(static)                (no slot; its barrier)
//   #pragma omp for schedule(static, 4) nowait      (no slot)
//   #pragma omp for schedule(runtime) nowait        (no slot, or its slot's counter: every
//                                                    thread set run-sched-var to dynamic,2 in
//                                                    odd rounds)
// }
struct ctx_chain {
  int lagging;
  atomic_int hits[ROUNDS][6][LOOP_N];
  atomic_int singles[ROUNDS];
};

static void lag(void)
{
  struct timespec pause = {0, 100000};
  nanosleep(&pause, NULL);
}

static void chain_region(void *data)
{
  struct ctx_chain *ctx = data;
  static struct __omp2numa_loop_site plain = {"loop-without-slot.c", __LINE__,
                                              __OMP2NUMA_SCHED_DEFAULT, __OMP2NUMA_LOOP_NOWAIT,
                                              0, 0};
  static struct __omp2numa_loop_site dynamic = {"loop-without-slot.c", __LINE__,
                                                __OMP2NUMA_SCHED_DYNAMIC,
                                                __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  static struct __omp2numa_loop_site guided = {"loop-without-slot.c", __LINE__,
                                               __OMP2NUMA_SCHED_GUIDED,
                                               __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT,
                                               0, 0};
  static struct __omp2numa_loop_site stat = {"loop-without-slot.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  static struct __omp2numa_loop_site chunked = {"loop-without-slot.c", __LINE__,
                                                __OMP2NUMA_SCHED_STATIC,
                                                __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  static struct __omp2numa_loop_site runtime = {"loop-without-slot.c", __LINE__,
                                                __OMP2NUMA_SCHED_RUNTIME, __OMP2NUMA_LOOP_NOWAIT,
                                                0, 0};
  for (int c = 0; c < ROUNDS; c++) {
    // run-sched-var static (the encountering thread's) for the even rounds' runtime loop, with a
    // slot (dynamic, set by every thread) for the odd rounds'.
    omp_set_schedule(c % 2 ? omp_sched_dynamic : omp_sched_static, c % 2 ? 2 : 0);
    if (omp_get_thread_num() == ctx->lagging)
      lag();
    run_hit_loop(&plain, LOOP_N, 0, ctx->hits[c][0], false);
    run_hit_loop(&dynamic, LOOP_N, 3, ctx->hits[c][1], false);
    if (__omp2numa_single_start()) {
      atomic_fetch_add(&ctx->singles[c], 1);
      __omp2numa_single_end();
    }
    run_hit_loop(&guided, LOOP_N, 2, ctx->hits[c][2], false);
    run_hit_loop(&stat, LOOP_N, 0, ctx->hits[c][3], true);
    run_hit_loop(&chunked, LOOP_N, 4, ctx->hits[c][4], false);
    run_hit_loop(&runtime, LOOP_N, 0, ctx->hits[c][5], false);
  }
}

static void check_chain(int lagging)
{
  static struct ctx_chain ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.lagging = lagging;
  static const struct __omp2numa_region_site site = {"loop-without-slot.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, chain_region, &ctx, 0, 1);
  for (int c = 0; c < ROUNDS; c++) {
    CHECK(ctx.singles[c] == 1, "round %d: the single ran %d times", c, ctx.singles[c]);
    for (int l = 0; l < 6; l++)
      for (int k = 0; k < LOOP_N; k++)
        CHECK(ctx.hits[c][l][k] == 1, "round %d, loop %d: iteration %d ran %d times", c, l, k,
              ctx.hits[c][l][k]);
  }
}

int main(void)
{
  check_blocks();
  check_chunks();
  check_huge_chunks();
  const int p = omp_get_max_threads();
  check_chain(0);
  check_chain(p - 1);
  return num_failed;
}
