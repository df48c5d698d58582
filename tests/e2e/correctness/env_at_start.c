// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t | FileCheck %s
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t.gomp | FileCheck %s
//
// The OMP_* variables count as they were when the program started: OpenMP ignores later changes,
// even the program's own setenv() (OpenMP_VV's test_omp_places sets OMP_PLACES in main), and
// libgomp reads them when it is loaded.  omp2numa read them at its first OpenMP call.
//
// CHECK: team 2, max 2, schedule 1

#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  setenv("OMP_NUM_THREADS", "3", 1);
  setenv("OMP_SCHEDULE", "guided,7", 1);
  int team = 0;
#pragma omp parallel
#pragma omp single
  team = omp_get_num_threads();
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("team %d, max %d, schedule %d\n", team, omp_get_max_threads(),
         kind == omp_sched_guided || chunk == 7 ? 0 : 1);
  return 0;
}
