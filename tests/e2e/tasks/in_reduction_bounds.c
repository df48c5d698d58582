// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (libomp 16 crashes on these in_reduction tasks at 2 and 4 threads)
//
// in_reduction over sections whose bounds name a variable that the enclosing region shares:
// a parameter n that the type of g (int g[1][n]) and the bounds name, inside `parallel masked
// taskgroup task_reduction`, then set to 0 by the generating task after it created the tasks
// (libgomp's task-reduction-1.c does so).  Each task's section is g[0][1:n] as n was when the
// task was created; 64 tasks multiply its elements and add to a section of a pointer's elements,
// and the results are checked against the serial computation.  The same outside any region.
#define TEST_NAME "in_reduction_bounds.c"
#include "Inputs/check.h"

enum { N = 3, TASKS = 64 };

static void reduce(int n, int g[1][n + 1], long *p, int in_parallel)
{
#pragma omp parallel if (in_parallel)
#pragma omp masked
#pragma omp taskgroup task_reduction(*: g[0][1:n]) task_reduction(+: p[n:n])
  {
    for (int t = 0; t < TASKS; t++) {
#pragma omp task in_reduction(*: g[0][1:n]) in_reduction(+: p[n:n]) firstprivate(t)
      {
        g[0][1 + t % N] *= 2;
        p[N + t % N] += t;
      }
    }
    n = 0;
  }
}

static void check_results(int g[1][N + 1], const long *p, const char *where)
{
  int want_g[N + 1] = {7, 1, 1, 1};
  long want_p[2 * N] = {0};
  for (int t = 0; t < TASKS; t++) {
    want_g[1 + t % N] *= 2;
    want_p[N + t % N] += t;
  }
  for (int i = 0; i <= N; i++)
    CHECK(g[0][i] == want_g[i], "%s: g[0][%d] = %d, want %d", where, i, g[0][i], want_g[i]);
  for (int i = 0; i < 2 * N; i++)
    CHECK(p[i] == want_p[i], "%s: p[%d] = %ld, want %ld", where, i, p[i], want_p[i]);
}

int main(void)
{
  for (int in_parallel = 1; in_parallel >= 0; in_parallel--) {
    int g[1][N + 1] = {{7, 1, 1, 1}};
    long p[2 * N] = {0};
    reduce(N, g, p, in_parallel);
    check_results(g, p, in_parallel ? "in a region" : "outside any region");
  }
  return failures != 0;
}
