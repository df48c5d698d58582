// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// The implicit data-sharing rules of `task` (no data-sharing clause, no default clause):
//  - a variable declared inside the parallel region (private to each implicit task) is
//    firstprivate in the task: the task sees its value at creation, later changes by the creator
//    do not reach the task, and the task's writes do not reach the creator;
//  - a variable made private by the parallel's `private` clause: the same;
//  - a variable declared before the parallel region (shared by the team) is shared in the task;
//  - file-scope variables and static locals are shared;
//  - the loop variable of an `omp for` (private) and a local declared in the loop body are
//    firstprivate: each task sees its own iteration;
//  - in a task, a variable declared in that task is firstprivate in its child task; so is a
//    variable that the task names in `shared` but that the team does not share (a local of the
//    `single`), while a variable shared by the whole team stays shared in the grandchild;
//  - orphaned: in a function called from the region, the function's parameters and locals are
//    firstprivate in a task it creates; the caller's taskwait waits for that task (it is a child
//    of the caller's task).

#define TEST_NAME "default_sharing.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define N 200
#define TASKS 16

static long global_counter;
static int global_out[N];

static void spawn(int value, int *dst)
{
  int twice = 2 * value;
#pragma omp task
  *dst = twice + value; /* value, twice and dst are firstprivate */
  twice = -1;
  value = -1;
}

static long bump_static(void)
{
  static long counter;
#pragma omp task
  {
#pragma omp atomic
    counter++;
  }
#pragma omp taskwait
  long v;
#pragma omp atomic read
  v = counter;
  return v;
}

int main(void)
{
  long shared_counter = 0;
  int before_private = 7;
  int out_for[N];

#pragma omp parallel private(before_private)
  {
    int tid = omp_get_thread_num();
    int local = 1000 * tid;

    /* Locals of the region: firstprivate, captured at creation. */
    for (int k = 0; k < TASKS; k++) {
#pragma omp task
      {
        CHECK(local == 1000 * tid + k, "thread %d task %d saw local=%d", tid, k, local);
        local = -5; /* the task's own copy */
      }
      local++;
    }
#pragma omp taskwait
    CHECK(local == 1000 * tid + TASKS, "thread %d: a task's write reached local (%d)", tid, local);

    /* private(before_private) on the parallel: firstprivate in the task. */
    before_private = 10 + tid;
#pragma omp task
    {
      CHECK(before_private == 10 + tid, "private var in task: %d, want %d", before_private,
            10 + tid);
      before_private = 99;
    }
    before_private = 20 + tid;
#pragma omp taskwait
    CHECK(before_private == 20 + tid, "private var changed by the task: %d", before_private);

    /* Shared in the enclosing context: shared in the task. */
    for (int k = 0; k < TASKS; k++) {
#pragma omp task
      {
#pragma omp atomic
        shared_counter++;
#pragma omp atomic
        global_counter += 2;
      }
    }

    /* omp for: the iteration variable and body locals are firstprivate. */
#pragma omp for
    for (int i = 0; i < N; i++) {
      int sq = i * i;
#pragma omp task
      {
        out_for[i] = sq + 1;
        global_out[i] = i;
      }
    } /* the implicit barrier completes the tasks */

    /* Nested: a task's own local is firstprivate in its child.  A variable that the parent task
       has shared but that is not shared by the whole team (a local of the single's implicit
       task, named in the parent's shared clause) is firstprivate in the child too; a variable
       shared by the whole team stays shared. */
#pragma omp single
    {
      long in_single_total = 0;
#pragma omp task shared(in_single_total)
      {
        int mine = 5;
        for (int k = 0; k < TASKS; k++) {
#pragma omp task
          {
            CHECK(mine == 5 + k, "child saw mine=%d, want %d", mine, 5 + k);
            CHECK(in_single_total == 0, "child saw in_single_total=%ld", in_single_total);
            in_single_total += mine; /* its own copy */
#pragma omp atomic
            shared_counter += 1000; /* shared by the team: shared */
          }
          mine++;
        }
#pragma omp taskwait
        CHECK(in_single_total == 0, "a child's write reached the parent's variable: %ld",
              in_single_total);
        in_single_total = 42;
      }
#pragma omp taskwait
      CHECK(in_single_total == 42, "the shared(...) write did not reach the creator: %ld",
            in_single_total);
    }

    /* Orphaned: parameters and locals of the called function are firstprivate. */
    int results[TASKS];
    for (int k = 0; k < TASKS; k++)
      spawn(k + tid, &results[k]);
#pragma omp taskwait
    for (int k = 0; k < TASKS; k++)
      CHECK(results[k] == 3 * (k + tid), "orphaned task %d wrote %d", k, results[k]);

    /* A static local of a function: shared. */
    long v = bump_static();
    CHECK(v >= 1, "static local counter %ld", v);
  }

  int nth = omp_get_max_threads();
  CHECK(shared_counter == (long)nth * TASKS + 1000L * TASKS, "shared counter %ld, want %ld",
        shared_counter, (long)nth * TASKS + 1000L * TASKS);
  CHECK(global_counter == 2L * nth * TASKS, "global counter %ld", global_counter);
  for (int i = 0; i < N; i++) {
    CHECK(out_for[i] == i * i + 1, "omp for task %d wrote %d", i, out_for[i]);
    CHECK(global_out[i] == i, "global_out[%d] = %d", i, global_out[i]);
  }
  CHECK(before_private == 7, "the original of a private var changed: %d", before_private);
  return failures != 0;
}
