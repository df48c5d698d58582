// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// An orphaned distribute (GCC's target-35.c: in a declare target function), as gcc runs it on
// the host: called in a teams region, each team runs its own chunks of the loop, so the league
// covers every iteration once; called outside one, the one initial thread runs them all.
#include <omp.h>
#include <stdio.h>

#include "Inputs/expect.h"

enum { N = 64 };

#pragma omp declare target
static void deal(int *owner, int chunk)
{
  if (chunk > 0) {
#pragma omp distribute dist_schedule(static, 2)
    for (int i = 0; i < N; i++)
      owner[i] += omp_get_team_num() + 1;
  } else {
#pragma omp distribute
    for (int i = 0; i < N; i++)
      owner[i] += omp_get_team_num() + 1;
  }
}
#pragma omp end declare target

int main(void)
{
  for (int chunk = 0; chunk <= 2; chunk += 2) {
    int owner[N] = {0};
#pragma omp teams num_teams(4)
    deal(owner, chunk);
    int teams_seen = 0;
    for (int i = 0; i < N; i++) {
      EXPECT(owner[i] >= 1 && owner[i] <= 4);
      teams_seen |= 1 << owner[i];
    }
    printf("chunk %d: first %d %d %d, last %d, teams %#x\n", chunk, owner[0], owner[1], owner[2],
           owner[N - 1], teams_seen);
  }
  int alone[N] = {0};
  deal(alone, 0);
  for (int i = 0; i < N; i++)
    EXPECT(alone[i] == 1);
  printf("outside teams: %d .. %d\n", alone[0], alone[N - 1]);
  return failures != 0;
}
