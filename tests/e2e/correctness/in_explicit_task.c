// REQUIRES: translator
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
//
// omp_in_explicit_task (OpenMP 5.2): 0 outside any region, in the implicit tasks of a region
// (nested too) and in a target region's initial task; 1 in every explicit task: deferred,
// undeferred (if(0)), final and included, a taskloop's, and a task nested in a task; 0 again
// in the implicit tasks of a region that an explicit task starts.  (Not in the tasking corpus,
// which gcc 12 and clang 16 build too: neither has this routine.)

#include "Inputs/expect.h"

#include <omp.h>

int main(void)
{
  EXPECT(omp_in_explicit_task() == 0);
#pragma omp parallel
  {
    EXPECT(omp_in_explicit_task() == 0);
#pragma omp parallel num_threads(2)
    EXPECT(omp_in_explicit_task() == 0);
#pragma omp single
    {
#pragma omp task
      {
        EXPECT(omp_in_explicit_task() == 1);
#pragma omp task
        EXPECT(omp_in_explicit_task() == 1);
#pragma omp parallel num_threads(2)
        EXPECT(omp_in_explicit_task() == 0);
        EXPECT(omp_in_explicit_task() == 1);
      }
#pragma omp task if (0)
      EXPECT(omp_in_explicit_task() == 1);
#pragma omp task final(1)
      {
        EXPECT(omp_in_explicit_task() == 1);
#pragma omp task
        EXPECT(omp_in_explicit_task() == 1);
      }
#pragma omp taskloop grainsize(1)
      for (int i = 0; i < 8; i++)
        EXPECT(omp_in_explicit_task() == 1);
#pragma omp taskwait
      EXPECT(omp_in_explicit_task() == 0);
    }
  }
#pragma omp target
  EXPECT(omp_in_explicit_task() == 0);
#pragma omp task
  EXPECT(omp_in_explicit_task() == 1);
  EXPECT(omp_in_explicit_task() == 0);
  return failures != 0;
}
