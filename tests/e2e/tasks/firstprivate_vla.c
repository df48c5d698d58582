// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// PEERS: gcc
//
// Variable-length arrays captured by a task (the fixed-size cases are in
// firstprivate_aggregates.c).  gcc copies a VLA into a task; clang 16 rejects VLAs in a task's
// firstprivate ("cannot be of variably-modified type"), so this program is checked against gcc
// only.  Sizes are known only at run time (from argc):
//  - a 1-D and a 2-D VLA, implicitly firstprivate (locals of the region) and explicitly
//    `firstprivate(v, m)`: the creator rewrites them after each task creation, and each task
//    must see the contents of its own creation time in every element; the task's writes never
//    reach the originals;
//  - together with a fixed array, a struct and a pointer in the same task;
//  - a VLA declared in a task and captured by its child tasks.

#define TEST_NAME "firstprivate_vla.c"
#define V_LEN n
#define M_ROWS rows
#define M_COLS cols
#include "Inputs/firstprivate_run.h"

int main(int argc, char **argv)
{
  (void)argv;
  int n = 37 + argc, rows = 5 + argc, cols = 7 + argc; /* run-time sizes */
#pragma omp parallel
  run(n, rows, cols);
  run(n, rows, cols); /* outside any parallel region */
#pragma omp parallel
#pragma omp single
  {
    /* Tasks created in one task, captured from a VLA of that task. */
    int len = n;
#pragma omp task
    {
      double w[len];
      for (int i = 0; i < len; i++)
        w[i] = i;
      for (int k = 0; k < K; k++) {
#pragma omp task
        {
          double s = 0;
          for (int i = 0; i < len; i++)
            s += w[i];
          CHECK(s == (double)len * (len - 1) / 2 + (double)k * len, "nested VLA sum %f", s);
        }
        for (int i = 0; i < len; i++)
          w[i] += 1.0;
      }
    }
  }
  return failures != 0;
}
