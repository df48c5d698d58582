// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP_CANCELLATION=true %o2n-run %t
// PEERS: gcc   (libomp 16 updates the originals themselves in a team of one, which the nested
//               groups' check sees, and stops on an assertion, data != NULL, at the orphaned
//               in_reduction tasks on a task's copy)
//
// A taskgroup's task_reduction items are combined into the originals at the group's end: the
// in_reduction tasks combine into the group's accumulators, which the task that runs the group
// combines once the group's tasks are done.  So that task may update the originals in the
// group's body.  Each case checks its own result:
//  - several items and operators at once: + on a long, * on a long, max on a double, + on an
//    array and on a section p[0:N] of a pointer, with the owner updating each of them in the
//    body while the tasks run, and a declare reduction on a struct (which the owner leaves
//    alone: its tasks combine into the original, whose combiner may expect omp_out to be);
//  - nested taskgroups that reduce the same variable, the inner one's tasks (and its owner's
//    updates) counting in the inner one, the outer one's in the outer one;
//  - orphaned in_reduction tasks, in a called function that updates the variable through a
//    pointer too (GCC's task-reduction-4.c);
//  - an in_reduction task whose body has a taskgroup with task_reduction on its own copy, which
//    it updates in that group's body (the copy's value is not checked: libgomp shares one copy
//    among the tasks a thread runs);
//  - a cancelled taskgroup (OMP_CANCELLATION=true): its tasks that ran count, the discarded ones
//    do not, and the owner's update does.

#define TEST_NAME "task_reduction_accumulators.c"
#include "Inputs/check.h"

#include <limits.h>
#include <omp.h>
#include <stdatomic.h>

enum { TASKS = 40, N = 6 };

struct span {
  long sum;
  int hi;
};
#pragma omp declare reduction(merge: struct span: omp_out.sum += omp_in.sum, \
                              omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = {0, INT_MIN})

static void operators(long *p)
{
  long sum = 1, prod = 1;
  double mx = -1.0;
  struct span sp = {10, 0};
  long arr[N] = {0};
#pragma omp taskgroup task_reduction(+: sum, arr) task_reduction(*: prod) \
    task_reduction(max: mx) task_reduction(merge: sp) task_reduction(+: p[0:N])
  {
    for (int k = 0; k < TASKS; k++) {
#pragma omp task in_reduction(+: sum, arr) in_reduction(*: prod) in_reduction(max: mx) \
    in_reduction(merge: sp) in_reduction(+: p[0:N])
      {
        sum += k;
        if (k % 10 == 0)
          prod *= 2;
        if (k > mx)
          mx = k;
        sp.sum += k;
        sp.hi = k > sp.hi ? k : sp.hi;
        arr[k % N] += 1;
        p[k % N] += 2;
      }
      /* The owner's own updates, between the tasks' creations. */
      sum += 1000;
      if (k % 4 == 0)
        prod *= 3;
      mx = mx < 0.5 ? 0.5 : mx;
      arr[0] += 100;
      p[N - 1] += 100;
    }
  }
  CHECK(sum == 1 + TASKS * (TASKS - 1) / 2 + 1000L * TASKS, "+: %ld", sum);
  long want = 16; /* 2^(TASKS / 10) from the tasks, 3^(TASKS / 4) from the owner */
  for (int k = 0; k < TASKS / 4; k++)
    want *= 3;
  CHECK(prod == want, "*: %ld, want %ld", prod, want);
  CHECK(mx == TASKS - 1, "max: %f", mx);
  CHECK(sp.sum == 10 + TASKS * (TASKS - 1) / 2 && sp.hi == TASKS - 1,
        "declare reduction: {%ld, %d}", sp.sum, sp.hi);
  for (int i = 0; i < N; i++) {
    const long tasks = TASKS / N + (i < TASKS % N);
    CHECK(arr[i] == tasks + (i == 0 ? 100L * TASKS : 0), "array [%d]: %ld", i, arr[i]);
    CHECK(p[i] == 2 * tasks + (i == N - 1 ? 100L * TASKS : 0), "section [%d]: %ld", i, p[i]);
  }
}

static void nested(void)
{
  long x = 0, inner_seen = -1;
#pragma omp taskgroup task_reduction(+: x)
  {
    for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+: x)
      x += 1;
    }
    x += 1000; /* while the outer group's tasks may run */
#pragma omp taskgroup task_reduction(+: x)
    {
      for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+: x)
        x += 100;
      }
      x += 10000;
    }
    /* The inner group's tasks are in x; the outer group's combine at its end. */
    inner_seen = x;
  }
  CHECK(inner_seen == 1000 + 10000 + 10 * 100, "after the inner group: %ld", inner_seen);
  CHECK(x == 1000 + 10000 + 10 * 100 + 10, "nested groups: %ld", x);
}

/* task-reduction-4.c's bar: an update of the original (or of the caller's copy) through p, then
   an orphaned in_reduction task. */
static void bar(long long *p)
{
  p[0] *= 2;
#pragma omp task in_reduction(*: p[0])
  p[0] *= 3;
}

static void orphaned(void)
{
  long long p = 1;
#pragma omp taskgroup task_reduction(*: p)
  {
#pragma omp task in_reduction(*: p)
    bar(&p); /* its copy: 2, times its child's 3 */
    bar(&p); /* the original: 2, and a task: 3 */
#pragma omp task in_reduction(*: p)
    {
      /* A group on this task's copy: its tasks and this body's update count in the copy
         (5 * 7 * 6). */
#pragma omp taskgroup task_reduction(*: p)
      {
#pragma omp task in_reduction(*: p)
        p *= 5;
        p *= 7;
#pragma omp task in_reduction(*: p)
        bar(&p);
      }
    }
  }
  CHECK(p == 6 * 6 * 5 * 7 * 6, "orphaned and nested: %lld", p);
}

static void cancelled(void)
{
  long x = 0;
  atomic_long ran = 0;
#pragma omp taskgroup task_reduction(+: x)
  {
    for (int k = 0; k < TASKS; k++) {
#pragma omp task in_reduction(+: x) shared(ran)
      {
        x += 1;
        atomic_fetch_add(&ran, 1);
        if (k == TASKS / 2) {
#pragma omp cancel taskgroup
        }
      }
    }
    x += 1000;
  }
  CHECK(x == 1000 + atomic_load(&ran), "cancelled group: %ld, %ld tasks ran", x,
        atomic_load(&ran));
}

int main(void)
{
  long p[N] = {0};
#pragma omp parallel
#pragma omp single
  {
    operators(p);
    nested();
    orphaned();
    cancelled();
  }
  return failures != 0;
}
