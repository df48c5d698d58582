// schedule(tss[, last]): the chunks follow the formula exactly.  First chunk f = ceil(N / (2P)),
// last l (default 1), C = ceil(2N / (f + l)) chunks whose sizes decrease linearly by
// (f - l) / (C - 1); chunk i starts at i f - ceil(i (i - 1) (f - l) / (2 (C - 1))) and the last is
// cut at N.  Worked out by hand below, then checked against rule.h's reference for random N,
// last and P (1..16).  The driver is ../Inputs/sequence.h.
//
//   #pragma omp parallel
//   #pragma omp for schedule(tss[, last])
//   for (uint64_t k = 0; k < N; k++) ...
//
// RUN: %rt-cc %s %rt-link -o %t
//
// One thread, N = 100: f = 50, l = 1, C = ceil(200 / 51) = 4, starts 0, 50,
// 100 - ceil(16.33) = 83, 150 - 49 = 101 (past N).
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 100 0 | FileCheck %s --check-prefix=ONE
// ONE:      0 50
// ONE-NEXT: 50 83
// ONE-NEXT: 83 100
// ONE-NEXT: end
//
// Four threads, N = 1000: f = 125, l = 1, C = ceil(2000 / 126) = 16, chunk i starts at
// 125 i - ceil(i (i - 1) 124 / 30): sizes 125, 116, 109, 100, 92, 84, 75, 67, 59, 51, 42, 34, 26,
// 17, then 3 (10, cut at N).
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 1000 0 | FileCheck %s --check-prefix=FOUR
// FOUR:      0 125
// FOUR-NEXT: 125 241
// FOUR-NEXT: 241 350
// FOUR-NEXT: 350 450
// FOUR-NEXT: 450 542
// FOUR-NEXT: 542 626
// FOUR-NEXT: 626 701
// FOUR-NEXT: 701 768
// FOUR-NEXT: 768 827
// FOUR-NEXT: 827 878
// FOUR-NEXT: 878 920
// FOUR-NEXT: 920 954
// FOUR-NEXT: 954 980
// FOUR-NEXT: 980 997
// FOUR-NEXT: 997 1000
// FOUR-NEXT: end
//
// Two threads, N = 100, last 30: f = 25 < l, so every chunk has 30 iterations.
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 100 30 | FileCheck %s --check-prefix=FLAT
// FLAT:      0 30
// FLAT-NEXT: 30 60
// FLAT-NEXT: 60 90
// FLAT-NEXT: 90 100
// FLAT-NEXT: end
//
// Empty and one-iteration loops.
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t 0 0 | FileCheck %s --check-prefix=EMPTY
// EMPTY-NOT: {{[0-9]}}
// EMPTY: end
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t 1 0 | FileCheck %s --check-prefix=SINGLE
// SINGLE:      0 1
// SINGLE-NEXT: end
//
// RUN: %o2n-run %t random
#include "rule.h"
#define SCHED_KIND __OMP2NUMA_SCHED_TSS
#define SCHED_RULE tss_rule
#include "../Inputs/sequence.h"
