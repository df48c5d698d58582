/*
 * spmv.c -- an irregular loop: sparse matrix-vector product y = A x, CSR, one loop iteration per
 * row, on a matrix whose row lengths follow a power law.
 *
 * Row r (0-based) has max(1, round(L / (r + 1)^s)) nonzeros, L chosen so that the matrix has about
 * rows * avg-nnz of them: the rows come in decreasing length, as in a degree-sorted graph, so the
 * first rows (the hubs) hold most of the work.  With s = 0.8 the first half of the rows holds
 * about 87% of the nonzeros: a block schedule is badly unbalanced, and guided's large first
 * chunks land on the heaviest rows.  Column indices are uniform random (deterministic seed), so
 * x is read at random; x fits in the last-level cache, A streams from memory.
 *
 * A repetition is `iters` products, each one parallel loop.
 *
 * Check: y must equal a serial product bit for bit (each row is summed in the same order).
 *
 * Options: --rows=200000 --avg-nnz=32 --exponent=0.8 --iters=5 --reps=7
 * Output:  RESULT kernel=spmv test=loop ... seconds=X nnz=N
 *          RESULT kernel=spmv test=serial ... rep=0 seconds=X   (one product per iteration)
 */
#include "bench.h"

#include <math.h>

struct csr {
  long rows;
  long *start; /* rows + 1 offsets into col/val */
  int *col;
  double *val;
};

static void build(struct csr *m, long rows, double avg_nnz, double s)
{
  double harmonic = 0.0; /* sum over r of (r + 1)^-s */
  for (long r = 0; r < rows; r++)
    harmonic += pow((double)(r + 1), -s);
  double top = avg_nnz * (double)rows / harmonic;

  m->rows = rows;
  m->start = bench_alloc((size_t)(rows + 1) * sizeof *m->start);
  m->start[0] = 0;
  for (long r = 0; r < rows; r++) {
    long len = lround(top * pow((double)(r + 1), -s));
    if (len < 1)
      len = 1;
    if (len > rows)
      len = rows;
    m->start[r + 1] = m->start[r] + len;
  }
  long nnz = m->start[rows];
  m->col = bench_alloc((size_t)nnz * sizeof *m->col);
  m->val = bench_alloc((size_t)nnz * sizeof *m->val);
  uint64_t seed = 42;
  for (long k = 0; k < nnz; k++) {
    m->col[k] = (int)(bench_rand(&seed) % (uint64_t)rows);
    m->val[k] = bench_rand_unit(&seed) - 0.5;
  }
}

static inline double row_dot(const struct csr *m, long r, const double *x)
{
  double sum = 0.0;
  for (long k = m->start[r]; k < m->start[r + 1]; k++)
    sum += m->val[k] * x[m->col[k]];
  return sum;
}

static void spmv_parallel(const struct csr *m, const double *x, double *y)
{
  long rows = m->rows;
#pragma omp parallel for schedule(runtime) firstprivate(rows)
  for (long r = 0; r < rows; r++)
    y[r] = row_dot(m, r, x);
}

static void spmv_serial(const struct csr *m, const double *x, double *y)
{
  for (long r = 0; r < m->rows; r++)
    y[r] = row_dot(m, r, x);
}

int main(int argc, char **argv)
{
  bench_init("spmv", argc, argv);
  long rows = bench_opt_long("rows", 200000);
  double avg = bench_opt_double("avg-nnz", 32);
  double s = bench_opt_double("exponent", 0.8);
  int iters = (int)bench_opt_long("iters", 5);
  int reps = (int)bench_opt_long("reps", 7);
  bench_opts_done();
  if (rows < 1 || rows > 2000000000 || avg < 1 || iters < 1 || reps < 1)
    bench_usage_error("bad sizes");

  struct csr m;
  build(&m, rows, avg, s);
  double *x = bench_alloc((size_t)rows * sizeof *x);
  double *y = bench_alloc((size_t)rows * sizeof *y);
  double *expected = bench_alloc((size_t)rows * sizeof *expected);
  uint64_t seed = 7;
  for (long r = 0; r < rows; r++)
    x[r] = bench_rand_unit(&seed);

  double t0 = bench_now();
  for (int it = 0; it < iters; it++)
    spmv_serial(&m, x, expected);
  bench_result("serial", 0, bench_now() - t0, "nnz=%ld", m.start[rows]);

  spmv_parallel(&m, x, y); /* warm-up */
  for (int rep = 0; rep < reps; rep++) {
    memset(y, 0, (size_t)rows * sizeof *y);
    t0 = bench_now();
    for (int it = 0; it < iters; it++)
      spmv_parallel(&m, x, y);
    bench_result("loop", rep, bench_now() - t0, "nnz=%ld", m.start[rows]);
  }

  bench_check(memcmp(y, expected, (size_t)rows * sizeof *y) == 0,
              "y differs from the serial product");
  bench_check_ok();
  free(m.start);
  free(m.col);
  free(m.val);
  free(x);
  free(y);
  free(expected);
  return 0;
}
