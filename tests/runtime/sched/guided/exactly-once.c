// schedule(guided[, chunk]): every iteration runs exactly once, and every chunk is the one the
// schedule defines; random trip counts and chunks, several team sizes, nowait sequences longer
// than the work-share ring, and orphaned loops (the driver is ../Inputs/exactly-once.h).
//
//   #pragma omp parallel num_threads(0, 1, 3 or 5)
//   for (int i = 0; i < 12; i++) {
//     #pragma omp for schedule(guided, chunk) [nowait]
//     for (uint64_t k = 0; k < n[i]; k++) hits[i][k]++;
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
#include "rule.h"
#define SCHED_KIND __OMP2NUMA_SCHED_GUIDED
#define SCHED_RULE guided_rule
#include "../Inputs/exactly-once.h"
