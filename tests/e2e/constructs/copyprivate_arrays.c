// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile -Wall -Wextra -Werror %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// copyprivate of arrays: the thread that ran the single block hands its array to every other
// thread's copy, whole (an array of ints, a two-dimensional array of doubles, an array of
// structs, a variable-length array, a threadprivate array), next to a scalar in the same clause.
// Each thread checks every element of its copy after the single, many times over.
#include <omp.h>
#include <stdio.h>

#include "../correctness/Inputs/expect.h"

struct point {
  int x, y;
};

static int table[6];
#pragma omp threadprivate(table)

static void arrays(int n)
{
  int bad = 0;
#pragma omp parallel reduction(+: bad)
  for (int round = 0; round < 50; round++) {
    int ints[5];
    double grid[3][4];
    struct point pts[2];
    double vla[n];
    int tag;
#pragma omp single copyprivate(ints, grid, pts, vla, tag, table)
    {
      tag = omp_get_thread_num() + 100 * round;
      for (int i = 0; i < 5; i++)
        ints[i] = tag + i;
      for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
          grid[i][j] = tag * 0.5 + i * 4 + j;
      pts[0] = (struct point){tag, -tag};
      pts[1] = (struct point){2 * tag, 3};
      for (int i = 0; i < n; i++)
        vla[i] = tag + i / 8.0;
      for (int i = 0; i < 6; i++)
        table[i] = tag * i;
    }
    for (int i = 0; i < 5; i++)
      bad += ints[i] != tag + i;
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 4; j++)
        bad += grid[i][j] != tag * 0.5 + i * 4 + j;
    bad += pts[0].x != tag || pts[0].y != -tag || pts[1].x != 2 * tag || pts[1].y != 3;
    for (int i = 0; i < n; i++)
      bad += vla[i] != tag + i / 8.0;
    for (int i = 0; i < 6; i++)
      bad += table[i] != tag * i;
  }
  EXPECT(bad == 0);
  printf("copyprivate arrays: %d wrong elements\n", bad);
}

int main(void)
{
  arrays(37);
  return failures != 0;
}
