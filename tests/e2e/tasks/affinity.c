// REQUIRES: translator, omp2numa-tasks
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// PEERS: gcc   (clang 16's program crashes on the affinity clause with two iterators)
//
// Tasks with affinity clauses (OpenMP 5.0) run as the same tasks without them: a variable, array
// sections, an element whose index calls a function, and the iterator modifier over an int and
// a pointer, beside depend clauses that order the tasks.  How often a locator is evaluated is
// unspecified (omp2numa never evaluates it, gcc 12 once per item, clang 16 once per iterator
// value): the program's results do not depend on it.

#define TEST_NAME "affinity.c"
#include "Inputs/check.h"

#include <stdio.h>

enum { N = 64 };

static int pick(void) { return 1; }

int main(void)
{
  int a[N], b[N], sum = 0, n = N;
  int *p = b;
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < N; k += 8) {
#pragma omp task firstprivate(k) affinity(a[k:8], n) depend(out: a[k])
      for (int i = k; i < k + 8; i++)
        a[i] = i;
#pragma omp task firstprivate(k) affinity(iterator(i = k : k + 8, int *q = p : p + n : 8) : b[i], *q) \
    affinity(a[pick()]) depend(in: a[k]) depend(out: b[k])
      for (int i = k; i < k + 8; i++)
        b[i] = 2 * a[i];
    }
#pragma omp taskwait
    for (int k = 0; k < N; k += 8)
#pragma omp task firstprivate(k) shared(sum) affinity(b[k:8]) depend(in: b[k])
    {
      int s = 0;
      for (int i = k; i < k + 8; i++)
        s += b[i];
#pragma omp atomic
      sum += s;
    }
  }
  CHECK(sum == N * (N - 1), "sum %d, expected %d", sum, N * (N - 1));
  for (int i = 0; i < N; i++)
    CHECK(b[i] == 2 * i, "b[%d] = %d", i, b[i]);
  return failures != 0;
}
