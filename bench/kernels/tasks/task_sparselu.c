/*
 * task_sparselu.c -- LU factorisation of a sparse block matrix with task dependences (BOTS
 * sparselu, the dependence version): NB x NB blocks of BS x BS doubles, about half of them
 * empty; the tasks lu0 (diagonal), fwd (row), bdiv (column) and bmod (trailing update; allocates
 * a block that fill-in creates) are ordered only by depend clauses on the blocks' handles:
 *
 *   lu0  (k,k)            depend(inout: A[k][k])
 *   fwd  (k,j)            depend(in: A[k][k]) depend(inout: A[k][j])
 *   bdiv (i,k)            depend(in: A[k][k]) depend(inout: A[i][k])
 *   bmod (i,j)            depend(in: A[i][k], A[k][j]) depend(inout: A[i][j])
 *
 * Fill-in is decided before the tasks run (a symbolic pass), so that every block a task writes
 * exists when the task is created.  Because the updates of each block are ordered by its inout
 * dependence in k order, the result equals the serial factorisation exactly; it is compared
 * element by element.
 *
 * Options: --nb=40 --bs=24 --reps=5
 * Output:  RESULT kernel=task_sparselu test=serial|tasks ... seconds=<s> tasks=<n>
 */
#include "bench.h"

static int nb, bs;

static double *block_new(void)
{
  return bench_alloc(sizeof(double) * (size_t)bs * (size_t)bs);
}

/* The BOTS sparsity pattern: block (i,j) exists unless a few index conditions hold. */
static int present(int i, int j)
{
  int null = 0;
  if (i < j && i % 3 != 0)
    null = 1;
  if (i > j && j % 3 != 0)
    null = 1;
  if (i % 2 == 1)
    null = 1;
  if (j % 2 == 1)
    null = 1;
  if (i == j)
    null = 0;
  if (i == j - 1 || i - 1 == j)
    null = 0;
  return !null;
}

static void genmat(double **m)
{
  uint64_t st = 1325;
  for (int i = 0; i < nb; i++)
    for (int j = 0; j < nb; j++) {
      m[i * nb + j] = NULL;
      if (!present(i, j))
        continue;
      double *b = block_new();
      for (int k = 0; k < bs * bs; k++)
        b[k] = bench_rand_unit(&st) - 0.5 + (i == j && k % (bs + 1) == 0 ? 4.0 * bs : 0);
      m[i * nb + j] = b;
    }
}

static void lu0(double *d)
{
  for (int k = 0; k < bs; k++)
    for (int i = k + 1; i < bs; i++) {
      d[i * bs + k] /= d[k * bs + k];
      for (int j = k + 1; j < bs; j++)
        d[i * bs + j] -= d[i * bs + k] * d[k * bs + j];
    }
}

static void bdiv(const double *d, double *r)
{
  for (int i = 0; i < bs; i++)
    for (int k = 0; k < bs; k++) {
      r[i * bs + k] /= d[k * bs + k];
      for (int j = k + 1; j < bs; j++)
        r[i * bs + j] -= r[i * bs + k] * d[k * bs + j];
    }
}

static void fwd(const double *d, double *c)
{
  for (int j = 0; j < bs; j++)
    for (int k = 0; k < bs; k++)
      for (int i = k + 1; i < bs; i++)
        c[i * bs + j] -= d[i * bs + k] * c[k * bs + j];
}

static void bmod(const double *r, const double *c, double *in)
{
  for (int i = 0; i < bs; i++)
    for (int j = 0; j < bs; j++) {
      double s = in[i * bs + j];
      for (int k = 0; k < bs; k++)
        s -= r[i * bs + k] * c[k * bs + j];
      in[i * bs + j] = s;
    }
}

/* Symbolic pass: allocate (zeroed) every block that fill-in will create. */
static void fill_in(double **m)
{
  for (int k = 0; k < nb; k++)
    for (int i = k + 1; i < nb; i++)
      if (m[i * nb + k])
        for (int j = k + 1; j < nb; j++)
          if (m[k * nb + j] && !m[i * nb + j]) {
            m[i * nb + j] = block_new();
            memset(m[i * nb + j], 0, sizeof(double) * (size_t)bs * (size_t)bs);
          }
}

static void sparselu_serial(double **m)
{
  for (int k = 0; k < nb; k++) {
    lu0(m[k * nb + k]);
    for (int j = k + 1; j < nb; j++)
      if (m[k * nb + j])
        fwd(m[k * nb + k], m[k * nb + j]);
    for (int i = k + 1; i < nb; i++)
      if (m[i * nb + k])
        bdiv(m[k * nb + k], m[i * nb + k]);
    for (int i = k + 1; i < nb; i++)
      if (m[i * nb + k])
        for (int j = k + 1; j < nb; j++)
          if (m[k * nb + j])
            bmod(m[i * nb + k], m[k * nb + j], m[i * nb + j]);
  }
}

static long sparselu_tasks(double **m)
{
  long tasks = 0;
#pragma omp parallel shared(tasks)
#pragma omp single
  {
    for (int k = 0; k < nb; k++) {
      double *dkk = m[k * nb + k];
#pragma omp task firstprivate(dkk) depend(inout: m[k * nb + k])
      lu0(dkk);
      tasks++;
      for (int j = k + 1; j < nb; j++)
        if (m[k * nb + j]) {
          double *c = m[k * nb + j];
#pragma omp task firstprivate(dkk, c) depend(in: m[k * nb + k]) depend(inout: m[k * nb + j])
          fwd(dkk, c);
          tasks++;
        }
      for (int i = k + 1; i < nb; i++)
        if (m[i * nb + k]) {
          double *r = m[i * nb + k];
#pragma omp task firstprivate(dkk, r) depend(in: m[k * nb + k]) depend(inout: m[i * nb + k])
          bdiv(dkk, r);
          tasks++;
        }
      for (int i = k + 1; i < nb; i++)
        if (m[i * nb + k])
          for (int j = k + 1; j < nb; j++)
            if (m[k * nb + j]) {
              double *r = m[i * nb + k], *c = m[k * nb + j], *in = m[i * nb + j];
#pragma omp task firstprivate(r, c, in) depend(in: m[i * nb + k], m[k * nb + j]) \
    depend(inout: m[i * nb + j])
              bmod(r, c, in);
              tasks++;
            }
    }
  }
  return tasks;
}

static void free_mat(double **m)
{
  for (int i = 0; i < nb * nb; i++)
    free(m[i]);
}

int main(int argc, char **argv)
{
  bench_init("task_sparselu", argc, argv);
  nb = (int)bench_opt_long("nb", 40);
  bs = (int)bench_opt_long("bs", 24);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");

  double **ref = bench_alloc(sizeof(double *) * (size_t)nb * (size_t)nb);
  double **m = bench_alloc(sizeof(double *) * (size_t)nb * (size_t)nb);
  genmat(ref);
  fill_in(ref);
  double t0 = bench_now();
  sparselu_serial(ref);
  bench_result("serial", 0, bench_now() - t0, "tasks=0");
  for (int rep = -1; rep < reps; rep++) {
    genmat(m);
    fill_in(m);
    t0 = bench_now();
    long tasks = sparselu_tasks(m);
    double t = bench_now() - t0;
    long bad = 0;
    for (int b = 0; b < nb * nb; b++) {
      if (!m[b] != !ref[b]) {
        bad++;
        continue;
      }
      if (m[b])
        for (int k = 0; k < bs * bs; k++)
          bad += m[b][k] != ref[b][k];
    }
    bench_check(bad == 0, "%ld elements differ from the serial factorisation", bad);
    if (rep >= 0)
      bench_result("tasks", rep, t, "tasks=%ld", tasks);
    free_mat(m);
  }
  free_mat(ref);
  free(ref);
  free(m);
  bench_check_ok();
  return 0;
}
