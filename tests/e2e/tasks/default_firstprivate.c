// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// CLANG-FLAGS: -fopenmp-version=51
//
// `default(firstprivate)` on `task` (OpenMP 5.1 for C; gcc 12 accepts it, clang 16 with
// -fopenmp-version=51): a variable shared in the enclosing context (declared before the region)
// becomes firstprivate in the task, so the task sees its value at creation and its writes stay
// in the task; a variable listed in `shared` is still shared.  File-scope variables are not
// covered by default(firstprivate) (both peers require them listed): one is listed firstprivate.

#include <omp.h>
#include <stdio.h>

static int failures;
static int file_scope = 11;

#define K 20

int main(void)
{
  int team = 5;
  long sum = 0;
#pragma omp parallel shared(team, sum)
#pragma omp single
  {
    for (int k = 0; k < K; k++) {
#pragma omp task default(firstprivate) shared(sum, failures) firstprivate(file_scope)
      {
        if (team != 5 + k || file_scope != 11 + k) {
#pragma omp critical
          {
            printf("FAIL default_firstprivate.c: task %d saw team=%d file_scope=%d\n", k, team,
                   file_scope);
            failures++;
          }
        }
        team = -1;
        file_scope = -1;
#pragma omp atomic
        sum += k;
      }
      team++;
      file_scope++;
    }
#pragma omp taskwait
  }
  if (team != 5 + K || file_scope != 11 + K || sum != K * (K - 1) / 2) {
    printf("FAIL default_firstprivate.c: team=%d file_scope=%d sum=%ld\n", team, file_scope, sum);
    failures++;
  }
  return failures != 0;
}
