// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// A sparse iterative solver as application code writes it: Jacobi iteration for A x = b with A
// in compressed sparse row (CSR) form, strictly diagonally dominant, with irregular row lengths
// (1 to 24 off-diagonal entries).  Each sweep is a parallel loop over rows with
// schedule(static, ROWS_PER_CHUNK) and private scratch variables, followed by a residual
// ||b - A x||^2 computed with reduction(+:...).  The loop is in a function called once per sweep.
//
// Checks: the iterate after every sweep equals the serial one bitwise (each row's value depends
// only on the previous iterate and is computed in the same order), the residuals agree within the
// bound for summing the same non-negative terms in a different order (2 gamma(n) * sum, see
// reduction_double_sum.c), and the method converges to the known solution.

#include <float.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NROWS 20000
#define MAX_OFFDIAG 24
#define ROWS_PER_CHUNK 64
#define SWEEPS 30

struct csr {
  int n;
  int *rowptr; /* n + 1 entries */
  int *col;
  double *val;
  double *diag;
};

static int failures;
static uint64_t lcg_state = 12345;

static uint32_t lcg_next(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 32);
}

static double uniform(void)
{
  return (double)lcg_next() / 4294967296.0;
}

static double abs_d(double v)
{
  return v < 0.0 ? -v : v;
}

static int build(struct csr *a, int n)
{
  a->n = n;
  a->rowptr = malloc(((size_t)n + 1) * sizeof *a->rowptr);
  a->col = malloc((size_t)n * MAX_OFFDIAG * sizeof *a->col);
  a->val = malloc((size_t)n * MAX_OFFDIAG * sizeof *a->val);
  a->diag = malloc((size_t)n * sizeof *a->diag);
  if (!a->rowptr || !a->col || !a->val || !a->diag)
    return -1;
  int nnz = 0;
  a->rowptr[0] = 0;
  for (int i = 0; i < n; i++) {
    int len = 1 + (int)(lcg_next() % MAX_OFFDIAG);
    double offsum = 0.0;
    for (int k = 0; k < len; k++) {
      int j = (int)(lcg_next() % (uint32_t)n);
      if (j == i)
        j = (j + 1) % n;
      double v = uniform() - 0.5;
      a->col[nnz] = j;
      a->val[nnz] = v;
      offsum += abs_d(v);
      nnz++;
    }
    a->diag[i] = 1.5 * offsum + 1.0; /* strictly dominant: Jacobi converges */
    a->rowptr[i + 1] = nnz;
  }
  return 0;
}

static void destroy(struct csr *a)
{
  free(a->rowptr);
  free(a->col);
  free(a->val);
  free(a->diag);
}

/* b = A x */
static void matvec(const struct csr *a, const double *x, double *b)
{
  for (int i = 0; i < a->n; i++) {
    double s = a->diag[i] * x[i];
    for (int k = a->rowptr[i]; k < a->rowptr[i + 1]; k++)
      s += a->val[k] * x[a->col[k]];
    b[i] = s;
  }
}

/* One Jacobi sweep; returns ||b - A x_old||^2, the residual of the iterate it started from. */
static double sweep(const struct csr *a, const double *b, const double *x, double *xnew)
{
  const int *rowptr = a->rowptr, *col = a->col;
  const double *val = a->val, *diag = a->diag;
  double res = 0.0, s, r;
  int k;

#pragma omp parallel for schedule(static, ROWS_PER_CHUNK) private(s, r, k) reduction(+:res)
  for (int i = 0; i < a->n; i++) {
    s = 0.0;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      s += val[k] * x[col[k]];
    r = b[i] - s - diag[i] * x[i];
    res += r * r;
    xnew[i] = (b[i] - s) / diag[i];
  }
  return res;
}

static double sweep_serial(const struct csr *a, const double *b, const double *x, double *xnew)
{
  double res = 0.0;
  for (int i = 0; i < a->n; i++) {
    double s = 0.0;
    for (int k = a->rowptr[i]; k < a->rowptr[i + 1]; k++)
      s += a->val[k] * x[a->col[k]];
    double r = b[i] - s - a->diag[i] * x[i];
    res += r * r;
    xnew[i] = (b[i] - s) / a->diag[i];
  }
  return res;
}

int main(void)
{
  struct csr a;
  const int n = NROWS;
  double *xtrue = malloc((size_t)n * sizeof(double)), *b = malloc((size_t)n * sizeof(double));
  double *xp = calloc((size_t)n, sizeof(double)), *xp2 = calloc((size_t)n, sizeof(double));
  double *xs = calloc((size_t)n, sizeof(double)), *xs2 = calloc((size_t)n, sizeof(double));
  if (!xtrue || !b || !xp || !xp2 || !xs || !xs2 || build(&a, n) != 0) {
    printf("out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++)
    xtrue[i] = uniform() * 2.0 - 1.0;
  matvec(&a, xtrue, b);

  const double u = DBL_EPSILON / 2.0, gamma = (double)n * u / (1.0 - (double)n * u);
  double res_first = 0.0, res_last = 0.0;
  for (int it = 0; it < SWEEPS; it++) {
    double rp = sweep(&a, b, xp, xp2);
    double rs = sweep_serial(&a, b, xs, xs2);
    if (it == 0)
      res_first = rs;
    res_last = rs;
    if (!(abs_d(rp - rs) <= 1.01 * 2.0 * gamma * rs)) {
      printf("MISMATCH sweep %d: residual %.17g, want %.17g\n", it, rp, rs);
      failures++;
    }
    if (memcmp(xp2, xs2, (size_t)n * sizeof(double)) != 0) {
      for (int i = 0; i < n; i++) {
        if (xp2[i] != xs2[i]) {
          printf("MISMATCH sweep %d: x[%d] = %.17g, want %.17g\n", it, i, xp2[i], xs2[i]);
          break;
        }
      }
      failures++;
      break;
    }
    double *t = xp;
    xp = xp2;
    xp2 = t;
    t = xs;
    xs = xs2;
    xs2 = t;
  }

  /* Sanity of the solver itself: the residual fell by orders of magnitude, x is near xtrue. */
  double err = 0.0;
  for (int i = 0; i < n; i++)
    if (abs_d(xp[i] - xtrue[i]) > err)
      err = abs_d(xp[i] - xtrue[i]);
  if (!(res_last < 1e-6 * res_first) || !(err < 1e-3)) {
    printf("MISMATCH convergence: residual %.3g -> %.3g, max error %.3g\n", res_first, res_last,
           err);
    failures++;
  }

  destroy(&a);
  free(xtrue);
  free(b);
  free(xp);
  free(xp2);
  free(xs);
  free(xs2);
  printf("csr_jacobi: %d thread(s), residual %.3g -> %.3g, %s\n", omp_get_max_threads(), res_first,
         res_last, failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
