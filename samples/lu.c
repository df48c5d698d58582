/*
 * lu.c -- LU decomposition (Doolittle, no pivoting) of a dense, diagonally dominant N x N matrix,
 * with the NUMA-friendly column distribution that affinity(name) names.
 *
 * The matrix is stored by columns (column j is a[j*N .. j*N+N-1]), so each column's memory is
 * touched by one thread.  The right-looking factorisation does, for k = 0 .. N-2:
 *
 *     column k below the diagonal /= a(k,k)                     (the multipliers l(i,k))
 *     for every column j = k+1 .. N-1:  a(i,j) -= l(i,k) * a(k,j),   i = k+1 .. N-1
 *
 * The column updates of one k are independent and are spread over the threads with
 *
 *     #pragma omp parallel for schedule(static,1) affinity(cols)
 *     for (long j = k + 1; j < n; j++) update_column(...);
 *
 * schedule(static,1) deals the columns out cyclically, which keeps the threads balanced as the
 * range shrinks (with plain static blocks, the threads holding the left columns run out of work
 * first).  The range k+1..N-1 is different at every k, though, so a position-based schedule sends
 * column j to a different thread at almost every step: on a NUMA machine that thread is often on
 * the other node from where the column's pages were first touched.  affinity(cols) names an
 * iteration-to-thread map keyed by the value of j: the initialisation loop, which writes every
 * column with the same clause, records the thread of each column (and places its pages on that
 * thread's node by first touch), and every update loop with affinity(cols) runs column j on that
 * same thread, whatever its range.  The program reports how many column updates ran on the
 * column's first-touch thread.  (omp2numa's translator accepts affinity(name) today; until its
 * runtime reuses the maps, the loop runs with its own schedule and the translator says so with a
 * warning.  Other OpenMP compilers ignore the clause as an unknown one, or reject it.)
 *
 * The same factorisation is then run serially and the two are compared bitwise: every element
 * receives the same sequence of updates (k ascending) computed by the same functions, and an
 * update of column j reads only column k, which is final when step k starts; so which thread
 * updates a column cannot change any value.
 *
 * Usage:   ./lu [N]           default: N = 512
 * Build:   omp2numa-cc -O2 lu.c -o lu
 * Exit status: 0 if the parallel and serial factorisations agree, 1 if not, 2 on bad arguments.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N 512
#define MAX_N 8192

/*
 * Column j of the matrix: entries in [-0.5, 0.5) from a linear congruential generator seeded by
 * j (so each column can be generated on its own, by any thread), plus N on the diagonal, which
 * makes the matrix strictly diagonally dominant: LU without pivoting exists and is stable.
 */
static void init_column(double *col, size_t n, size_t j)
{
  unsigned long long x = 0x9E3779B97F4A7C15ull ^ (unsigned long long)j;
  for (size_t i = 0; i < n; i++) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    col[i] = (double)(x >> 11) / 9007199254740992.0 - 0.5; /* 53 random bits in [0, 1) */
  }
  col[j] += (double)n;
}

/* Step k, column k: the multipliers l(i,k) = a(i,k) / a(k,k) below the diagonal. */
static void scale_column(double *a, size_t n, size_t k)
{
  double *ck = a + k * n;
  for (size_t i = k + 1; i < n; i++)
    ck[i] /= ck[k];
}

/* Step k, column j > k: a(i,j) -= l(i,k) * a(k,j) below row k. */
static void update_column(double *a, size_t n, size_t k, size_t j)
{
  const double *lk = a + k * n;
  double *cj = a + j * n;
  const double akj = cj[k];
  for (size_t i = k + 1; i < n; i++)
    cj[i] -= lk[i] * akj;
}

/*
 * Parallel factorisation: initialises a and factorises it in place.  first_toucher[j] receives
 * the thread that initialised column j; returns the number of column updates that ran on that
 * thread in *same and the team size in *nthreads.
 */
static void lu_parallel(double *a, size_t n, int *first_toucher, long *same, int *nthreads)
{
  long hits = 0;
  int team = 1;

#ifdef _OMP2NUMA /* omp2numa's clause; other OpenMP compilers build the plain loop */
#pragma omp parallel for schedule(static, 1) affinity(cols)
#else
#pragma omp parallel for schedule(static, 1)
#endif
  for (long j = 0; j < (long)n; j++) {
    init_column(a + (size_t)j * n, n, (size_t)j);
    first_toucher[j] = omp_get_thread_num();
    if (j == 0)
      team = omp_get_num_threads();
  }

  for (size_t k = 0; k + 1 < n; k++) {
    scale_column(a, n, k);
#ifdef _OMP2NUMA
#pragma omp parallel for schedule(static, 1) affinity(cols) reduction(+:hits)
#else
#pragma omp parallel for schedule(static, 1) reduction(+:hits)
#endif
    for (long j = (long)k + 1; j < (long)n; j++) {
      update_column(a, n, k, (size_t)j);
      hits += first_toucher[j] == omp_get_thread_num();
    }
  }
  *same = hits;
  *nthreads = team;
}

/* The same computation without OpenMP, as the reference. */
static void lu_serial(double *a, size_t n)
{
  for (size_t j = 0; j < n; j++)
    init_column(a + j * n, n, j);
  for (size_t k = 0; k + 1 < n; k++) {
    scale_column(a, n, k);
    for (size_t j = k + 1; j < n; j++)
      update_column(a, n, k, j);
  }
}

static double abs_double(double x)
{
  return x < 0.0 ? -x : x;
}

/*
 * A check of the factorisation itself, independent of the serial run: the relative difference
 * between A(i,j) and (L U)(i,j) on a few rows, max |A - LU| / max |A|.  L is unit lower
 * triangular (the multipliers below the diagonal), U the upper triangle.
 */
static double lu_error(const double *lu, size_t n)
{
  double *col = malloc(n * sizeof *col);
  double err = 0.0, amax = 0.0;
  size_t rows[] = {0, 1, n / 3, n / 2, n - 1};
  for (size_t j = 0; j < n; j++) {
    init_column(col, n, j);
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
      size_t i = rows[r], m = i < j ? i : j;
      double s = i <= j ? lu[j * n + i] : 0.0; /* l(i,i) = 1 times u(i,j) */
      for (size_t p = 0; p < m; p++)
        s += lu[p * n + i] * lu[j * n + p]; /* l(i,p) u(p,j) */
      if (i > j)
        s += lu[j * n + i] * lu[j * n + j]; /* l(i,j) u(j,j) */
      double d = abs_double(s - col[i]);
      err = d > err ? d : err;
      amax = abs_double(col[i]) > amax ? abs_double(col[i]) : amax;
    }
  }
  free(col);
  return err / amax;
}

static int parse_arg(const char *s, long lo, long hi, long *out)
{
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

int main(int argc, char **argv)
{
  long n = DEFAULT_N;

  if (argc > 2 || (argc > 1 && parse_arg(argv[1], 2, MAX_N, &n) != 0)) {
    fprintf(stderr, "usage: %s [N (2..%d, default %d)]\n", argv[0], MAX_N, DEFAULT_N);
    return 2;
  }

  size_t cells = (size_t)n * (size_t)n;
  double *par = malloc(cells * sizeof *par), *ser = malloc(cells * sizeof *ser);
  int *first_toucher = malloc((size_t)n * sizeof *first_toucher);
  if (!par || !ser || !first_toucher) {
    fprintf(stderr, "lu: out of memory for a %ld x %ld matrix\n", n, n);
    return 2;
  }
  long same = 0;
  int nthreads = 0;

  double t0 = omp_get_wtime();
  lu_parallel(par, (size_t)n, first_toucher, &same, &nthreads);
  double t1 = omp_get_wtime();
  lu_serial(ser, (size_t)n);
  double t2 = omp_get_wtime();

  size_t ndiff = 0, first_diff = 0;
  double max_diff = 0.0, diag_sum = 0.0;
  for (size_t c = 0; c < cells; c++) {
    if (memcmp(&par[c], &ser[c], sizeof(double)) != 0) {
      if (ndiff++ == 0)
        first_diff = c;
      double d = abs_double(par[c] - ser[c]);
      max_diff = d > max_diff ? d : max_diff;
    }
  }
  for (long j = 0; j < n; j++)
    diag_sum += par[(size_t)j * (size_t)n + (size_t)j];
  double err = lu_error(par, (size_t)n);
  /* Backward error of an LU of a well-conditioned, diagonally dominant matrix: a small multiple of
     n * DBL_EPSILON; 1e-10 leaves room for N up to MAX_N. */
  int ok = ndiff == 0 && err < 1e-10;
  long updates = n * (n - 1) / 2;

  printf("lu: %ld x %ld matrix, %d thread%s\n", n, n, nthreads, nthreads == 1 ? "" : "s");
  printf("  parallel: %8.3f s\n", t1 - t0);
  printf("  serial:   %8.3f s\n", t2 - t1);
  printf("  speed-up: %.2f\n", t1 > t0 ? (t2 - t1) / (t1 - t0) : 0.0);
  printf("  sum of U's diagonal: %.10f\n", diag_sum);
  printf("  max |A - LU| / max |A| on sampled rows: %.3e\n", err);
  printf("  column updates on the column's first-touch thread: %ld of %ld (%.1f%%)\n", same,
         updates, updates ? 100.0 * (double)same / (double)updates : 100.0);
  printf("  max abs difference vs serial: %.3e (%zu of %zu entries differ)\n", max_diff, ndiff,
         cells);
  if (ndiff != 0)
    printf("  first difference at (%zu, %zu): parallel %.17g, serial %.17g\n",
           first_diff % (size_t)n, first_diff / (size_t)n, par[first_diff], ser[first_diff]);
  printf("result: %s\n", ok ? "OK" : "MISMATCH");

  free(par);
  free(ser);
  free(first_toucher);
  return ok ? 0 : 1;
}
