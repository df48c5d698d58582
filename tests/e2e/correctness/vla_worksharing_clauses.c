// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 7
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t 7 > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp 7 > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// private, firstprivate and lastprivate of variable-length arrays on for, single and sections
// inside a parallel region.  The region once captured the array as a decayed pointer, so the
// inner copy measured the size of a pointer (firstprivate copied one element), and private(vla)
// alone referred to an original the region did not have (the output did not compile).
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void check(int ok, const char *what) {
  if (!ok) {
#pragma omp critical
    {
      printf("FAILED: %s\n", what);
      failures++;
    }
  }
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 7;
  int v[n], only_private[n], last[n];
  double m[n][3];
  for (int i = 0; i < n; i++) {
    v[i] = i;
    m[i][2] = i;
    last[i] = -1;
  }
#pragma omp parallel
  {
#pragma omp for firstprivate(v, m)
    for (int i = 0; i < 8; i++) {
      check(v[n - 1] == n - 1 && m[n - 1][2] == n - 1 && sizeof v == n * sizeof(int),
            "firstprivate(vla) on for");
      v[0] = 100 + i; // the thread's own copy
    }
#pragma omp single firstprivate(v)
    check(v[n - 1] == n - 1 && v[0] == 0, "firstprivate(vla) on single");
#pragma omp sections firstprivate(v)
    {
      check(v[n - 2] == n - 2, "firstprivate(vla) on sections");
#pragma omp section
      check(v[1] == 1, "firstprivate(vla) on a second section");
    }
#pragma omp for private(only_private)
    for (int i = 0; i < 8; i++) {
      only_private[n - 1] = i;
      check(sizeof only_private == n * sizeof(int) && only_private[n - 1] == i,
            "private(vla) on for");
    }
#pragma omp for lastprivate(last)
    for (int i = 0; i < 8; i++)
      for (int k = 0; k < n; k++)
        last[k] = i * 10 + k;
  }
  check(v[0] == 0, "the original of a firstprivate array is unchanged");
  for (int k = 0; k < n; k++)
    check(last[k] == 70 + k, "lastprivate(vla) holds the last iteration's values");
  printf("n=%d v0=%d last=%d,%d failures=%d\n", n, v[0], last[0], last[n - 1], failures);
  return failures != 0;
}
