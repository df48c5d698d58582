// OMP2NUMA_STATS: at exit, one block per loop site (sorted by file and line): the schedule(s), the
// executions and the imbalance (largest busy time over the mean), then per thread: its NUMA node,
// executions, iterations, chunks, steals (same node, other node), busy and waiting time (ms).
// =1 prints on stderr, =<file> writes the file; unset, empty or 0: no statistics.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s
// RUN: rm -f %t.stats
// RUN: env OMP2NUMA_STATS=%t.stats OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: FileCheck %s --input-file=%t.stats
// RUN: %o2n-run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env OMP2NUMA_STATS=0 %o2n-run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env OMP2NUMA_STATS= %o2n-run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: env OMP2NUMA_STATS=%t.missing/stats OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s --check-prefixes=UNWRITABLE,CHECK
//
// The same under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-tsan-run %t.tsan 2>&1 | FileCheck %s %}
//
// OFF-NOT: {{.}}
// UNWRITABLE: omp2numa: warning: OMP2NUMA_STATS='{{.*}}.missing/stats': cannot write the statistics there; printing them on stderr
// CHECK: omp2numa statistics: 3 loops
#include <omp.h>
#include <omp2numa-abi.h>
#include <stddef.h>

enum { N = 1000 };

static void region(void *data)
{
  (void)data;
  uint64_t lo, hi;
  for (int rep = 0; rep < 3; rep++) {
    // #pragma omp for schedule(static)
    // CHECK-NEXT: loop report.c:[[#@LINE+7]]: schedule static, 3 executions, imbalance {{[0-9]+\.[0-9][0-9]$}}
    // CHECK-NEXT: thread node executions iterations chunks steals-same steals-other busy-ms wait-ms
    // CHECK-NEXT: 0 0 3 750 3 0 0 {{[0-9]+\.[0-9][0-9][0-9] [0-9]+\.[0-9][0-9][0-9]$}}
    // CHECK-NEXT: 1 0 3 750 3 0 0 {{[0-9]+\.[0-9][0-9][0-9] [0-9]+\.[0-9][0-9][0-9]$}}
    // CHECK-NEXT: 2 1 3 750 3 0 0 {{[0-9]+\.[0-9][0-9][0-9] [0-9]+\.[0-9][0-9][0-9]$}}
    // CHECK-NEXT: 3 1 3 750 3 0 0 {{[0-9]+\.[0-9][0-9][0-9] [0-9]+\.[0-9][0-9][0-9]$}}
    // CHECK-NEXT: loop
    static struct __omp2numa_loop_site block = {"report.c", __LINE__, __OMP2NUMA_SCHED_STATIC, 0,
                                                0, 0};
    if (__omp2numa_loop_start(&block, N, 0, 0, &lo, &hi)) do {
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }
  for (int rep = 0; rep < 2; rep++) {
    // #pragma omp for schedule(static, 10) nowait: no waiting time
    // CHECK-SAME: report.c:[[#@LINE+6]]: schedule static, 2 executions
    // CHECK-NEXT: thread
    // CHECK-NEXT: 0 0 2 500 50 0 0 {{[0-9]+\.[0-9][0-9][0-9]}} 0.000
    // CHECK-NEXT: 1 0 2 500 50 0 0 {{[0-9]+\.[0-9][0-9][0-9]}} 0.000
    // CHECK-NEXT: 2 1 2 500 50 0 0 {{[0-9]+\.[0-9][0-9][0-9]}} 0.000
    // CHECK-NEXT: 3 1 2 500 50 0 0 {{[0-9]+\.[0-9][0-9][0-9]}} 0.000
    static struct __omp2numa_loop_site cyclic = {"report.c", __LINE__, __OMP2NUMA_SCHED_STATIC,
                                                 __OMP2NUMA_LOOP_NOWAIT, 0, 0};
    if (__omp2numa_loop_start(&cyclic, N, 10, 0, &lo, &hi)) do {
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end_nowait();
  }
  __omp2numa_barrier();
  for (int rep = 0; rep < 2; rep++) {
    omp_set_schedule(rep ? omp_sched_guided : omp_sched_dynamic, 0);
    // #pragma omp for schedule(runtime): dynamic, then guided
    // CHECK-NEXT: loop report.c:[[#@LINE+3]]: schedule dynamic+guided, 2 executions
    // CHECK-NEXT: thread
    // CHECK-COUNT-4: {{^ +[0-3] +[01] +2 +[0-9]+ +[0-9]+ +0 +0 }}
    static struct __omp2numa_loop_site runtime = {"report.c", __LINE__, __OMP2NUMA_SCHED_RUNTIME,
                                                  0, 0, 0};
    if (__omp2numa_loop_start(&runtime, N, 0, 0, &lo, &hi)) do {
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }
}
// CHECK-NOT: loop

int main(void)
{
  static const struct __omp2numa_region_site site = {"report.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  __omp2numa_parallel(&site, region, NULL, 4, 1);
  return 0;
}
