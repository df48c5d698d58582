// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Loops shared by a league's teams and their threads, compared with gcc without an offload
// device: distribute parallel for [simd] with dist_schedule(static, chunk) (the chunks dealt
// round robin to the teams, each shared by the team's threads under the loop's own schedule),
// with trip counts that are 0, below the chunk or not a multiple of it, collapse, reductions and
// lastprivate (the last chunk overall); teams loop and target teams loop (gcc 12: teams
// distribute parallel for), and loop bind(teams) or without bind in a teams region (each team's
// block).  Which team ran each iteration is printed; the program checks its own results against
// the serial loop.
#include <omp.h>
#include <stdio.h>

#include "Inputs/expect.h"

#define N 100

/* Prints which team ran each iteration of owner[0..n), and checks it: chunk c of the loop went
   to team c % teams, and no iteration beyond n ran. */
static void check_owners(const char *what, const int *owner, int n, int chunk, int teams) {
  printf("%s:", what);
  for (int i = 0; i < N; i++) {
    EXPECT(owner[i] == (i < n ? i / chunk % teams : -1));
    if (i < n)
      printf(" %d", owner[i]);
  }
  printf("\n");
}

static void chunked(int n, int chunk) {
  int owner[N];
  long sum = 0;
  int last = -1, j = -1;
  for (int i = 0; i < N; i++)
    owner[i] = -1;
#pragma omp teams distribute parallel for num_teams(3) dist_schedule(static, chunk) reduction(+: sum) lastprivate(last, j) schedule(dynamic, 2)
  for (j = 0; j < n; j++) {
    owner[j] = omp_get_team_num();
    sum += j;
    last = j;
  }
  // (With no iteration gcc 12 writes its uninitialised copies back: no lastprivate then.)
  EXPECT(sum == (long)n * (n - 1) / 2 && (n == 0 || (last == n - 1 && j == n)));
  printf("chunk %d n %d: sum %ld last %d j %d\n", chunk, n, sum, n ? last : 0, n ? j : 0);
  check_owners("  owners", owner, n, chunk, 3);
}

static void chunked_simd_collapse(void) {
  int grid[10][10], rows = 0;
  long sum = 0;
#pragma omp target teams distribute parallel for simd num_teams(4) dist_schedule(static, 7) collapse(2) reduction(+: sum) map(tofrom: grid)
  for (int i = 0; i < 10; i++)
    for (int k = 0; k < 10; k++) {
      grid[i][k] = omp_get_team_num();
      sum += i * 10 + k;
    }
  for (int i = 0; i < 10; i++)
    for (int k = 0; k < 10; k++)
      rows += grid[i][k] == (i * 10 + k) / 7 % 4;
  EXPECT(sum == 4950 && rows == 100);
  printf("collapse: sum %ld right %d\n", sum, rows);
}

/* A loop construct's body calls no OpenMP routine (order(concurrent)): each team's number is
   read before its loop. */
static void loops_of_teams(void) {
  int i = -1, bound[N];
  long sum = 0, sum2 = 0;
#pragma omp teams loop num_teams(4) reduction(+: sum) lastprivate(i)
  for (i = 0; i < 90; i++)
    sum += i;
  EXPECT(sum == 4005 && i == 90);
#pragma omp target teams loop num_teams(2) map(tofrom: sum2) reduction(+: sum2)
  for (int k = 0; k < N; k++)
    sum2 += k;
  EXPECT(sum2 == 4950);
  printf("teams loop: sum %ld i %d sum2 %ld\n", sum, i, sum2);
#pragma omp teams num_teams(5)
  {
    const int team = omp_get_team_num();
#pragma omp loop bind(teams)
    for (int k = 0; k < 50; k++)
      bound[k] = team;
#pragma omp loop
    for (int k = 50; k < N; k++)
      bound[k] = team + 10;
  }
  printf("loop bind(teams):");
  for (int k = 0; k < N; k++) {
    EXPECT(bound[k] == (k < 50 ? k / 10 : 10 + (k - 50) / 10));
    printf(" %d", bound[k]);
  }
  printf("\n");
}

int main(void) {
  const int counts[] = {0, 2, 21, 30, 97};
  for (int c = 0; c < 5; c++)
    chunked(counts[c], 5);
  chunked(N, 1);
  chunked(40, 64);
  chunked_simd_collapse();
  loops_of_teams();
  printf("failures: %d\n", failures);
  return failures != 0;
}
