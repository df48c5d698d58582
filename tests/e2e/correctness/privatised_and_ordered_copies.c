// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Two silent wrong results found by GCC's libgomp tests (pr26943-1, pr32362-2, private-1):
// - firstprivate + lastprivate of one variable: every thread must copy the original before the
//   thread of the last iteration writes it back (a barrier follows the copies, as in GCC);
// - a file-scope variable made private by an enclosing construct is, inside a nested region, that
//   construct's copy (shared by the nested team, or the source of its firstprivate copies).
#include <omp.h>
#include <stdio.h>

int g = 1;

int main(void) {
  int failures = 0, late = 0, n = 6;
  omp_set_dynamic(0);
  for (int rep = 0; rep < 100; rep++) {
    n = 6;
#pragma omp parallel for num_threads(8) firstprivate(n) lastprivate(n) schedule(static, 1) \
    reduction(+: late)
    for (int i = 0; i < 8; i++) {
      if (n != 6)
        late++;
      n = i;
    }
    failures += n != 7;
    int m = 6;
#pragma omp parallel num_threads(8) reduction(+: late)
    {
#pragma omp for firstprivate(m) lastprivate(m) schedule(static, 1)
      for (int i = 0; i < 8; i++) {
        if (m != 6)
          late++;
        m = i;
      }
    }
    failures += m != 7;
  }
  int bad = 0;
#pragma omp parallel num_threads(2) private(g) reduction(+: bad)
  {
    g = 10 + omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+: bad)
    bad += g != 10 + omp_get_ancestor_thread_num(1);
#pragma omp parallel num_threads(2) firstprivate(g) reduction(+: bad)
    {
      bad += g != 10 + omp_get_ancestor_thread_num(1);
      g = -1;
    }
    bad += g != 10 + omp_get_thread_num();
  }
  printf("late=%d bad=%d g=%d failures=%d\n", late, bad, g, failures);
  return late != 0 || bad != 0 || g != 1 || failures != 0;
}
