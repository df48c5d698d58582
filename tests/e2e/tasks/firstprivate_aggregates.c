// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Aggregates captured by a task: the whole object is copied at task creation.
//  - a fixed-size local array, implicitly firstprivate (a local of the region) and explicitly
//    `firstprivate(a)`: the creator rewrites the array after each task creation, and each task
//    must see the contents of its own creation time in every element;
//  - a 2-D fixed-size array the same way;
//  - a struct holding an array and a pointer: the members are copied, the pointee is not;
//  - a pointer: firstprivate copies the address, so writes through it reach the shared target;
//  - the task's writes to its copies never reach the originals.
// Variable-length arrays are in firstprivate_vla.c (clang 16 rejects them on task).

#define TEST_NAME "firstprivate_aggregates.c"
#define V_LEN 37
#define M_ROWS 5
#define M_COLS 7
#include "Inputs/firstprivate_run.h"

int main(void)
{
#pragma omp parallel
  run(V_LEN, M_ROWS, M_COLS);
  run(V_LEN, M_ROWS, M_COLS); /* outside any parallel region */
  return failures != 0;
}
