// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
//
// Task reductions (OpenMP 5.0): `taskgroup task_reduction(op: x)` and tasks with
// `in_reduction(op: x)`:
//  - 500 tasks adding to a long and a double; the values before the group take part;
//  - recursive tasks (a tree of depth 6, fan-out 3) that all participate with in_reduction:
//    the sum of the node values;
//  - several operators on one group: +, max, *;
//  - nested taskgroups, each with its own reduction variable, and a task participating in both
//    (an inner task with in_reduction on the outer variable too);
//  - tasks of the group that do not participate leave the result alone;
//  - in every thread's implicit task at once.

#define TEST_NAME "task_reduction.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

static long tree_sum;

static void tree(int depth, long id)
{
#pragma omp task in_reduction(+: tree_sum)
  tree_sum += id % 97;
  if (depth == 0)
    return;
  for (int c = 0; c < 3; c++) {
#pragma omp task
    tree(depth - 1, id * 3 + c + 1);
  }
}

static long tree_serial(int depth, long id)
{
  long s = id % 97;
  if (depth > 0)
    for (int c = 0; c < 3; c++)
      s += tree_serial(depth - 1, id * 3 + c + 1);
  return s;
}

static void run(void)
{
  long s = 7;
  double d = 0.5;
#pragma omp taskgroup task_reduction(+: s, d)
  {
    for (int k = 0; k < 500; k++) {
#pragma omp task in_reduction(+: s, d)
      {
        s += k;
        d += 0.5;
      }
#pragma omp task
      { /* a member of the group that does not participate */
      }
    }
  }
  CHECK(s == 7 + 500L * 499 / 2, "+ long: %ld", s);
  CHECK(d == 0.5 + 250.0, "+ double: %f", d);

  int mx = 0;
  long pr = 1;
#pragma omp taskgroup task_reduction(max: mx) task_reduction(*: pr)
  {
    for (int k = 1; k <= 20; k++) {
#pragma omp task in_reduction(max: mx) in_reduction(*: pr)
      {
        if ((k * 13) % 21 > mx)
          mx = (k * 13) % 21;
        if (k % 5 == 0)
          pr *= 3;
      }
    }
  }
  CHECK(mx == 20, "max: %d", mx);
  CHECK(pr == 81, "*: %ld", pr);

  long outer = 0, inner = 0;
#pragma omp taskgroup task_reduction(+: outer)
  {
    for (int k = 0; k < 20; k++) {
#pragma omp task in_reduction(+: outer)
      outer += 1;
    }
#pragma omp taskgroup task_reduction(+: inner)
    {
      for (int k = 0; k < 20; k++) {
#pragma omp task in_reduction(+: inner) in_reduction(+: outer)
        {
          inner += 2;
          outer += 100;
        }
      }
    }
    CHECK(inner == 40, "inner group: %ld", inner);
  }
  CHECK(outer == 20 + 2000, "outer group: %ld", outer);
}

int main(void)
{
#pragma omp parallel
  {
#pragma omp single
    {
      run();
      tree_sum = 0;
#pragma omp taskgroup task_reduction(+: tree_sum)
      tree(6, 0);
      CHECK(tree_sum == tree_serial(6, 0), "tree: %ld, want %ld", tree_sum, tree_serial(6, 0));
    }
    run();
  }
  return failures != 0;
}
