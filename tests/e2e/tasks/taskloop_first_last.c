// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16 writes none of the lastprivate values back)
//
// A variable both firstprivate and lastprivate on a taskloop: every task starts from the value
// the variable had where the taskloop was encountered, even a task that starts after the task
// of the last iteration has written the last value back (libgomp's taskloop-3.c: the tasks ran
// newest first, and 19 of 20 runs saw the written-back value).  Scalars, a file-scope variable,
// a struct and an array; many small tasks, so that they run in every order.
#include <omp.h>
#include <stdio.h>

struct pair { int a, b; };
int g;
static int bad;

static void note_bad(void)
{
#pragma omp atomic write
  bad = 1;
}

int main(void)
{
  int x = 74;
  struct pair p = {1, 2};
  int arr[3] = {5, 6, 7};
  g = 77;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop firstprivate(x, g, p, arr) lastprivate(x, g, p, arr) grainsize(1)
    for (int i = 0; i < 200; i++) {
      if (x != 74 || g != 77 || p.a != 1 || p.b != 2 || arr[0] != 5 || arr[2] != 7)
        note_bad();
      if (i == 199) {
        x = i + 4;
        g = i + 9;
        p.b = i;
        arr[2] = -i;
      }
    }
  }
  if (bad || x != 203 || g != 208 || p.a != 1 || p.b != 199 || arr[0] != 5 || arr[2] != -199) {
    fprintf(stderr, "taskloop_first_last: bad %d, x %d, g %d, p {%d, %d}, arr {%d, %d}\n", bad, x,
            g, p.a, p.b, arr[0], arr[2]);
    return 1;
  }
  return 0;
}
