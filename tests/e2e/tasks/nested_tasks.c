// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Tasks that create tasks, four levels deep with a fan-out of 6 at every level (1554 tasks per
// tree).  Each task computes a value from its path (level and index), and each parent sums its
// children's results after its taskwait, so the root's result is the sum over the whole tree:
// checked against a serial recursion.  Every task also counts itself in a per-level counter.
// Trees are started from `single`, from every thread at once, from a task that is itself deep in
// another tree, and outside any parallel region.

#define TEST_NAME "nested_tasks.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define DEPTH 4
#define FAN 6
static long per_level[DEPTH + 1];

static long node_value(int level, long path)
{
  return (path * 31 + level * 7) % 1009;
}

static long tree(int level, long path)
{
#pragma omp atomic
  per_level[level]++;
  long sum = node_value(level, path);
  if (level == DEPTH)
    return sum;
  long part[FAN];
  for (int c = 0; c < FAN; c++) {
#pragma omp task shared(part)
    part[c] = tree(level + 1, path * FAN + c);
  }
#pragma omp taskwait
  for (int c = 0; c < FAN; c++)
    sum += part[c];
  return sum;
}

static long tree_serial(int level, long path)
{
  long sum = node_value(level, path);
  if (level < DEPTH)
    for (int c = 0; c < FAN; c++)
      sum += tree_serial(level + 1, path * FAN + c);
  return sum;
}

static void check_levels(int line, long trees)
{
  long want = trees;
  for (int l = 0; l <= DEPTH; l++, want *= FAN)
    check(per_level[l] == want, TEST_NAME, line, "level %d: %ld tasks, want %ld", l, per_level[l], want);
  for (int l = 0; l <= DEPTH; l++)
    per_level[l] = 0;
}

int main(void)
{
  const long want = tree_serial(0, 1);
  long r = 0;
#pragma omp parallel shared(r)
#pragma omp single
  r = tree(0, 1);
  CHECK(r == want, "single: %ld, want %ld", r, want);
  check_levels(__LINE__, 1);

  long sum = 0;
  int nth = 0;
#pragma omp parallel shared(sum, nth)
  {
    long mine = tree(0, 1);
#pragma omp atomic
    sum += mine;
#pragma omp atomic
    nth++;
  }
  CHECK(sum == want * nth, "every thread: %ld, want %ld", sum, want * nth);
  check_levels(__LINE__, nth);

  long inner = 0;
#pragma omp parallel shared(inner)
#pragma omp single
  {
#pragma omp task shared(inner)
    {
#pragma omp task shared(inner)
      {
#pragma omp task shared(inner)
        inner = tree(0, 1);
      }
    }
  }
  CHECK(inner == want, "from a nested task: %ld", inner);
  check_levels(__LINE__, 1);

  r = tree(0, 1);
  CHECK(r == want, "outside parallel: %ld", r);
  check_levels(__LINE__, 1);
  return failures != 0;
}
