// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: env OMP2NUMA_CC=clang-16 %omp2numa-cc -fopenmp -O1 %s -o %t.clang
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.clang > %t.clang.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
// RUN: diff %t.clang.out %t.gomp.out
//
// Variable-length arrays that a taskloop's tasks each copy (firstprivate, explicitly or
// implicitly): every task starts from the values at the construct, even when the original
// changes while the tasks run (nogroup), and its changes stay its own.  The translator rejected
// them ("not supported yet"); found by Mercurium's test success_taskloop_02.c (ninth sweep).
#include <stdint.h>
#include <stdio.h>

#include "Inputs/expect.h"

static void copies(int n) {
  char c[n + 1];
  int v[n];
  double m[2][n];
  for (int i = 0; i < n; i++) {
    v[i] = i;
    m[0][i] = m[1][i] = 10 + i;
  }
  c[0] = 1;
  long s = 0, t = 0, u = 0;
  int aligned = 1;
#pragma omp parallel num_threads(3)
#pragma omp single
  {
    // Explicit: one- and two-dimensional, and a char array before an int one.
#pragma omp taskloop num_tasks(3) firstprivate(c, v, m) reduction(+ : s, aligned)
    for (int i = 0; i < n; i++) {
      v[i] += 100;
      m[1][i] += 0.5;
      s += v[i] + (long)(2 * m[1][i]) + c[0];
      aligned &= ((uintptr_t)v & (sizeof(int) - 1)) == 0;
    }
    // nogroup: the original doubles after each construct; its tasks keep the values it had.
    for (int k = 0; k < 3; k++) {
#pragma omp taskloop grainsize(1) nogroup firstprivate(v)
      for (int i = 0; i < 4; i++) {
#pragma omp atomic
        t += v[i] + k;
      }
      for (int i = 0; i < n; i++)
        v[i] *= 2;
    }
#pragma omp taskwait
    // Implicit: an array of the generating task.
    int w[n];
    for (int i = 0; i < n; i++)
      w[i] = 3 * i;
#pragma omp taskloop reduction(+ : u)
    for (int i = 0; i < n; i++) {
      w[i] += 1;
      u += w[i];
    }
    EXPECT(w[1] == 3);
  }
  EXPECT(s == 5 * 100 + 10 + 5 * 21 + 2 * 10 + 5);
  EXPECT(t == 6 * (1 + 2 + 4) + 4 * (0 + 1 + 2));
  EXPECT(u == 3 * 10 + 5);
  EXPECT(v[1] == 8 && m[1][0] == 10.0 && aligned);
  printf("%ld %ld %ld %d\n", s, t, u, v[1]);
}

int main(void) {
  copies(5);
  return failures != 0;
}
