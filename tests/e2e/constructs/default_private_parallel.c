// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// REQUIRES: translator
//
// default(firstprivate) and default(private) on parallel and its combined forms (OpenMP 5.1):
// every local variable referenced in the region without a clause gets that clause (a local
// static too, as gcc 12 does); explicit clauses and the loop variables keep theirs.  A thread's
// changes stay its own; the originals keep their values.
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int v = 42, w = 7, bad = 0;
  static int s = 3;
  double arr[3] = {1, 2, 3};
  long total = 0;
#pragma omp parallel default(firstprivate) shared(bad)
  {
    if (v != 42 || s != 3 || arr[2] != 3) {
#pragma omp atomic write
      bad = 1;
    }
    v = omp_get_thread_num();
    s += v;
    arr[2] = v;
#pragma omp barrier
    if (v != omp_get_thread_num() || s != 3 + v || arr[2] != v) {
#pragma omp atomic write
      bad = 2;
    }
  }
  if (bad || v != 42 || s != 3 || arr[2] != 3) {
    fprintf(stderr, "default(firstprivate): bad %d, v %d, s %d, arr[2] %g\n", bad, v, s, arr[2]);
    return 1;
  }
#pragma omp parallel for default(private) reduction(+ : total)
  for (int i = 0; i < 100; i++) {
    w = i; /* private: the original stays 7 */
    total += w;
  }
  if (total != 4950 || w != 7) {
    fprintf(stderr, "default(private): total %ld, w %d\n", total, w);
    return 1;
  }
  return 0;
}
