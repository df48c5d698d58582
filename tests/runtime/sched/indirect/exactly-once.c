// schedule(indirect(map)): every iteration k runs exactly once, on thread map[k]; each thread
// gets its iterations as the maximal runs of consecutive k that the map gives it, one chunk per
// run, in increasing order.  Random trip counts and random maps of seven shapes (independent
// random owners, random runs, all to one thread, cyclic, block-cyclic, reversed blocks, two
// threads only), team sizes 1 to 16 (oversubscribed on small machines), nowait sequences longer
// than the work-share ring (each execution allocates its runs and frees them when the last thread
// leaves), lagging threads, orphaned loops, and NUMA topologies of 1, 2 and 4 nodes (the driver
// is ../Inputs/map-exactly-once.h; 2052 loops per run).
//
//   #pragma omp parallel num_threads(0, 1, 3, 5 or 1..16)
//   for (int i = 0; i < 12; i++) {
//     #pragma omp for schedule(indirect(owner[i])) [nowait]
//     for (uint64_t k = 0; k < n[i]; k++) { hits[i][k]++; who[i][k] = omp_get_thread_num(); }
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
//
// The same under ThreadSanitizer (smaller loops: it is slow), which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc -DEXACTLY_ONCE_BATCHES=10 -DEXACTLY_ONCE_MAX_N=3000 %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#ifndef EXACTLY_ONCE_BATCHES
#define EXACTLY_ONCE_BATCHES 170
#endif
#define SCHED_KIND __OMP2NUMA_SCHED_INDIRECT
#include "../Inputs/map-exactly-once.h"
