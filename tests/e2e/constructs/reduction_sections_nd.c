// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Reductions over array sections of several dimensions (contiguous, as OpenMP requires): of an
// array (x[1:2][:][0:2]), of a pointer to arrays with a negative lower bound (p[-1:1][1:2]), a
// row (a[i][0:n]), a section through a parameter declared as an array with a variable lower
// bound (long w[][3]), and a section of structs with a declare reduction.  The elements around each
// section must keep their values; each result is checked against the serial computation and the
// output compared with gcc -fopenmp's.
#include <stdio.h>
#include <string.h>

#include "Inputs/check.h"

#define N 600

struct pair { int lo, hi; };
#pragma omp declare reduction(+ : struct pair : omp_out.lo += omp_in.lo, omp_out.hi += omp_in.hi)

static void through_parameter(long w[][3], int lb) {
#pragma omp parallel for reduction(* : w[lb:2][0:3])
  for (int i = 0; i < 12; i++)
    w[lb + i % 2][(i / 2) % 3] *= 2;
}

int main(void) {
  int x[4][3][2], sx[4][3][2];
  for (int i = 0; i < 4 * 3 * 2; i++)
    (&x[0][0][0])[i] = (&sx[0][0][0])[i] = i;
#pragma omp parallel for reduction(+ : x[1:2][:][0:2])
  for (int i = 0; i < N; i++)
    x[1 + i % 2][(i / 2) % 3][i % 2] += i;
  for (int i = 0; i < N; i++)
    sx[1 + i % 2][(i / 2) % 3][i % 2] += i;
  CHECK(memcmp(x, sx, sizeof x) == 0, "x[1:2][:][0:2]");

  int a[5][4], sa[5][4];
  for (int i = 0; i < 20; i++)
    (&a[0][0])[i] = (&sa[0][0])[i] = 100 + i;
  int (*p)[4] = &a[2];
#pragma omp parallel for reduction(max : p[-1:1][1:2])
  for (int i = 0; i < N; i++)
    if (100 + i % 97 > p[-1][1 + i % 2])
      p[-1][1 + i % 2] = 100 + i % 97;
  for (int i = 0; i < N; i++)
    if (100 + i % 97 > sa[1][1 + i % 2])
      sa[1][1 + i % 2] = 100 + i % 97;
  CHECK(memcmp(a, sa, sizeof a) == 0, "p[-1:1][1:2] through a pointer to arrays");

  long row[3][6] = {{0}}, srow[3][6] = {{0}};
  const int r = 2, n = 5;
#pragma omp parallel for reduction(+ : row[r][0:n])
  for (int i = 0; i < N; i++)
    row[r][i % n] += i;
  for (int i = 0; i < N; i++)
    srow[r][i % n] += i;
  CHECK(memcmp(row, srow, sizeof row) == 0, "row[r][0:n]");

  long w[4][3], sw[4][3];
  for (int i = 0; i < 12; i++)
    (&w[0][0])[i] = (&sw[0][0])[i] = i + 1;
  through_parameter(w, 1);
  for (int i = 0; i < 12; i++)
    sw[1 + i % 2][(i / 2) % 3] *= 2;
  CHECK(memcmp(w, sw, sizeof w) == 0, "w[lb:2][1:2] through a parameter");

  struct pair g[3][3] = {{{0, 0}}}, sg[3][3] = {{{0, 0}}};
#pragma omp parallel for reduction(+ : g[1:2][0:])
  for (int i = 0; i < N; i++) {
    g[1 + i % 2][(i / 2) % 3].lo += 1;
    g[1 + i % 2][(i / 2) % 3].hi += i;
  }
  for (int i = 0; i < N; i++) {
    sg[1 + i % 2][(i / 2) % 3].lo += 1;
    sg[1 + i % 2][(i / 2) % 3].hi += i;
  }
  CHECK(memcmp(g, sg, sizeof g) == 0, "g[1:2][0:] of structs");

  printf("%d %d %ld %ld %d\n", x[2][2][1], a[2][2], row[2][4], w[2][2], g[2][2].hi);
  if (failures)
    printf("%d failures\n", failures);
  return failures != 0;
}
