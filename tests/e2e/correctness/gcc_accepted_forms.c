// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Valid code that GCC's libgomp tests use and omp2numa once rejected or miscompiled: reduction(+),
// (*), (||) and (&&) of _Complex values (a complex number is a scalar: nonzero is true), on a
// parallel loop, simd and for simd (gcc 12 crashes on one in a taskloop); collapse with a constant
// expression; atomic updates of a bit-field (no address: they run under one lock); copyin of a
// threadprivate variable whose struct type has no name; the simd schedule modifier beside
// monotonic.
#include <omp.h>
#include <stdio.h>

struct {
  int a, b;
} unnamed_tp;
#pragma omp threadprivate(unnamed_tp)

struct flags {
  unsigned done : 7;
  unsigned other : 9;
};

int main(void) {
  int failures = 0;
  _Complex double z = 0;
  _Complex int zi = 1;
#pragma omp parallel for reduction(+: z) reduction(*: zi)
  for (int i = 0; i < 10; i++) {
    z += i + 2.0 * i * 1.0i;
    zi *= (i % 2) ? 1 : 1;
  }
  failures += __real__ z != 45 || __imag__ z != 90 || __real__ zi != 1;

  _Complex float any = 0, all = 1;
  _Complex char anyc = 0, allc = 1;
#pragma omp parallel for reduction(||: any, anyc) reduction(&&: all, allc)
  for (int i = 0; i < 10; i++) {
    any = any || (i == 7 ? 1.0fi : 0);
    anyc = anyc || 0;
    all = all && (i == 3 ? 0 : 2.0fi);
    allc = allc && i + 1;
  }
  failures += any != 1 || anyc != 0 || all != 0 || allc != 1;
  _Complex double simd_any = 0, for_simd_all = 1;
#pragma omp simd reduction(||: simd_any)
  for (int i = 0; i < 10; i++)
    simd_any = simd_any || (i == 9 ? 1.0i : 0);
#pragma omp parallel for simd reduction(&&: for_simd_all)
  for (int i = 0; i < 10; i++)
    for_simd_all = for_simd_all && 1.0i;
  failures += simd_any != 1 || for_simd_all != 1;

  int cells[4][5][6] = {{{0}}}, count = 0;
#pragma omp parallel for collapse(4 - 1) reduction(+: count)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 6; k++) {
        cells[i][j][k] = 1;
        count++;
      }
  failures += count != 120 || cells[3][4][5] != 1;

  struct flags f = {0, 5};
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp atomic
    f.done++;
  }
  failures += f.done != 100 || f.other != 5;

  unnamed_tp.a = 42;
  int seen = 0;
#pragma omp parallel copyin(unnamed_tp) reduction(+: seen)
  seen += unnamed_tp.a == 42;
  failures += seen != omp_get_max_threads();

  long sum = 0;
#pragma omp parallel for schedule(monotonic, simd: static) reduction(+: sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  failures += sum != 499500;

  printf("any=%g all=%g anyc=%d allc=%d simd_any=%g for_simd_all=%g\n", __real__ any, __real__ all,
         __real__ anyc, __real__ allc, __real__ simd_any, __real__ for_simd_all);
  printf("z=%g%+gi count=%d done=%u seen>0=%d sum=%ld failures=%d\n", __real__ z, __imag__ z,
         count, f.done, seen > 0, sum, failures);
  return failures != 0;
}
