// schedule(fac2[, min]): the chunks follow the formula exactly.  Batches of P chunks; each chunk
// of batch b has ceil(N / (2^(b+1) P)) iterations, at least min; the last one is cut at N.  Worked
// out by hand below, then checked against rule.h's reference for random N, min and P (1..16).
// The driver is ../Inputs/sequence.h.
//
//   #pragma omp parallel
//   #pragma omp for schedule(fac2[, min])
//   for (uint64_t k = 0; k < N; k++) ...
//
// RUN: %rt-cc %s %rt-link -o %t
//
// One thread, N = 100: 50, 25, ceil(12.5) = 13, ceil(6.25) = 7, ceil(3.125) = 4, 2, then 1.
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 100 0 | FileCheck %s --check-prefix=ONE
// ONE:      0 50
// ONE-NEXT: 50 75
// ONE-NEXT: 75 88
// ONE-NEXT: 88 95
// ONE-NEXT: 95 99
// ONE-NEXT: 99 100
// ONE-NEXT: end
//
// One thread, N = 100, min 10: 50, 25, 13, then 10 (cut at N).
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 100 10 | FileCheck %s --check-prefix=MIN
// MIN:      0 50
// MIN-NEXT: 50 75
// MIN-NEXT: 75 88
// MIN-NEXT: 88 98
// MIN-NEXT: 98 100
// MIN-NEXT: end
//
// Four threads, N = 100: four chunks of ceil(100/8) = 13, four of 7, four of 4, then 2s.
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 100 0 | FileCheck %s --check-prefix=FOUR
// FOUR:      0 13
// FOUR-NEXT: 13 26
// FOUR-NEXT: 26 39
// FOUR-NEXT: 39 52
// FOUR-NEXT: 52 59
// FOUR-NEXT: 59 66
// FOUR-NEXT: 66 73
// FOUR-NEXT: 73 80
// FOUR-NEXT: 80 84
// FOUR-NEXT: 84 88
// FOUR-NEXT: 88 92
// FOUR-NEXT: 92 96
// FOUR-NEXT: 96 98
// FOUR-NEXT: 98 100
// FOUR-NEXT: end
//
// Four threads, N = 100, min 3: the fourth batch's 2 becomes 3.
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 100 3 | FileCheck %s --check-prefix=FOURMIN
// FOURMIN:      92 96
// FOURMIN-NEXT: 96 99
// FOURMIN-NEXT: 99 100
// FOURMIN-NEXT: end
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
#define SCHED_KIND __OMP2NUMA_SCHED_FAC2
#define SCHED_RULE fac2_rule
#include "../Inputs/sequence.h"
