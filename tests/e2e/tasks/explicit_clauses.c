// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Explicit data-sharing clauses on `task`:
//  - private(p): the task's p is a new variable; its writes never reach the original;
//  - firstprivate(f): initialised from the original at task creation (the creator changes the
//    original right after), writes stay in the task;
//  - shared(s): the task writes the creator's variable, visible after taskwait;
//  - default(shared): a local of the region (firstprivate by default) becomes shared;
//  - default(none) with every referenced variable listed (a file-scope array, a local shared
//    counter, a firstprivate index);
//  - a variable that is shared by default (declared before the region) listed firstprivate.
// Each thread of the team runs the same checks on its own locals.

#define TEST_NAME "explicit_clauses.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define K 32
static int table[64 * K];

int main(void)
{
  int team_var = 3; /* shared by the team */
  long team_sum = 0;

#pragma omp parallel shared(team_var, team_sum)
  {
    int tid = omp_get_thread_num();
    int p = 100 + tid, f = 200 + tid, s = 0, d = 0;
    long count = 0;

    for (int k = 0; k < K; k++) {
#pragma omp task private(p)
      {
        p = -k; /* its own p */
        CHECK(p == -k, "private p not writable");
      }
#pragma omp task firstprivate(f)
      {
        CHECK(f == 200 + tid + k, "firstprivate f=%d, want %d", f, 200 + tid + k);
        f = -1;
      }
      f++;
#pragma omp task shared(s)
      {
#pragma omp atomic
        s += k;
      }
#pragma omp task default(shared)
      {
#pragma omp atomic
        d += 1;
      }
      if (tid < 64) {
#pragma omp task default(none) shared(table, count) firstprivate(k, tid)
        {
          table[tid * K + k] = k + 1;
#pragma omp atomic
          count++;
        }
      }
#pragma omp task firstprivate(team_var)
      {
        CHECK(team_var == 3, "firstprivate of a team-shared var: %d", team_var);
        team_var = -7; /* the task's copy only */
      }
    }
#pragma omp taskwait
    CHECK(p == 100 + tid, "a private copy's write reached p: %d", p);
    CHECK(f == 200 + tid + K, "a firstprivate copy's write reached f: %d", f);
    CHECK(s == K * (K - 1) / 2, "shared s=%d, want %d", s, K * (K - 1) / 2);
    CHECK(d == K, "default(shared) d=%d, want %d", d, K);
    if (tid < 64) {
      CHECK(count == K, "default(none) count=%ld", count);
      for (int k = 0; k < K; k++)
        CHECK(table[tid * K + k] == k + 1, "table[%d][%d]=%d", tid, k, table[tid * K + k]);
    }
#pragma omp atomic
    team_sum += s;
  }
  CHECK(team_var == 3, "team_var changed to %d", team_var);
  CHECK(team_sum == (long)omp_get_max_threads() * K * (K - 1) / 2, "team_sum %ld", team_sum);
  return failures != 0;
}
