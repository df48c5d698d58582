// priority, hand-lowered: omp_get_max_task_priority() is OMP_MAX_TASK_PRIORITY (0 by default);
// queued tasks with a higher priority run first, priorities above the maximum count as the
// maximum (and without OMP_MAX_TASK_PRIORITY all priorities are 0: creation order does not
// matter then).  Thread 0 creates the tasks and runs them all in its taskwait, while the other
// threads spin in the program's code (no scheduling point) until every task has run.
// Argument: the expected maximum.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 0
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=5 %o2n-run %t 5
// RUN: env OMP_NUM_THREADS=3 OMP_MAX_TASK_PRIORITY=100 %o2n-run %t 100
// RUN: env OMP_NUM_THREADS=1 OMP_MAX_TASK_PRIORITY=5 %o2n-run %t 5
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=-1 %o2n-run %t 0 2>&1 | FileCheck %s
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 OMP_MAX_TASK_PRIORITY=5 %o2n-tsan-run %t.tsan 5 %}
// CHECK: warning: OMP_MAX_TASK_PRIORITY='-1': expected a non-negative integer; keeping the default 0
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>

enum { N = 40 };

static const int prio[N] = {0, 3, 7, 1, 200, 5, 2, 0, 6, 4, 9, 1, 0, 5, 3, 8, 2, 6, 4, 1,
                            3, 0, 7, 5, 2, 9, 1, 4, 6, 0, 8, 3, 5, 2, 7, 1, 0, 6, 4, 100};
static atomic_int order[N], next;
static int max_prio;

static void body(void *data)
{
  atomic_store(&order[atomic_fetch_add(&next, 1)], *(int *)data);
}

static int clamp(int p)
{
  return p > max_prio ? max_prio : p;
}

static void region(void *data)
{
  (void)data;
  if (omp_get_thread_num() != 0) {
    while (atomic_load(&next) < N)
      ;
    return;
  }
  for (int i = 0; i < N; i++) {
    static const struct __omp2numa_task_site site = {"priority.c", __LINE__};
    int *t = __omp2numa_task_alloc(&site, sizeof *t, _Alignof(int));
    *t = i;
    __omp2numa_task_submit(t, body, __OMP2NUMA_TASK_PRIORITY, prio[i], NULL, 0);
  }
  __omp2numa_taskwait();
}

int main(int argc, char **argv)
{
  max_prio = argc > 1 ? atoi(argv[1]) : 0;
  CHECK(omp_get_max_task_priority() == max_prio, "omp_get_max_task_priority() = %d, expected %d",
        omp_get_max_task_priority(), max_prio);
  static const struct __omp2numa_region_site site = {"priority.c", __LINE__, 0, 0};
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  int seen[N] = {0};
  for (int i = 0; i < N; i++)
    seen[atomic_load(&order[i])]++;
  for (int i = 0; i < N; i++)
    CHECK(seen[i] == 1, "task %d ran %d times", i, seen[i]);
  // A team of one runs each task at once; with priorities all 0, any order is right.
  if (omp_get_max_threads() > 1 && max_prio > 0)
    for (int i = 1; i < N; i++)
      CHECK(clamp(prio[order[i - 1]]) >= clamp(prio[order[i]]),
            "position %d: task %d (priority %d) ran before task %d (priority %d)", i,
            order[i - 1], prio[order[i - 1]], order[i], prio[order[i]]);
  return atomic_load(&num_failed);
}
