// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// PEERS: gcc   (clang 16 has no scope construct)
//
// reduction(task, op: list) on parallel, for, sections and scope: explicit tasks created in the
// construct with in_reduction on the variable take part in its reduction, whichever thread runs
// them, while the threads also update their own private copies; user-defined reductions too.

#define TEST_NAME "reduction_task_modifier.c"
#include "Inputs/check.h"
#include <omp.h>

struct pair {
  long lo, hi;
};
#pragma omp declare reduction(pmin : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = {1L << 40, -(1L << 40)})

int main(void)
{
  const int nthreads = omp_get_max_threads();
  long x = 5, y = 0, s = 0, sc = 0, hist[3] = {1, 2, 3};
  double prod = 1.0;
  struct pair range = {1L << 40, -(1L << 40)};
#pragma omp parallel reduction(task, + : x, hist) reduction(task, * : prod)
  {
    x += 1;
    hist[0] += 1;
#pragma omp for reduction(task, + : y) reduction(task, pmin : range)
    for (int i = 0; i < 100; i++) {
#pragma omp task in_reduction(+ : x, y) in_reduction(pmin : range)
      {
        x += i;
        y += 2 * i;
        range.lo = i < range.lo ? i : range.lo;
        range.hi = i > range.hi ? i : range.hi;
      }
      y += 1;
    }
#pragma omp single
    for (int t = 0; t < 10; t++) {
#pragma omp task in_reduction(+ : x, hist) in_reduction(* : prod)
      {
        hist[1] += t;
        hist[2] += 1;
        x += 1000;
        prod *= 2.0;
      }
    }
#pragma omp sections reduction(task, + : s)
    {
#pragma omp section
      for (int t = 0; t < 5; t++) {
#pragma omp task in_reduction(+ : s)
        s += t;
      }
#pragma omp section
      s += 100;
    }
#pragma omp scope reduction(task, + : sc)
    {
#pragma omp task in_reduction(+ : sc)
      sc += 3;
    }
  }
  /* On parallel master and parallel masked (the reduction is the region's; libgomp's
     loop-24.c): the primary thread's taskloop joins it. */
  long pm = 0, pk = 0;
#pragma omp parallel master reduction(task, + : pm)
#pragma omp taskloop in_reduction(+ : pm)
  for (int i = 0; i < 100; i++)
    pm += i;
#pragma omp parallel masked reduction(task, + : pk)
  {
    pk += 1000;
#pragma omp taskloop in_reduction(+ : pk) grainsize(7)
    for (int i = 0; i < 50; i++)
      pk += i;
  }
  CHECK(pm == 4950, "parallel master reduction(task, +): %ld", pm);
  CHECK(pk == 1000 + 1225, "parallel masked reduction(task, +): %ld", pk);
  CHECK(x == 5 + nthreads + 4950 + 10000, "parallel reduction(task, +): %ld", x);
  CHECK(hist[0] == 1 + nthreads && hist[1] == 2 + 45 && hist[2] == 3 + 10,
        "parallel reduction(task, +) of an array: {%ld, %ld, %ld}", hist[0], hist[1], hist[2]);
  CHECK(prod == 1024.0, "parallel reduction(task, *): %g", prod);
  CHECK(y == 9900 + 100, "for reduction(task, +): %ld", y);
  CHECK(range.lo == 0 && range.hi == 99, "for reduction(task, pmin): [%ld, %ld]", range.lo,
        range.hi);
  CHECK(s == 110, "sections reduction(task, +): %ld", s);
  CHECK(sc == 3L * nthreads, "scope reduction(task, +): %ld", sc);
  return failures != 0;
}
