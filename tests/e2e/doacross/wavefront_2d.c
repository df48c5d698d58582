// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=fac2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_SCHEDULE=adaptive %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_SCHEDULE=dynamic,3 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Two- and three-dimensional doacross nests: Gauss-Seidel-like sweeps where point (i, j) reads
// its neighbours (i - 1, j), (i, j - 1) and (i - 1, j + 1) after waiting for them, so that the
// result is the serial sweep's.  ordered(2) alone (the inner loop runs sequentially in each
// iteration of the outer one), ordered(2) collapse(2), a decreasing inner loop of step 2 with a
// variable step, sinks that fall outside the grid at its edges (ignored), ordered(3)
// collapse(2) with an inner loop variable declared before the loop and lastprivate, and
// schedule(static, 1), dynamic, guided and runtime.  OpenMP 5.2's doacross(...) spelling, which gcc
// 12 does not take, is in doacross_clause.c.  Each wait is checked to come after its
// sink's source, as in wavefront_1d.c.

#include <stdio.h>

#define N 40
#define M 33
#define P 5

static unsigned a[N][M], ref[N][M];
static int posted[N][M];
static unsigned b[N][M][P], bref[N][M][P];
static int failures;

static unsigned mix(unsigned x, unsigned y) { return (x ^ (y * 2654435761u)) * 40503u + 1u; }

static void reset(void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = ref[i][j] = (unsigned)(i * M + j);
      posted[i][j] = 0;
    }
}

/* a[i][j], read by an iteration after its sink: that point must have posted, unless it is outside
   the loops' ranges [i0, N) x [j0, j1) (never written). */
static unsigned get(int i, int j, int i0, int j0, int j1)
{
  if (i < i0 || j < j0 || j >= j1)
    return a[i][j];
  if (!__atomic_load_n(&posted[i][j], __ATOMIC_RELAXED))
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
  return a[i][j];
}

static void put(int i, int j, unsigned v)
{
  a[i][j] = v;
  __atomic_store_n(&posted[i][j], 1, __ATOMIC_RELAXED);
}

/* The serial sweep over [1, N) x [1, M - 1) reading the three neighbours. */
static void sweep_serial(void)
{
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M - 1; j++)
      ref[i][j] = mix(mix(ref[i - 1][j], ref[i][j - 1]), ref[i - 1][j + 1]);
}

static unsigned point(int i, int j)
{
  return mix(mix(get(i - 1, j, 1, 1, M - 1), get(i, j - 1, 1, 1, M - 1)),
             get(i - 1, j + 1, 1, 1, M - 1));
}

static void check(const char *name)
{
  int wrong = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      wrong += a[i][j] != ref[i][j];
  printf("%-24s %s\n", name, wrong ? "WRONG" : "ok");
  failures += wrong;
}

int main(void)
{
  reset();
  sweep_serial();
#pragma omp parallel for ordered(2) schedule(static, 1)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M - 1; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1) depend(sink: i - 1, j + 1)
      put(i, j, point(i, j));
#pragma omp ordered depend(source)
    }
  check("ordered(2)");

  reset();
  sweep_serial();
#pragma omp parallel for ordered(2) collapse(2) schedule(dynamic)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M - 1; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1) depend(sink: i - 1, j + 1)
      put(i, j, point(i, j));
#pragma omp ordered depend(source)
    }
  check("ordered(2) collapse(2)");

  reset();
  sweep_serial();
#pragma omp parallel for collapse(2) ordered(2) schedule(runtime)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M - 1; j++) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
#pragma omp ordered depend(sink: i - 1, j + 1)
      put(i, j, point(i, j));
#pragma omp ordered depend(source)
    }
  check("runtime, two sink lines");

  /* Down the columns in steps of two (a step known at run time), right to left: the earlier
     points are (i - 1, j) and (i, j + 2). */
  reset();
  volatile int two = 2;
  const int s = two;
  for (int i = 1; i < N; i++)
    for (int j = M - 2; j >= 0; j -= 2)
      ref[i][j] = mix(ref[i - 1][j], j + 2 < M ? ref[i][j + 2] : 7u);
#pragma omp parallel for ordered(2) schedule(guided)
  for (int i = 1; i < N; i++)
    for (int j = M - 2; j >= 0; j -= s) {
#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j + 2)
      put(i, j, mix(get(i - 1, j, 1, 0, M - 1), j + 2 < M ? get(i, j + 2, 1, 0, M - 1) : 7u));
#pragma omp ordered depend(source)
    }
  check("down by a variable step");

  /* ordered(3) collapse(2): k runs in order inside each (i, j), and depends on (i - 1, j, k) and
     (i, j - 1, k + 1); k is declared before the loop, lastprivate. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < P; k++)
        b[i][j][k] = bref[i][j][k] = (unsigned)(i + j + k);
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (int k = 0; k < P; k++)
        bref[i][j][k] = mix(bref[i - 1][j][k], k + 1 < P ? bref[i][j - 1][k + 1] : 3u);
  int k = -1;
#pragma omp parallel for ordered(3) collapse(2) lastprivate(k) schedule(static, 3)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++)
      for (k = 0; k < P; k++) {
#pragma omp ordered depend(sink: i - 1, j, k) depend(sink: i, j - 1, k + 1)
        b[i][j][k] = mix(b[i - 1][j][k], k + 1 < P ? b[i][j - 1][k + 1] : 3u);
#pragma omp ordered depend(source)
      }
  int wrong = k != P;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int l = 0; l < P; l++)
        wrong += b[i][j][l] != bref[i][j][l];
  printf("%-24s %s\n", "ordered(3) collapse(2)", wrong ? "WRONG" : "ok");
  failures += wrong;

  printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
