// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror -DLARGE=65536 %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Reductions over variable-length arrays and their sections: a whole one (reduction(+: v)), a
// section with a variable length (v[1:n - 2]), a variable-length array of arrays of constant size
// (m[n][4], whole and as m[1:2][:]), with a declare reduction, on parallel, for, parallel for and
// sections; and a 12 MB section, whose private copies must not be on the threads' stacks.  Each
// result is checked against the serial computation; the output is compared with gcc -fopenmp's
// (whose private copies of sections are on the stack: it runs the large case with 256 KB).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Inputs/check.h"

struct acc { long n, sum; };
#pragma omp declare reduction(acc : struct acc : omp_out.n += omp_in.n, omp_out.sum += omp_in.sum)

static void small(int n) {
  long v[n], sv[n], w[n], sw[n];
  int m[n][4], sm[n][4];
  struct acc a[n], sa[n];
  for (int i = 0; i < n; i++) {
    v[i] = sv[i] = i;
    w[i] = sw[i] = 1000 + i;
    a[i].n = sa[i].n = a[i].sum = sa[i].sum = 0;
    for (int j = 0; j < 4; j++)
      m[i][j] = sm[i][j] = i * j;
  }
#pragma omp parallel for reduction(+ : v) reduction(max : w[1:n - 2]) reduction(acc : a)
  for (int i = 0; i < 1000; i++) {
    v[i % n] += i;
    if (w[1 + i % (n - 2)] < 1000 + i % 37)
      w[1 + i % (n - 2)] = 1000 + i % 37;
    a[i % n].n++, a[i % n].sum += i;
  }
  for (int i = 0; i < 1000; i++) {
    sv[i % n] += i;
    if (sw[1 + i % (n - 2)] < 1000 + i % 37)
      sw[1 + i % (n - 2)] = 1000 + i % 37;
    sa[i % n].n++, sa[i % n].sum += i;
  }
  CHECK(memcmp(v, sv, sizeof v) == 0, "whole VLA");
  CHECK(memcmp(w, sw, sizeof w) == 0, "VLA section");
  CHECK(memcmp(a, sa, sizeof a) == 0, "VLA of structs");

  int threads = 0;
#pragma omp parallel reduction(+ : m) reduction(+ : threads)
  {
    threads++;
    m[n - 1][3] += 1;
  }
  sm[n - 1][3] += threads;
#pragma omp parallel
#pragma omp for reduction(* : m[1:2][:])
  for (int i = 0; i < 8; i++)
    m[1 + i % 2][i / 2] *= 2;
  for (int i = 0; i < 8; i++)
    sm[1 + i % 2][i / 2] *= 2;
  CHECK(memcmp(m, sm, sizeof m) == 0, "VLA of arrays, whole and a section");

  long s[n];
  memset(s, 0, sizeof s);
#pragma omp parallel sections reduction(+ : s)
  {
    s[0] += 1;
#pragma omp section
    s[n - 1] += 2;
  }
  CHECK(s[0] == 1 && s[n - 1] == 2, "sections");
  printf("%d: %ld %ld %ld %d %ld\n", n, v[n - 1], w[1], a[0].sum, m[2][3], s[n - 1]);
}

static void large(size_t n) {
  int *h = calloc(n, sizeof *h); /* 12 MB: no thread's stack holds a copy */
#pragma omp parallel for reduction(+ : h[0:n])
  for (int i = 0; i < 100000; i++)
    h[(size_t)i * 7919 % n] += 1;
  long total = 0;
  for (size_t i = 0; i < n; i++)
    total += h[i];
  CHECK(total == 100000, "12 MB section");
  printf("large %ld\n", total);
  free(h);
}

int main(void) {
  for (int n = 3; n <= 9; n += 3)
    small(n);
#ifndef LARGE
#define LARGE (3 << 20)
#endif
  large(LARGE);
  if (failures)
    printf("%d failures\n", failures);
  return failures != 0;
}
