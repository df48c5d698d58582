// schedule(indirect(map)): the exact chunks of a small map, and an ordered loop.
//  - runs: 10 iterations, team of 4, map {0, 0, 1, 1, 1, 0, 2, 2, 0, 0}: each thread gets the
//    maximal runs of its iterations, one chunk per run, in increasing order; thread 3 gets
//    nothing.  Then a cyclic map (one run per iteration), then a map that gives everything to
//    thread 3 (one run).
//  - ordered: loops with the ordered clause and random maps run their ordered regions in
//    iteration order (each thread's runs increase, so the lowest unfinished iteration always
//    belongs to a thread that is at it).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t runs | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t ordered
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t ordered
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan ordered %}
//
// CHECK:      thread 0: [0, 2) [5, 6) [8, 10)
// CHECK-NEXT: thread 1: [2, 5)
// CHECK-NEXT: thread 2: [6, 8)
// CHECK-NEXT: thread 3:
// CHECK-NEXT: thread 0: [0, 1) [4, 5) [8, 9)
// CHECK-NEXT: thread 1: [1, 2) [5, 6) [9, 10)
// CHECK-NEXT: thread 2: [2, 3) [6, 7)
// CHECK-NEXT: thread 3: [3, 4) [7, 8)
// CHECK-NEXT: thread 0:
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2:
// CHECK-NEXT: thread 3: [0, 10)
#define SCHED_KIND __OMP2NUMA_SCHED_INDIRECT
#define SITE_FILE "runs.c"
#include "../Inputs/map-chunks.h"

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"runs.c", __LINE__, 0, 0};
  static struct ctx ctx;
  if (argc != 2 || omp_get_max_threads() > MAX_TEAM)
    return 2;
  if (strcmp(argv[1], "runs") == 0) {
    const int maps[][10] = {{0, 0, 1, 1, 1, 0, 2, 2, 0, 0},
                            {0, 1, 2, 3, 0, 1, 2, 3, 0, 1},
                            {3, 3, 3, 3, 3, 3, 3, 3, 3, 3}};
    ctx.n = 10;
    for (int i = 0; i < 3; i++) {
      memcpy(ctx.map, maps[i], sizeof maps[i]);
      __omp2numa_parallel(&site, record_chunks, &ctx, 0, 1);
      print_chunks(&ctx);
    }
    return 0;
  }
  // ordered: random owners in random runs (lengths 1 to 20).
  const unsigned p = (unsigned)omp_get_max_threads();
  srand(42);
  for (int round = 0; round < 200; round++) {
    ctx.n = (uint64_t)rand() % MAX_N;
    for (uint64_t k = 0; k < ctx.n;) {
      const int t = rand() % (int)p;
      for (uint64_t end = k + 1 + (uint64_t)rand() % 20; k < end && k < ctx.n; k++)
        ctx.map[k] = t;
    }
    ordered_round(&site, &ctx, round);
  }
  return atomic_load(&num_failed);
}
