// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Reductions over whole arrays of constant size (every dimension) and over array sections of
// arrays and pointers (a[lb:len], a[:len], a[lb:], a[i]) reduce element by element: on parallel,
// for, parallel for, sections, a task's in_reduction with the taskgroup's task_reduction, and a
// taskloop.  Each result is checked against the serial computation; the output is compared with
// gcc -fopenmp's.
#include <stdio.h>
#include <stdlib.h>

static int failures;
#define CHECK(ok, what)                                                                            \
  do {                                                                                             \
    if (!(ok)) {                                                                                   \
      printf("FAIL reduction_arrays.c:%d: %s\n", __LINE__, what);                                 \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

enum { N = 1000, B = 8 };

int main(void)
{
  int hist[B] = {1, 1, 1, 1, 1, 1, 1, 1}, want[B];
  double grid[2][3] = {{0}};
  long prod[2] = {1, 1};
  int mx[3] = {-100, -100, -100};
  for (int k = 0; k < B; k++)
    want[k] = 1 + N / B;
#pragma omp parallel for reduction(+: hist, grid) reduction(*: prod) reduction(max: mx)
  for (int i = 0; i < N; i++) {
    hist[i % B]++;
    grid[i % 2][i % 3] += 0.5;
    if (i < 20)
      prod[i % 2] *= 2;
    if (mx[i % 3] < i)
      mx[i % 3] = i;
  }
  for (int k = 0; k < B; k++)
    CHECK(hist[k] == want[k], "whole array +");
  CHECK(grid[1][2] == 83.0 && grid[0][0] == 83.5, "two-dimensional array +");
  CHECK(prod[0] == 1024 && prod[1] == 1024, "array *");
  CHECK(mx[0] == 999 && mx[1] == 997 && mx[2] == 998, "array max");

  int n = 10;
  int *p = calloc(n, sizeof *p);
  long a[6] = {0};
  int c[6] = {0}, one[4] = {0};
#pragma omp parallel
  {
#pragma omp for reduction(+: p[0:n], a[2:3])
    for (int i = 0; i < N; i++) {
      p[i % n] += 1;
      a[2 + i % 3] += 2;
    }
#pragma omp sections reduction(+: c[2:], one[1])
    {
#pragma omp section
      c[2] += 1, one[1] += 5;
#pragma omp section
      c[5] += 2, one[1] += 5;
    }
  }
  CHECK(p[0] == 100 && p[9] == 100, "pointer section");
  CHECK(a[2] == 668 && a[3] == 666 && a[4] == 666 && a[1] == 0 && a[5] == 0, "array section");
  CHECK(c[2] == 1 && c[5] == 2 && c[0] == 0 && one[1] == 10, "open section, one element");

  int t_arr[4] = {0}, t_sec[4] = {0};
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: t_arr, t_sec[0:2])
    for (int t = 0; t < 10; t++) {
#pragma omp task in_reduction(+: t_arr, t_sec[0:2])
      {
        t_arr[t % 4] += t;
        t_sec[t % 2] += 1;
      }
    }
#pragma omp taskloop reduction(+: t_arr) grainsize(3)
    for (int t = 0; t < 10; t++)
      t_arr[t % 4] += 1;
  }
  CHECK(t_arr[0] == 15 && t_arr[1] == 18 && t_arr[3] == 12, "task and taskloop array reductions");
  CHECK(t_sec[0] == 5 && t_sec[1] == 5 && t_sec[2] == 0, "task section reduction");

  printf("%d %d %g %ld %d %d %ld %d %d %d %d\n", hist[0], hist[7], grid[1][2], prod[1], mx[0],
         p[3], a[3], c[5], one[1], t_arr[2], t_sec[1]);
  free(p);
  return failures != 0;
}
