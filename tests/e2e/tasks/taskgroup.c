// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// `taskgroup` waits for every task created in it and for all their descendants:
//  - a tree three levels deep whose tasks never taskwait: at the end of the taskgroup every
//    node has run (a flag per node);
//  - nested taskgroups: at the end of the inner group its own descendants have run; at the end
//    of the outer group all have;
//  - a taskgroup inside a task, and in each thread's implicit task at once;
//  - tasks created before a taskgroup are not its members: checked only for completion at the
//    next taskwait (taskgroup may or may not wait for them);
//  - a taskgroup outside any parallel region.

#define TEST_NAME "taskgroup.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define FAN 5
#define NODES (1 + FAN + FAN * FAN + FAN * FAN * FAN)
#define MAXT 16

static int mark[MAXT][NODES];
/* File scope, not block-scope statics: gcc 12 copies block-scope statics into a task
   (see static_locals.c). */
static int outer[NODES], inner[NODES], in_task[NODES], before[NODES], mine[NODES];

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

/* Node ids: level 0 is 0, level 1 is 1..FAN, and so on (heap numbering with fan-out FAN). */
static void grow(int *m, int id, int level)
{
  spin((id % 3) * 5000);
  if (level < 3) {
    for (int c = 0; c < FAN; c++) {
      int child = id * FAN + 1 + c;
#pragma omp task
      grow(m, child, level + 1);
    }
  }
#pragma omp atomic
  m[id]++;
}

static int count_marked(const int *m)
{
  int n = 0;
  for (int i = 0; i < NODES; i++)
    n += m[i] == 1;
  return n;
}

static void group_tree(int *m)
{
  memset(m, 0, sizeof(int) * NODES);
#pragma omp taskgroup
  {
#pragma omp task
    grow(m, 0, 0);
  }
  CHECK(count_marked(m) == NODES, "after taskgroup: %d of %d nodes ran", count_marked(m), NODES);
}

int main(void)
{
#pragma omp parallel
  {
#pragma omp single
    group_tree(mark[0]);

    int t = omp_get_thread_num();
    if (t < MAXT)
      group_tree(mark[t]);
#pragma omp barrier

#pragma omp single
    {
      memset(outer, 0, sizeof outer);
      memset(inner, 0, sizeof inner);
#pragma omp taskgroup
      {
#pragma omp task
        grow(outer, 0, 0);
#pragma omp taskgroup
        {
#pragma omp task
          grow(inner, 0, 0);
        }
        CHECK(count_marked(inner) == NODES, "inner group: %d of %d", count_marked(inner), NODES);
      }
      CHECK(count_marked(outer) == NODES, "outer group: %d of %d", count_marked(outer), NODES);

      /* A taskgroup in an explicit task. */
      int in_task_ok = 0;
#pragma omp task shared(in_task_ok)
      {
        int *m = in_task;
        memset(m, 0, sizeof in_task);
#pragma omp taskgroup
        {
          for (int c = 0; c < FAN; c++) {
#pragma omp task
            grow(m, 1 + c, 1);
          }
        }
        m[0] = 1; /* the root is not grown here */
        in_task_ok = count_marked(m) == NODES;
      }
#pragma omp taskwait
      CHECK(in_task_ok, "taskgroup inside a task did not wait for every descendant");

      /* A task created before the group is not a member; the group only has to finish its own. */
      memset(before, 0, sizeof before);
      memset(mine, 0, sizeof mine);
#pragma omp task
      grow(before, 0, 0);
#pragma omp taskgroup
      {
#pragma omp task
        grow(mine, 0, 0);
      }
      CHECK(count_marked(mine) == NODES, "group after an outside task: %d", count_marked(mine));
    }
  }
  group_tree(mark[0]);
  return failures != 0;
}
