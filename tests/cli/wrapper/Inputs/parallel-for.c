// A self-checking OpenMP program: exit status 0 when the loop's reduction is right and the team
// has OMP_NUM_THREADS threads.  "wrapper-test.h" is found next to this file, as for the original.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "wrapper-test.h"

int main(void) {
  long sum = 0;
#pragma omp parallel for reduction(+:sum)
  for (int i = 1; i <= 1000; i++)
    sum += i;

  int team = 0;
#pragma omp parallel reduction(+:team)
  team += 1;

  const char *env = getenv("OMP_NUM_THREADS");
  int expected = env ? atoi(env) : omp_get_max_threads();
#ifdef _OPENMP
  int openmp = _OPENMP;
#else
  int openmp = 0;
#endif
  printf("sum=%ld max_threads=%d team=%d openmp=%d header=%d\n", sum, omp_get_max_threads(),
         team, openmp, WRAPPER_TEST_H);
  return !(sum == 500500 && omp_get_max_threads() == expected && team == expected);
}
