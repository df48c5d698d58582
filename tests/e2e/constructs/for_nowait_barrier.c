// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `for` inside one `parallel` region, several phases in a row: the implicit barrier at the end of
// a loop, `nowait` where the OpenMP spec makes it safe (two schedule(static) loops with the same
// trip count give each thread the same iterations, so a thread may read what it wrote itself in
// the previous loop), and an explicit `barrier` after a nowait loop before a phase that reads
// other threads' results.  The application is an explicit 2-D heat-equation solver: each thread
// keeps private pointers to the two grids and swaps them itself after every step, as real
// codes do; and a pipeline of vector operations (gather, scale, reverse) with barriers between
// the phases that need them.

#include <omp.h>
#include <stdio.h>

#define NX 96
#define NY 80
#define STEPS 25
#define N 50021

static double grid_a[NX][NY], grid_b[NX][NY], ref_a[NX][NY], ref_b[NX][NY];
static double v[N], w[N], scaled[N], rev[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

#define ALPHA 0.1
#define LAPLACE(g, i, j)                                                                           \
  ((g)[(i) - 1][j] + (g)[(i) + 1][j] + (g)[i][(j) - 1] + (g)[i][(j) + 1] - 4.0 * (g)[i][j])

static void init_grid(double g[NX][NY])
{
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++)
      g[i][j] = (i == 0 || j == 0 || i == NX - 1 || j == NY - 1) ? 1.0
                                                                 : (double)((i * j) % 7) / 7.0;
}

/* STEPS explicit steps; returns the grid that holds the last step. */
static double (*heat_parallel(void))[NY]
{
  double(*src)[NY];
  double(*dst)[NY];
#pragma omp parallel private(src, dst)
  {
    src = grid_a; /* every thread keeps its own pair of pointers */
    dst = grid_b;
    for (int step = 0; step < STEPS; step++) {
#pragma omp for schedule(static)
      for (int i = 1; i < NX - 1; i++)
        for (int j = 1; j < NY - 1; j++)
          dst[i][j] = src[i][j] + ALPHA * LAPLACE(src, i, j);
      /* implicit barrier: dst is complete before anyone reads it as src */
      double(*t)[NY] = src;
      src = dst;
      dst = t;
    }
  }
  return STEPS % 2 ? grid_b : grid_a;
}

static double (*heat_serial(void))[NY]
{
  double(*src)[NY] = ref_a;
  double(*dst)[NY] = ref_b;
  for (int step = 0; step < STEPS; step++) {
    for (int i = 1; i < NX - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        dst[i][j] = src[i][j] + ALPHA * LAPLACE(src, i, j);
    double(*t)[NY] = src;
    src = dst;
    dst = t;
  }
  return src;
}

static void pipeline(const int *perm, double factor)
{
#pragma omp parallel shared(perm, factor)
  {
    /* phase 1: gather; no barrier needed before phase 2 (same static schedule, own iterations) */
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      w[i] = v[perm[i]];
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      scaled[i] = factor * w[i] + 1.0;
    /* phase 3 reads other threads' elements: an explicit barrier first */
#pragma omp barrier
#pragma omp for schedule(static, 64)
    for (int i = 0; i < N; i++)
      rev[i] = scaled[N - 1 - i] - scaled[i];
    /* phase 4: an explicit barrier with no work-sharing around it, then every thread checks a
       different slice of the finished result (rev complete after the implicit barrier above) */
#pragma omp barrier
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = t; i < N; i += nt)
      if (rev[i] != -rev[N - 1 - i])
        rev[i] = 1e300; /* caught by the serial check below */
  }
}

int main(void)
{
  init_grid(grid_a);
  init_grid(grid_b);
  init_grid(ref_a);
  init_grid(ref_b);
  double(*par)[NY] = heat_parallel();
  double(*ser)[NY] = heat_serial();
  double total = 0.0;
  int bad = 0;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      if (par[i][j] != ser[i][j] && bad++ < 5)
        printf("MISMATCH heat[%d][%d] = %.17g, want %.17g\n", i, j, par[i][j], ser[i][j]);
      total += ser[i][j];
    }
  failures += bad != 0;
  printf("heat: %d steps on %dx%d, total %.6f\n", STEPS, NX, NY, total);

  static int perm[N];
  for (int i = 0; i < N; i++) {
    v[i] = (double)(i % 1000) * 0.5;
    perm[i] = (int)(((long)i * 7919) % N); /* N is prime: a permutation */
  }
  pipeline(perm, 3.0);
  double sum = 0.0;
  bad = 0;
  for (int i = 0; i < N; i++) {
    double si = 3.0 * v[perm[i]] + 1.0, sr = 3.0 * v[perm[N - 1 - i]] + 1.0;
    if (rev[i] != sr - si && bad++ < 5)
      printf("MISMATCH rev[%d] = %.17g, want %.17g\n", i, rev[i], sr - si);
    sum += i < N / 2 ? rev[i] : 0.0;
  }
  failures += bad != 0;
  printf("pipeline: %d elements, half-sum %.3f\n", N, sum);
  printf("for_nowait_barrier: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
