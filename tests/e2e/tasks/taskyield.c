// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// `taskyield` is a task scheduling point: the runtime may switch to another task there, or do
// nothing.  No program may rely on either, so this checks that results stay right when tasks
// yield often:
//  - 400 tasks that each yield 10 times inside their work and accumulate into their own slot
//    and (atomically) a shared sum; tied and untied;
//  - tasks that take an OpenMP lock with omp_test_lock and taskyield between attempts (the
//    lock's holder never yields while holding it, so the loop ends whatever taskyield does);
//  - taskyield in an implicit task, outside any region, and in a final (included) task.

#define TEST_NAME "taskyield.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>

#define K 400
static long slot[K], guarded;
static long sum;

int main(void)
{
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp taskyield
#pragma omp parallel
  {
#pragma omp taskyield
#pragma omp single
    {
      for (int k = 0; k < K; k++) {
        if (k % 2) {
#pragma omp task untied
          for (int r = 0; r < 10; r++) {
            slot[k] += r;
#pragma omp taskyield
#pragma omp atomic
            sum += 1;
          }
        } else {
#pragma omp task
          for (int r = 0; r < 10; r++) {
            slot[k] += r;
#pragma omp taskyield
#pragma omp atomic
            sum += 1;
          }
        }
      }
      for (int k = 0; k < 100; k++) {
#pragma omp task
        {
          while (!omp_test_lock(&lock)) {
#pragma omp taskyield
          }
          long v = guarded; /* under the lock */
          guarded = v + 1;
          omp_unset_lock(&lock);
        }
      }
#pragma omp task final(1)
      {
#pragma omp task
        {
#pragma omp taskyield
#pragma omp atomic
          sum += 1000;
        }
      }
    }
  }
  int bad = 0;
  for (int k = 0; k < K; k++)
    bad += slot[k] != 45;
  CHECK(!bad, "%d tasks' slots wrong", bad);
  CHECK(sum == 10L * K + 1000, "sum %ld, want %ld", sum, 10L * K + 1000);
  CHECK(guarded == 100, "lock-guarded counter %ld", guarded);
  omp_destroy_lock(&lock);
  return failures != 0;
}
