// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t > %t.o2n.out
// RUN: env OMP_NUM_THREADS=2 OMP_THREAD_LIMIT=3 %o2n-run %t limited > %t.o2n.limited.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t.gomp > %t.gomp.out
// RUN: env OMP_NUM_THREADS=2 OMP_THREAD_LIMIT=3 %o2n-run %t.gomp limited > %t.gomp.limited.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: diff %t.o2n.limited.out %t.gomp.limited.out
//
// Contention groups: a target region's initial thread, and each team of a host teams construct,
// start a contention group of their own, whose thread-limit-var is the construct's thread_limit
// (without one: OMP_THREAD_LIMIT for a target region, the encountering group's for teams).  The
// threads of enclosing regions, which belong to other groups, do not count against it, and the
// limit ends with the construct.  Each part prints the team sizes it saw; the program checks
// them and the output is compared with gcc's build.
//   nested      GCC's target-6.c: teams thread_limit(2) in a target region in a nested region
//               of 3 x 3 threads; the teams' parallel region has 2 threads (with a program-wide
//               limit it had 1: the 5 running threads counted).
//   lowered     target thread_limit(3): a parallel region of 4 gets 3; omp_get_thread_limit()
//               is 3 inside, the program's again after.
//   concurrent  two threads run target thread_limit(2) regions at the same time, many times:
//               each region's parallel gets 2, and the other thread's limit stays the program's.
//   teams       teams num_teams(2) thread_limit(2): each team's parallel region of 4 gets 2.
//   limited     (OMP_THREAD_LIMIT=3) 3 threads run; a target region in one of them still gets
//               a region of 3: its group is new.
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "Inputs/expect.h"

static void nested(void)
{
  int size = 0, active = 0;
#pragma omp parallel num_threads(3)
  if (omp_get_thread_num() == 2) {
#pragma omp parallel num_threads(3)
    if (omp_get_thread_num() == 1) {
#pragma omp target map(tofrom: size, active)
#pragma omp teams num_teams(1) thread_limit(2)
#pragma omp parallel num_threads(2)
      if (omp_get_thread_num() == 0) {
        size = omp_get_num_threads();
        active = omp_in_parallel();
      }
    }
  }
  EXPECT(size == 2 && active == 1);
  printf("nested: %d threads, in parallel %d\n", size, active);
}

static void lowered(void)
{
  int size = 0, inside = 0;
#pragma omp target map(tofrom: size, inside) thread_limit(3)
  {
    inside = omp_get_thread_limit();
#pragma omp parallel num_threads(4)
#pragma omp single
    size = omp_get_num_threads();
  }
  EXPECT(size == 3 && inside == 3 && omp_get_thread_limit() == INT_MAX);
  printf("lowered: %d threads, limit %d inside\n", size, inside);
}

static void concurrent(void)
{
  int wrong_size = 0, wrong_limit = 0;
#pragma omp parallel num_threads(2) reduction(+: wrong_size, wrong_limit)
  for (int rep = 0; rep < 200; rep++) {
    int size = 0;
#pragma omp target map(tofrom: size) thread_limit(2)
#pragma omp parallel num_threads(2)
#pragma omp single
    size = omp_get_num_threads();
    wrong_size += size != 2;
    wrong_limit += omp_get_thread_limit() != INT_MAX;
  }
  EXPECT(wrong_size == 0 && wrong_limit == 0);
  printf("concurrent: %d regions of another size, %d other limits\n", wrong_size, wrong_limit);
}

static void teams(void)
{
  int size[2] = {0, 0}, limit[2] = {0, 0};
#pragma omp teams num_teams(2) thread_limit(2)
  {
    const int team = omp_get_team_num();
#pragma omp parallel num_threads(4)
#pragma omp single
    {
      size[team] = omp_get_num_threads();
      limit[team] = omp_get_thread_limit();
    }
  }
  EXPECT(size[0] == 2 && size[1] == 2 && limit[0] == 2 && limit[1] == 2);
  EXPECT(omp_get_thread_limit() == INT_MAX);
  printf("teams: %d and %d threads, limits %d and %d\n", size[0], size[1], limit[0], limit[1]);
}

static void limited(void)
{
  int outer = 0, inner = 0, limit = 0;
#pragma omp parallel num_threads(3)
  if (omp_get_thread_num() == 1) {
    outer = omp_get_num_threads();
#pragma omp target map(tofrom: inner, limit)
    {
      limit = omp_get_thread_limit();
#pragma omp parallel num_threads(3)
#pragma omp single
      inner = omp_get_num_threads();
    }
  }
  EXPECT(outer == 3 && inner == 3 && limit == 3 && omp_get_thread_limit() == 3);
  printf("limited: %d threads outside, %d inside, limit %d\n", outer, inner, limit);
}

int main(int argc, char **argv)
{
  omp_set_dynamic(0);
  omp_set_max_active_levels(4);
  if (argc > 1 && strcmp(argv[1], "limited") == 0) {
    limited();
    return failures != 0;
  }
  nested();
  lowered();
  concurrent();
  teams();
  return failures != 0;
}
