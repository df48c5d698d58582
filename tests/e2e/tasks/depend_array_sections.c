// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
//
// Dependences on array sections.  OpenMP requires the sections of sibling tasks to be identical
// or disjoint, so every pattern uses whole blocks:
//  - whole array: a task with depend(out: a[0:N]) fills a, tasks with depend(in: a[0:N]) read
//    it, a task with depend(inout: a[0:N]) rescales it after all readers, then readers again;
//  - blocks of a file-scope array: per block a producer depend(out: b[k*BS:BS]), a transformer
//    depend(inout: b[k*BS:BS]), and a stencil consumer of two neighbouring blocks with two list
//    items depend(in: b[k*BS:BS], b[(k+1)*BS:BS]): every consumer sees both blocks transformed;
//  - sections through a pointer (p[lo:len]) into a heap buffer, with a run-time block length;
//  - the section named by its first element only (depend(out: c[k*BS])) against the same
//    element: the common way to name a block.

#define TEST_NAME "depend_array_sections.c"
#include "Inputs/check.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void spin(int n)
{
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

#define N 4096
#define NB 32
#define BS (N / NB)

static double a[N];
static long b[N], c[N];

int main(int argc, char **argv)
{
  (void)argv;
  int len = 100 + argc; /* a run-time block length */
  long *p = malloc(sizeof(long) * (size_t)len * 8);
  double sums[4] = {0}, sums2[4] = {0};
  long pair[NB], pblk[8];
  long cfirst[NB];

#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: a[0:N])
    {
      spin(100000);
      for (int i = 0; i < N; i++)
        a[i] = i;
    }
    for (int r = 0; r < 4; r++) {
#pragma omp task depend(in: a[0:N]) shared(sums)
      {
        double s = 0;
        for (int i = 0; i < N; i++)
          s += a[i];
        sums[r] = s;
      }
    }
#pragma omp task depend(inout: a[0:N])
    for (int i = 0; i < N; i++)
      a[i] *= 2;
    for (int r = 0; r < 4; r++) {
#pragma omp task depend(in: a[0:N]) shared(sums2)
      {
        double s = 0;
        for (int i = 0; i < N; i++)
          s += a[i];
        sums2[r] = s;
      }
    }

    for (int k = 0; k < NB; k++) {
#pragma omp task depend(out: b[k * BS:BS])
      {
        spin((NB - k) * 2000);
        for (int i = k * BS; i < (k + 1) * BS; i++)
          b[i] = i;
      }
    }
    for (int k = 0; k < NB; k++) {
#pragma omp task depend(inout: b[k * BS:BS])
      {
        spin((k % 3) * 5000);
        for (int i = k * BS; i < (k + 1) * BS; i++)
          b[i] = 3 * b[i] + 1;
      }
    }
    for (int k = 0; k + 1 < NB; k++) {
#pragma omp task depend(in: b[k * BS:BS], b[(k + 1) * BS:BS]) shared(pair)
      {
        long s = 0;
        for (int i = k * BS; i < (k + 2) * BS; i++)
          s += b[i];
        pair[k] = s;
      }
    }

    for (int k = 0; k < 8; k++) {
#pragma omp task depend(out: p[k * len:len])
      {
        spin((8 - k) * 5000);
        for (int i = 0; i < len; i++)
          p[k * len + i] = k;
      }
#pragma omp task depend(in: p[k * len:len]) shared(pblk)
      {
        long s = 0;
        for (int i = 0; i < len; i++)
          s += p[k * len + i];
        pblk[k] = s;
      }
    }

    for (int k = 0; k < NB; k++) {
#pragma omp task depend(out: c[k * BS])
      {
        spin((k % 4) * 5000);
        for (int i = k * BS; i < (k + 1) * BS; i++)
          c[i] = k;
      }
#pragma omp task depend(in: c[k * BS]) shared(cfirst)
      cfirst[k] = c[k * BS] + c[(k + 1) * BS - 1];
    }
  }

  double want = (double)N * (N - 1) / 2;
  for (int r = 0; r < 4; r++) {
    CHECK(sums[r] == want, "reader %d of the whole array: %f, want %f", r, sums[r], want);
    CHECK(sums2[r] == 2 * want, "reader %d after inout: %f, want %f", r, sums2[r], 2 * want);
  }
  for (int k = 0; k + 1 < NB; k++) {
    long s = 0;
    for (int i = k * BS; i < (k + 2) * BS; i++)
      s += 3L * i + 1;
    CHECK(pair[k] == s, "stencil consumer %d: %ld, want %ld", k, pair[k], s);
  }
  for (int k = 0; k < 8; k++)
    CHECK(pblk[k] == (long)k * len, "pointer section %d: %ld", k, pblk[k]);
  for (int k = 0; k < NB; k++)
    CHECK(cfirst[k] == 2L * k, "first-element block %d: %ld", k, cfirst[k]);
  free(p);
  return failures != 0;
}
