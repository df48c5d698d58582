// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
//
// omp_in_explicit_task (OpenMP 5.2): 0 outside any region, in the implicit tasks of a region
// (nested too) and in a target region's initial task; 1 in every explicit task: deferred,
// undeferred (if(0)), final and included, a taskloop's, and a task nested in a task; 0 again
// in the implicit tasks of a region that an explicit task starts.

#define TEST_NAME "in_explicit_task.c"
#include "Inputs/check.h"

#include <omp.h>

int main(void)
{
  CHECK(omp_in_explicit_task() == 0, "initial task");
#pragma omp parallel
  {
    CHECK(omp_in_explicit_task() == 0, "implicit task");
#pragma omp parallel num_threads(2)
    CHECK(omp_in_explicit_task() == 0, "nested implicit task");
#pragma omp single
    {
#pragma omp task
      {
        CHECK(omp_in_explicit_task() == 1, "deferred task");
#pragma omp task
        CHECK(omp_in_explicit_task() == 1, "task in a task");
#pragma omp parallel num_threads(2)
        CHECK(omp_in_explicit_task() == 0, "implicit task of a region in a task");
        CHECK(omp_in_explicit_task() == 1, "task after its region");
      }
#pragma omp task if (0)
      CHECK(omp_in_explicit_task() == 1, "undeferred task");
#pragma omp task final(1)
      {
        CHECK(omp_in_explicit_task() == 1, "final task");
#pragma omp task
        CHECK(omp_in_explicit_task() == 1, "included task");
      }
#pragma omp taskloop grainsize(1)
      for (int i = 0; i < 8; i++)
        CHECK(omp_in_explicit_task() == 1, "taskloop task %d", i);
#pragma omp taskwait
      CHECK(omp_in_explicit_task() == 0, "after taskwait");
    }
  }
#pragma omp target
  CHECK(omp_in_explicit_task() == 0, "target region");
#pragma omp task
  CHECK(omp_in_explicit_task() == 1, "task of the initial thread");
  CHECK(omp_in_explicit_task() == 0, "initial task at the end");
  return failures != 0;
}
