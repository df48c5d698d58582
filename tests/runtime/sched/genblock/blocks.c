// schedule(genblock(map)): the exact chunks of a small map, and an ordered loop.
//  - blocks: 10 iterations, team of 4, sizes {3, 0, 7, 0}: thread 0 gets [0, 3) and thread 2
//    [3, 10), each in one chunk; threads 1 and 3 get nothing.  Twice (the second execution of a
//    site gives the same blocks), then once with sizes {0, 0, 0, 10}.
//  - ordered: loops with the ordered clause and random block sizes run their ordered regions in
//    iteration order (a thread's block is one chunk; ordered.c counts its iterations from the
//    first).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t blocks | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t ordered
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t ordered
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan ordered %}
//
// CHECK:      thread 0: [0, 3)
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2: [3, 10)
// CHECK-NEXT: thread 3:
// CHECK-NEXT: thread 0: [0, 3)
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2: [3, 10)
// CHECK-NEXT: thread 3:
// CHECK-NEXT: thread 0:
// CHECK-NEXT: thread 1:
// CHECK-NEXT: thread 2:
// CHECK-NEXT: thread 3: [0, 10)
#define SCHED_KIND __OMP2NUMA_SCHED_GENBLOCK
#define SITE_FILE "blocks.c"
#include "../Inputs/map-chunks.h"

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"blocks.c", __LINE__, 0, 0};
  static struct ctx ctx;
  if (argc != 2 || omp_get_max_threads() > MAX_TEAM)
    return 2;
  if (strcmp(argv[1], "blocks") == 0) {
    const int sizes[][4] = {{3, 0, 7, 0}, {3, 0, 7, 0}, {0, 0, 0, 10}};
    ctx.n = 10;
    for (int i = 0; i < 3; i++) {
      memcpy(ctx.map, sizes[i], sizeof sizes[i]);
      __omp2numa_parallel(&site, record_chunks, &ctx, 0, 1);
      print_chunks(&ctx);
    }
    return 0;
  }
  // ordered: random sizes (many of them 0) adding up to random trip counts.
  const unsigned p = (unsigned)omp_get_max_threads();
  srand(42);
  for (int round = 0; round < 200; round++) {
    ctx.n = (uint64_t)rand() % MAX_N;
    uint64_t left = ctx.n;
    for (unsigned t = 0; t < p; t++) {
      const uint64_t size = t + 1 == p ? left : rand() % 2 ? 0 : (uint64_t)rand() % (left + 1);
      ctx.map[t] = (int)size;
      left -= size;
    }
    ordered_round(&site, &ctx, round);
  }
  return atomic_load(&num_failed);
}
