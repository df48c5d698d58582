// schedule(rand[, min]): every iteration runs exactly once, and every chunk is one that the
// schedule defines (a size in its range).  Random trip counts and chunks, team sizes 1 to 16
// (oversubscribed on small machines), nowait sequences longer than the work-share ring, lagging
// threads, orphaned loops, and NUMA topologies of 1, 2 and 4 nodes (the driver is
// ../Inputs/exactly-once.h; 2052 loops per run).
//
//   #pragma omp parallel num_threads(0, 1, 3, 5 or 1..16)
//   for (int i = 0; i < 12; i++) {
//     #pragma omp for schedule(rand, chunk) [nowait]
//     for (uint64_t k = 0; k < n[i]; k++) hits[i][k]++;
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
#include "rule.h"
#define SCHED_KIND __OMP2NUMA_SCHED_RAND
#define SCHED_RULE rand_rule
#include "../Inputs/exactly-once.h"
