// schedule(adaptive) under a synthetic two-node topology ("node:2 core:2 pu:1": threads 0 and 1
// on node 0, threads 2 and 3 on node 1), seen through OMP2NUMA_STATS.
//
// Same node first: 8 iterations, one range of 2 per thread.  Thread 0's are instantaneous, thread
// 1's take 150 ms each.  Those of threads 2 and 3 (node 1) wait until both of thread 1's iterations
// have started, then take 5 ms.  So thread 0 runs out of work at once, while every other thread
// still has an iteration waiting in its range: it steals from thread 1, on its own node, never
// from threads 2 or 3, on the other node.  Nobody steals across nodes: when threads 2 and 3 are
// done, node 0's ranges are empty (a late thread 3 may still be robbed by thread 2, on its own
// node).  Two executions.
//
// Late thread: thread 3 reaches the loop 300 ms late; the others have run its whole range, so it
// has no iteration and no chunk.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stddef.h>
#include <time.h>

static _Atomic unsigned char hits[3][4000];
static atomic_int helped;     /* executions in which thread 0 ran one of thread 1's iterations */
static atomic_int slow[2];    /* thread 1's iterations started, per execution */

static void pause_ms(long ms)
{
  struct timespec t = {0, ms * 1000000};
  nanosleep(&t, NULL);
}

static void region(void *data)
{
  (void)data;
  uint64_t lo, hi;
  for (int rep = 0; rep < 2; rep++) {
    // #pragma omp for schedule(adaptive)
    // for (k = 0; k < 8; k++) ...
    // CHECK: loop adaptive-numa.c:[[#@LINE+6]]: schedule adaptive, 2 executions
    // CHECK-NEXT: thread node executions iterations chunks steals-same steals-other
    // CHECK-NEXT: {{^ +0 +0 +2 +[0-9]+ +[0-9]+ +2 +0 }}
    // CHECK-NEXT: {{^ +1 +0 +2 +[0-9]+ +[0-9]+ +[0-2] +0 }}
    // CHECK-NEXT: {{^ +2 +1 +2 +[0-9]+ +[0-9]+ +[0-2] +0 }}
    // CHECK-NEXT: {{^ +3 +1 +2 +[0-9]+ +[0-9]+ +[0-2] +0 }}
    static struct __omp2numa_loop_site local = {"adaptive-numa.c", __LINE__,
                                                __OMP2NUMA_SCHED_ADAPTIVE, 0, 0, 0};
    if (__omp2numa_loop_start(&local, 8, 0, NULL, &lo, &hi)) do {
        for (uint64_t k = lo; k < hi; k++) {
          atomic_fetch_add(&hits[rep][k], 1);
          if (k >= 2 && k < 4) {
            if (omp_get_thread_num() == 0)
              atomic_store(&helped, rep + 1);
            atomic_fetch_add(&slow[rep], 1);
            pause_ms(150);
          } else if (k >= 4) {
            // At most 5 s, so that a broken schedule fails the test instead of hanging it.
            for (int i = 0; i < 5000 && atomic_load(&slow[rep]) < 2; i++)
              pause_ms(1);
            pause_ms(5);
          }
        }
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
  }

  // #pragma omp for schedule(adaptive, 10)
  // for (k = 0; k < 4000; k++) ;      (thread 3 arrives 300 ms late)
  // CHECK: loop adaptive-numa.c:[[#@LINE+4]]: schedule adaptive, 1 executions
  // CHECK-NEXT: thread
  // CHECK-COUNT-3: {{^ +[0-2] +[01] +1 +[0-9]+ +[0-9]+ }}
  // CHECK-NEXT: {{^ +3 +1 +1 +0 +0 +0 +0 }}
  static struct __omp2numa_loop_site late = {"adaptive-numa.c", __LINE__,
                                             __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_CHUNK, 0,
                                             0};
  if (omp_get_thread_num() == 3)
    pause_ms(300);
  if (__omp2numa_loop_start(&late, 4000, 10, NULL, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; k++)
        atomic_fetch_add(&hits[0][k], 1);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"adaptive-numa.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  __omp2numa_parallel(&site, region, NULL, 4, 1);
  for (int k = 0; k < 4000; k++)
    CHECK(atomic_load(&hits[0][k]) == 1 + (k < 8), "iteration %d", k);
  for (int k = 0; k < 8; k++)
    CHECK(atomic_load(&hits[1][k]) == 1, "execution 1, iteration %d", k);
  CHECK(atomic_load(&helped) == 2, "thread 0 helped thread 1 in %d executions",
        atomic_load(&helped));
  return atomic_load(&num_failed);
}
