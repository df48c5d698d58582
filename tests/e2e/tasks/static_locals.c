// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: clang
//
// Block-scope static variables are predetermined shared, also in a task: a static scalar and a
// static array declared inside the parallel region (in a `single`) and inside a function called
// by a task are written by tasks, and the creator sees the writes after taskwait.
// gcc 12 copies block-scope statics (scalar and array) declared inside the region into the task,
// as if they were firstprivate (the creator sees no write), so this program is checked against
// clang only.

#include <omp.h>
#include <stdio.h>

static int failures;

static int bump(void)
{
  static int calls[2];
#pragma omp atomic
  calls[0]++;
  int v;
#pragma omp atomic read
  v = calls[0];
  return v;
}

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    static int arr[8];
    static long scalar;
    for (int k = 0; k < 8; k++) {
#pragma omp task
      {
        arr[k] += k + 1;
#pragma omp atomic
        scalar += k;
      }
    }
#pragma omp taskwait
    for (int k = 0; k < 8; k++)
      if (arr[k] != k + 1) {
        printf("FAIL static_locals.c: arr[%d] = %d, want %d\n", k, arr[k], k + 1);
        failures++;
      }
    if (scalar != 28) {
      printf("FAIL static_locals.c: scalar = %ld, want 28\n", scalar);
      failures++;
    }
    for (int k = 0; k < 10; k++) {
#pragma omp task
      bump();
    }
#pragma omp taskwait
    int v = bump();
    if (v != 11) {
      printf("FAIL static_locals.c: function-static counter %d, want 11\n", v);
      failures++;
    }
  }
  return failures != 0;
}
