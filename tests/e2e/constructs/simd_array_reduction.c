// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O2 -Wall -Werror -DSIMD_ONLY %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Reductions over arrays on simd loops, as gcc and clang take them: a `simd` loop reduces whole
// arrays of constant size (one and two dimensions, every operator kind, a declare reduction on
// their elements), array sections and variable-length arrays element by element into the
// originals; `for simd` and `parallel for simd` reduce them across the team.  Histograms are
// where it matters: iterations that update the same element must not be vectorised as if they
// were independent.  The program checks itself, and prints the simd results, which must equal
// gcc's.  (gcc 12 gets the section and the variable-length array of `parallel for simd` wrong:
// its section is shifted by its lower bound, its array stays 0; clang 16 gets the declare
// reduction of an array on `simd` wrong.)  So gcc's build runs the simd loops only.
#include <stdio.h>

#define N 1000

struct range {
  int lo, hi;
};
#pragma omp declare reduction(widen : struct range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = {1 << 30, -(1 << 30)})

static int failures;

static void check(int ok, const char *what)
{
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

static int key[N];

static void simd_loops(void)
{
  int hist[4] = {0}, grid[2][3] = {{1, 1, 1}, {1, 1, 1}};
  long prod[2] = {1, 1};
  unsigned bits[2] = {0, ~0u};
  struct range r[2] = {{1 << 30, -(1 << 30)}, {1 << 30, -(1 << 30)}};
#pragma omp simd reduction(+ : hist, grid) reduction(* : prod) reduction(| : bits)
  for (int i = 0; i < N; i++) {
    hist[key[i] % 4] += 1;
    grid[i % 2][key[i] % 3] += i;
    prod[i % 2] *= i % 7 == 0 && i < 40 ? 2 : 1;
    bits[i % 2] |= 1u << (i % 16);
  }
#pragma omp simd reduction(widen : r)
  for (int i = 0; i < N; i++) {
    struct range *e = &r[key[i] % 2];
    e->lo = key[i] < e->lo ? key[i] : e->lo;
    e->hi = key[i] > e->hi ? key[i] : e->hi;
  }
  int total = 0;
  for (int k = 0; k < 4; k++)
    total += hist[k];
  check(total == N && hist[0] == 250, "simd reduction(+) of an array");
  check(grid[0][0] + grid[0][1] + grid[0][2] + grid[1][0] + grid[1][1] + grid[1][2] ==
            6 + N * (N - 1) / 2,
        "simd reduction(+) of a two-dimensional array");
  check(prod[0] == 8 && prod[1] == 8, "simd reduction(*) of an array");
  check(bits[0] == 0x5555u && bits[1] == ~0u, "simd reduction(|) of an array");
  check(r[0].lo == 0 && r[1].hi == N - 1, "simd declare reduction of an array");
  printf("simd: %d %d %d %d | %d %d %d %d %d %d | %ld %ld | %x %x | %d %d %d %d\n", hist[0],
         hist[1], hist[2], hist[3], grid[0][0], grid[0][1], grid[0][2], grid[1][0], grid[1][1],
         grid[1][2], prod[0], prod[1], bits[0], bits[1], r[0].lo, r[0].hi, r[1].lo, r[1].hi);
}

#ifndef SIMD_ONLY /* gcc's build: see above */
static void worksharing_simd_loops(int n)
{
  long hist[5] = {0}, sec[6] = {0};
  double v[n];
  for (int k = 0; k < n; k++)
    v[k] = 0;
#pragma omp parallel for simd reduction(+ : hist, sec[1:4], v)
  for (int i = 0; i < N; i++) {
    hist[key[i] % 5] += 1;
    sec[1 + key[i] % 4] += i;
    v[key[i] % n] += 0.5;
  }
  // On a simd loop alone too: a section and a variable-length array (gcc 12 crashes on this).
  long part[6] = {0};
  double w[n];
  for (int k = 0; k < n; k++)
    w[k] = 1;
#pragma omp simd reduction(+ : part[1:4]) reduction(* : w)
  for (int i = 0; i < N; i++) {
    part[1 + key[i] % 4] += i;
    w[i % n] *= i < 2 * n ? 2 : 1;
  }
  long all[5] = {0};
#pragma omp parallel
  {
#pragma omp for simd reduction(+ : all)
    for (int i = 0; i < N; i++)
      all[i % 5] += key[i];
  }
  double vs = 0;
  for (int k = 0; k < n; k++)
    vs += v[k];
  check(hist[0] + hist[1] + hist[2] + hist[3] + hist[4] == N, "parallel for simd, array");
  check(sec[0] == 0 && sec[5] == 0 && sec[1] + sec[2] + sec[3] + sec[4] == (long)N * (N - 1) / 2,
        "parallel for simd, array section");
  check(vs == 0.5 * N, "parallel for simd, variable-length array");
  long expect[6] = {0};
  for (int i = 0; i < N; i++)
    expect[1 + key[i] % 4] += i;
  for (int k = 0; k < 6; k++)
    check(sec[k] == expect[k], "parallel for simd, an element of the array section");
  check(all[0] == 99500 && all[4] == 99700, "for simd, array");
  for (int k = 0; k < 6; k++)
    check(part[k] == expect[k], "simd, an element of the array section");
  for (int k = 0; k < n; k++)
    check(w[k] == 4, "simd, an element of the variable-length array");
}
#endif

int main(void)
{
  for (int i = 0; i < N; i++)
    key[i] = (i * 7919) % N;
  simd_loops();
#ifndef SIMD_ONLY
  worksharing_simd_loops(7);
#endif
  return failures != 0;
}
