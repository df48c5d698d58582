// OMP2NUMA_STATS: the `tasks:` table at exit, one line per thread number that ran a task or
// waited for one: its NUMA node, tasks run, tasks stolen from a thread of its own node and from
// another node, and the time it spent in task-aware waits without a task to run (ms).  Counts
// add up over the regions, each thread's at the end of each region, whether or not the region
// queued a task.
//
// Hand-lowered, with counts that do not depend on the scheduling: each thread runs undeferred
// tasks (at once, on itself), and one task per phase is queued by thread 0 and must be stolen by
// the one thread that waits for tasks meanwhile (the others wait outside the runtime): thread 1,
// on thread 0's node, then thread 2, on the other one.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2>&1 | FileCheck %s
// RUN: env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_WAIT_POLICY=passive %o2n-run %t 2>&1 | FileCheck %s
// RUN: %o2n-run %t 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// The same counts in the JSON and CSV forms (OMP2NUMA_STATS=json:FILE, csv:FILE).
// RUN: env OMP2NUMA_STATS=json:%t.json OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: python3 %S/Inputs/tasks_check.py %t.json
// RUN: env OMP2NUMA_STATS=csv:%t.csv OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: python3 %S/Inputs/tasks_check.py %t.csv
//
// The same under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP2NUMA_STATS=1 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-tsan-run %t.tsan 2>&1 | FileCheck %s %}
//
// OFF-NOT: {{.}}
// CHECK:      omp2numa statistics: 0 loops
// CHECK-NEXT: tasks:
// CHECK-NEXT: thread node run steals-same steals-other idle-ms
// Thread 0: 2 x 10 undeferred tasks.
// CHECK-NEXT: 0 0 20 0 0 {{[0-9]+\.[0-9][0-9][0-9]$}}
// Thread 1: 2 x 11 undeferred, and the task of phase 1, stolen on its own node.
// CHECK-NEXT: 1 0 23 1 0 {{[0-9]+\.[0-9][0-9][0-9]$}}
// Thread 2: 2 x 12 undeferred, and the task of phase 2, stolen from the other node.
// CHECK-NEXT: 2 1 25 0 1 {{[0-9]+\.[0-9][0-9][0-9]$}}
// CHECK-NEXT: 3 1 26 0 0 {{[0-9]+\.[0-9][0-9][0-9]$}}
// CHECK-NOT: {{.}}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>

static atomic_int ran_by[2] = {-1, -1}; // the thread that ran phase p's queued task
static atomic_int phase_done[2];

static void record(void *data)
{
  const int phase = *(int *)data;
  atomic_store(&ran_by[phase], omp_get_thread_num());
}

static void nothing(void *data)
{
  (void)data;
}

// `#pragma omp task [if(0)]` with a body that records the phase (phase < 0: an empty body).
static void create(int phase, int flags)
{
  static const struct __omp2numa_task_site site = {"tasks.c", __LINE__};
  int *task = __omp2numa_task_alloc(&site, sizeof(int), _Alignof(int));
  *task = phase;
  __omp2numa_task_submit(task, phase < 0 ? nothing : record, flags, 0, NULL, 0);
}

// Phase p: thread 0 queues a task and waits (outside the runtime) until it has run; the thief,
// thread 1 + p, waits for it in the barrier; the others wait for the phase to end first.
static void phase(int p)
{
  const int tid = omp_get_thread_num();
  if (tid == 0) {
    create(p, 0);
    while (atomic_load(&ran_by[p]) < 0)
      ;
    atomic_store(&phase_done[p], 1);
  } else if (tid != 1 + p) {
    while (!atomic_load(&phase_done[p]))
      ;
  }
  __omp2numa_barrier();
}

static void region(void *data)
{
  const int with_queued = *(int *)data;
  // #pragma omp task if(0), 10 + tid times
  for (int i = 0; i < 10 + omp_get_thread_num(); i++)
    create(-1, __OMP2NUMA_TASK_UNDEFERRED);
  if (with_queued) {
    phase(0);
    phase(1);
  }
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"tasks.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  // A region whose tasks all run at once, then one that queues tasks.
  int with_queued = 0;
  __omp2numa_parallel(&site, region, &with_queued, 4, 1);
  with_queued = 1;
  __omp2numa_parallel(&site, region, &with_queued, 4, 1);
  CHECK(atomic_load(&ran_by[0]) == 1, "phase 1's task ran on thread %d", atomic_load(&ran_by[0]));
  CHECK(atomic_load(&ran_by[1]) == 2, "phase 2's task ran on thread %d", atomic_load(&ran_by[1]));
  return num_failed != 0;
}
