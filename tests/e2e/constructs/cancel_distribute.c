// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: env OMP_CANCELLATION=false OMP_NUM_THREADS=4 %o2n-run %t
// gcc warns "'cancel for' inside 'nowait' for construct" (its parallel for in distribute has no
// barrier), a warning no option turns off: no -Werror here.
// RUN: gcc -std=c11 -fopenmp -O1 -Wall %s -o %t.gomp
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// cancel for and cancellation point for in teams distribute parallel for (the nesting tester's
// finding: they were rejected as not nested in a for construct).  A cancel ends the loop of
// the team's block, as in gcc, where each block's loop is a for region of its own: a search
// still finds its key, whether cancellation is enabled or not.

#include <stdio.h>
#include <stdlib.h>

enum { N = 100000 };
static int data[N];

static int search(int key)
{
  int found = -1, visited = 0;
#pragma omp teams distribute parallel for num_teams(2) shared(found, visited)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    visited++;
    if (data[i] == key) {
#pragma omp atomic write
      found = i;
#pragma omp cancel for
    }
#pragma omp cancellation point for
  }
  if (visited < 1 || visited > N) {
    fprintf(stderr, "cancel_distribute.c: visited %d\n", visited);
    exit(1);
  }
  return found;
}

int main(void)
{
  for (int i = 0; i < N; i++)
    data[i] = i;
  const int keys[] = {0, 7, N / 2 + 3, N - 1};
  for (int k = 0; k < 4; k++)
    if (search(keys[k]) != keys[k]) {
      fprintf(stderr, "cancel_distribute.c: key %d not found\n", keys[k]);
      return 1;
    }
  printf("cancel_distribute: ok\n");
  return 0;
}
