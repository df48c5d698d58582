// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// teams and distribute on the host, compared with gcc without an offload device: the league's
// size (num_teams: its upper bound outside a target region, 3 without it; 1 inside one), each
// team's private, firstprivate and reduction copies, thread_limit; a distribute loop's share of
// the iterations per team (one block each, the first teams one iteration more; or chunks dealt
// round robin), with collapse and lastprivate; distribute parallel for [simd] (each team's block
// shared by a parallel for) with reduction and lastprivate; the combined forms from target teams
// distribute parallel for down.  The program checks its own results too.
#include <omp.h>
#include <stdio.h>

#include "Inputs/expect.h"

static void leagues(void) {
  int outside = 0, inside = 0, bounded = 0, counted = 0, seen = 0, first = 5, limit = 0;
#pragma omp teams reduction(+: counted)
  {
    counted++;
    outside = omp_get_num_teams();
  }
#pragma omp target teams map(tofrom: inside)
  inside = omp_get_num_teams();
#pragma omp teams num_teams(2 : 4) reduction(+: seen) firstprivate(first) thread_limit(1)
  {
    first += omp_get_team_num(); // each team's own copy from 5
    seen += first;
    bounded = omp_get_num_teams();
#pragma omp parallel if(0)
    limit = omp_get_thread_limit(); // (gcc: no such call strictly nested in teams)
  }
  EXPECT(outside == 3 && counted == 3 && inside == 1 && bounded == 4 && seen == 26 &&
         first == 5 && limit == 1);
  printf("leagues: outside %d counted %d inside %d bounded %d seen %d limit %d\n", outside,
         counted, inside, bounded, seen, limit);
}

static void shares(void) {
  int owner[10], dealt[10], last = -1, grid[4][5];
#pragma omp teams distribute num_teams(4)
  for (int i = 0; i < 10; i++)
    owner[i] = omp_get_team_num();
#pragma omp teams distribute num_teams(3) dist_schedule(static, 2) lastprivate(last)
  for (int i = 0; i < 10; i++) {
    dealt[i] = omp_get_team_num();
    last = i;
  }
#pragma omp teams distribute collapse(2) num_teams(3)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      grid[i][j] = omp_get_team_num();
  printf("shares: owner");
  for (int i = 0; i < 10; i++)
    printf(" %d", owner[i]);
  printf(" dealt");
  for (int i = 0; i < 10; i++)
    printf(" %d", dealt[i]);
  printf(" last %d grid", last);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      printf(" %d", grid[i][j]);
  printf("\n");
  EXPECT(owner[2] == 0 && owner[3] == 1 && owner[9] == 3 && dealt[2] == 1 && dealt[9] == 1 &&
         last == 9 && grid[0][0] == 0 && grid[3][4] == 2);
}

static void composite(int n) {
  double a[1000];
  long sum = 0, sum2 = 0;
  int last = -1, inner = 0;
#pragma omp target teams distribute parallel for map(tofrom: a) num_teams(4) num_threads(2)
  for (int i = 0; i < n; i++)
    a[i] = i * 0.5;
#pragma omp teams distribute parallel for simd reduction(+: sum) num_teams(3) lastprivate(last)
  for (int i = 0; i < n; i++) {
    sum += (long)(a[i] * 2);
    last = i;
  }
#pragma omp target teams distribute reduction(+: sum2) num_teams(5)
  for (int i = 0; i < n; i++)
    sum2 += i;
#pragma omp target teams num_teams(2) map(tofrom: inner)
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    inner++;
  }
  EXPECT(sum == (long)n * (n - 1) / 2 && sum2 == sum && last == n - 1 && inner == 4);
  printf("composite: sum %ld sum2 %ld last %d inner %d\n", sum, sum2, last, inner);
}

int main(void) {
  leagues();
  shares();
  composite(1000);
  printf("failures: %d\n", failures);
  return failures != 0;
}
