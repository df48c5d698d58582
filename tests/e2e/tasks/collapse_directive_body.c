// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
//
// The body of a collapsed nest's innermost loop may be a construct itself (a taskloop, a task,
// a nested parallel loop): the directive is part of the body, not something between the loops
// (libgomp's task-reduction-8.c has a taskloop under `for collapse(3)`).  Every (q, i) pair runs
// exactly once, through each kind of body.
#include <omp.h>
#include <stdio.h>

enum { Q = 6, N = 8 };

int main(void)
{
  int hits[3][Q][N] = {{{0}}};
  int one = 1;
#pragma omp parallel
  {
#pragma omp for collapse(3) schedule(dynamic, 1)
    for (int a = 0; a < one; a++)
      for (int q = 0; q < Q; q++)
        for (int b = 0; b < one; b++)
#pragma omp taskloop nogroup
          for (int i = 0; i < N; i++) {
#pragma omp atomic
            hits[0][q][i]++;
          }
#pragma omp for collapse(2)
    for (int q = 0; q < Q; q++)
      for (int i = 0; i < N; i++)
#pragma omp task
      {
#pragma omp atomic
        hits[1][q][i]++;
      }
#pragma omp single
    for (int q = 0; q < Q; q++)
      for (int i = 0; i < N; i++)
        hits[2][q][i] = 0;
#pragma omp for collapse(2)
    for (int q = 0; q < Q; q++)
      for (int r = 0; r < 1; r++)
#pragma omp parallel for num_threads(2)
        for (int i = 0; i < N; i++) {
#pragma omp atomic
          hits[2][q][i]++;
        }
  }
  int bad = 0;
  for (int k = 0; k < 3; k++)
    for (int q = 0; q < Q; q++)
      for (int i = 0; i < N; i++)
        if (hits[k][q][i] != 1) {
          fprintf(stderr, "collapse_directive_body: body %d ran (%d, %d) %d times\n", k, q, i,
                  hits[k][q][i]);
          bad = 1;
        }
  return bad;
}
