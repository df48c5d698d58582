// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=gnu11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Atomics on locations wider than 8 bytes: long double and __int128.  The __atomic builtins would call libatomic's
// __atomic_*_16, which a program does not link (the link failed: GCC's atomic-2/4/5, pr48591,
// pr64868); like gcc with libgomp, they run under one runtime lock, atomic with respect to each
// other.  Every form: update, read, write, capture.  Operands are exact (integers and halves), so
// the results do not depend on the order.
#include <omp.h>
#include <stdio.h>

#define N 20000

static long double ld_sum;
static __int128 wide;

int main(void) {
  long double seen_max = 0;
  int failures = 0;
#pragma omp parallel for reduction(max:seen_max)
  for (int i = 0; i < N; i++) {
    long double before;
#pragma omp atomic
    ld_sum += 0.5L;
#pragma omp atomic update
    wide = wide + ((__int128)1 << 70);
#pragma omp atomic capture
    before = ld_sum -= 0.25L;
    if (before > seen_max)
      seen_max = before;
  }
  long double read_back;
#pragma omp atomic read
  read_back = ld_sum;
#pragma omp parallel
  {
#pragma omp atomic write
    wide = (__int128)7 << 80;
  }
  if (read_back != N * 0.25L)
    failures++;
  if (wide != ((__int128)7 << 80))
    failures++;
  if (seen_max <= 0 || seen_max > N * 0.25L)
    failures++;
  printf("ld=%.2Lf failures=%d\n", read_back, failures);
  return failures != 0;
}
