// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Clause expressions in the forms public C code writes them, which are more than names and
// operators: GNU statement expressions that declare their own variables (the min/max macros of
// many programs), offsetof's member, _Generic's default association.  The names these declare
// or select are not variables of the function (they were "undeclared identifiers" or
// "unexpected 'default'"); the function's variables in them still are, also a shared one that
// the region writes (reached through its capture) and one in `t * m` or `sizeof m`, which declare nothing.

#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include "Inputs/expect.h"

#define min(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define kind(x) _Generic((x), float: 1, double: 2, default: 3)

struct rec { double d; int b; };

int main(void) {
  int n = 2, threads = 0, sum = 0, m = 0, tasks = 0, finals = 0;
#pragma omp parallel num_threads(min(n, 4))
#pragma omp single
  threads = omp_get_num_threads();
  EXPECT(threads == 2);

#pragma omp parallel for schedule(dynamic, min(n, 3)) reduction(+: sum)
  for (int i = 0; i < 100; i++)
    sum += i;
  EXPECT(sum == 4950);

#pragma omp parallel num_threads(offsetof(struct rec, b) / sizeof(int) - 1)
#pragma omp single
  threads = omp_get_num_threads();
  EXPECT(threads == (int)(offsetof(struct rec, b) / sizeof(int)) - 1);

#pragma omp parallel num_threads(kind(n))
#pragma omp single
  threads = omp_get_num_threads();
  EXPECT(threads == 3);

#pragma omp parallel shared(m, tasks)
  {
#pragma omp single
    m = 1;
    // m is shared and written in the region: the outlined code reaches it through its capture,
    // also after a statement expression that declares an m of its own.
#pragma omp task if(({ int t = 2; t * m; })) final(({ int m = 4; m; }) == (int)sizeof m)
    {
#pragma omp atomic
      tasks++;
      if (omp_in_final()) {
#pragma omp atomic
        finals++;
      }
    }
  }
  EXPECT(tasks == 4 && finals == (sizeof m == 4 ? 4 : 0));
  printf("%d %d %d %d\n", sum, m, tasks, finals);
  return failures != 0;
}
