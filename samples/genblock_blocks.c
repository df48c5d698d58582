/*
 * genblock_blocks.c -- repeated products with a lower-triangular matrix, rows split among the
 * threads by a work estimate with schedule(genblock(sizes)).
 *
 * L is an N x N lower-triangular matrix stored packed by rows: row i holds its i+1 entries
 * L(i,0..i) at offset i(i+1)/2, so a block of consecutive rows is one contiguous piece of memory.
 * The program runs SWEEPS steps of
 *
 *     y = L x,    x(i) = 2 y(i) / (i+1)        (the rescaling keeps x of order 1)
 *
 * Row i costs i+1 multiply-adds: equal row counts (schedule(static)) would give the last thread
 * nearly twice the average work.  Instead the rows are cut into one contiguous block per thread
 * holding about the same number of entries, and the block sizes are given to
 *
 *     #pragma omp parallel for schedule(genblock(sizes))
 *
 * on every loop that touches the rows: the initialisation of L and x (which, by first touch,
 * places each block's memory on the NUMA node of the thread that owns it) and the products, so
 * each thread keeps working on the memory it placed.  sizes is an int array with one entry per
 * thread of the team, built for omp_get_max_threads() (the team of a parallel for without
 * num_threads), and its entries add up to N (docs/schedules.md, "genblock and indirect").
 *
 * The same computation runs serially and the results are compared bitwise: each y(i) is summed
 * over j in the same order by the same function, whichever thread computes it.
 *
 * Usage:   ./genblock_blocks [N [SWEEPS]]        defaults: N = 4000, SWEEPS = 20
 * Build:   omp2numa-cc -O2 genblock_blocks.c -o genblock_blocks
 * Exit status: 0 if the parallel and serial results agree, 1 if not, 2 on bad arguments.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_N 4000
#define DEFAULT_SWEEPS 20
#define MAX_N 60000

static size_t row_offset(size_t i)
{
  return i * (i + 1) / 2;
}

/* Row i of L: entries in [0, 1) from a linear congruential generator seeded by i. */
static void init_row(double *row, size_t i)
{
  unsigned long long s = 0x2545F4914F6CDD1Dull ^ (unsigned long long)i;
  for (size_t j = 0; j <= i; j++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    row[j] = (double)(s >> 11) / 9007199254740992.0;
  }
}

static double row_times(const double *row, const double *x, size_t i)
{
  double s = 0.0;
  for (size_t j = 0; j <= i; j++)
    s += row[j] * x[j];
  return s;
}

/*
 * Cuts rows 0..n-1 into p contiguous blocks of about equal work (entries): block t ends at the
 * first row whose cumulative entry count reaches (t+1)/p of the total.  sizes[t] is the number of
 * rows of block t; the sizes add up to n.
 */
static void balance(int *sizes, int p, size_t n)
{
  const double total = (double)row_offset(n);
  size_t start = 0;
  for (int t = 0; t < p; t++) {
    size_t end = start;
    const double goal = total * (double)(t + 1) / (double)p;
    while (end < n && (double)row_offset(end + 1) <= goal)
      end++;
    if (t == p - 1)
      end = n;
    sizes[t] = (int)(end - start);
    start = end;
  }
}

/* The largest block's work relative to the average, for blocks of the given row counts. */
static double imbalance(const int *sizes, int p, size_t n)
{
  double max = 0.0;
  size_t start = 0;
  for (int t = 0; t < p; t++) {
    size_t end = start + (size_t)sizes[t];
    double work = (double)(row_offset(end) - row_offset(start));
    max = work > max ? work : max;
    start = end;
  }
  return max / ((double)row_offset(n) / (double)p);
}

#ifdef _OMP2NUMA
#define GENBLOCK schedule(genblock(sizes))
#else
#define GENBLOCK schedule(static)
#endif

static void run_parallel(double *l, double *x, double *y, size_t n, int sweeps, const int *sizes)
{
  (void)sizes; /* only omp2numa's schedule reads it */
  const long rows = (long)n;

  /* First touch: each thread writes its own rows of L and its part of x.  GENBLOCK is omp2numa's
     schedule; other OpenMP compilers build the loops with schedule(static). */
#pragma omp parallel for GENBLOCK
  for (long i = 0; i < rows; i++) {
    init_row(l + row_offset((size_t)i), (size_t)i);
    x[i] = 1.0;
  }
  for (int s = 0; s < sweeps; s++) {
#pragma omp parallel for GENBLOCK
    for (long i = 0; i < rows; i++)
      y[i] = row_times(l + row_offset((size_t)i), x, (size_t)i);
#pragma omp parallel for GENBLOCK
    for (long i = 0; i < rows; i++)
      x[i] = 2.0 * y[i] / (double)(i + 1);
  }
}

static void run_serial(double *l, double *x, double *y, size_t n, int sweeps)
{
  for (size_t i = 0; i < n; i++) {
    init_row(l + row_offset(i), i);
    x[i] = 1.0;
  }
  for (int s = 0; s < sweeps; s++) {
    for (size_t i = 0; i < n; i++)
      y[i] = row_times(l + row_offset(i), x, i);
    for (size_t i = 0; i < n; i++)
      x[i] = 2.0 * y[i] / (double)(i + 1);
  }
}

static double abs_double(double x)
{
  return x < 0.0 ? -x : x;
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
  long n = DEFAULT_N, sweeps = DEFAULT_SWEEPS;

  if (argc > 3 || (argc > 1 && parse_arg(argv[1], 1, MAX_N, &n) != 0) ||
      (argc > 2 && parse_arg(argv[2], 1, 1000000, &sweeps) != 0)) {
    fprintf(stderr, "usage: %s [N (1..%d, default %d) [SWEEPS (>= 1, default %d)]]\n", argv[0],
            MAX_N, DEFAULT_N, DEFAULT_SWEEPS);
    return 2;
  }

  const int p = omp_get_max_threads();
  const size_t entries = row_offset((size_t)n);
  int *sizes = malloc((size_t)p * sizeof *sizes), *equal = malloc((size_t)p * sizeof *equal);
  double *l = malloc(entries * sizeof *l), *l_ser = malloc(entries * sizeof *l_ser);
  double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  double *x_ser = malloc((size_t)n * sizeof *x_ser), *y_ser = malloc((size_t)n * sizeof *y_ser);
  if (!sizes || !equal || !l || !l_ser || !x || !y || !x_ser || !y_ser) {
    fprintf(stderr, "genblock_blocks: out of memory for N = %ld\n", n);
    return 2;
  }
  balance(sizes, p, (size_t)n);
  for (int t = 0; t < p; t++) /* what schedule(static) would give: equal row counts */
    equal[t] = (int)(n / p + (t < n % p));

  double t0 = omp_get_wtime();
  run_parallel(l, x, y, (size_t)n, (int)sweeps, sizes);
  double t1 = omp_get_wtime();
  run_serial(l_ser, x_ser, y_ser, (size_t)n, (int)sweeps);
  double t2 = omp_get_wtime();

  size_t ndiff = 0;
  double max_diff = 0.0, sum = 0.0;
  for (long i = 0; i < n; i++) {
    if (memcmp(&x[i], &x_ser[i], sizeof(double)) != 0 ||
        memcmp(&y[i], &y_ser[i], sizeof(double)) != 0) {
      ndiff++;
      double d = abs_double(x[i] - x_ser[i]);
      max_diff = d > max_diff ? d : max_diff;
    }
    sum += x[i];
  }
  int ok = ndiff == 0;

  printf("genblock_blocks: N = %ld (%zu entries), %ld sweep%s, %d thread%s\n", n, entries, sweeps,
         sweeps == 1 ? "" : "s", p, p == 1 ? "" : "s");
  printf("  rows per thread (genblock):");
  for (int t = 0; t < p; t++)
    printf(" %d", sizes[t]);
  printf("\n  largest block's work / average: %.3f (genblock), %.3f (equal row counts)\n",
         imbalance(sizes, p, (size_t)n), imbalance(equal, p, (size_t)n));
  printf("  parallel: %8.3f s\n", t1 - t0);
  printf("  serial:   %8.3f s\n", t2 - t1);
  printf("  speed-up: %.2f\n", t1 > t0 ? (t2 - t1) / (t1 - t0) : 0.0);
  printf("  mean of x: %.12f\n", sum / (double)n);
  printf("  max abs difference vs serial: %.3e (%zu of %ld rows differ)\n", max_diff, ndiff, n);
  printf("result: %s\n", ok ? "OK" : "MISMATCH");

  free(sizes);
  free(equal);
  free(l);
  free(l_ser);
  free(x);
  free(y);
  free(x_ser);
  free(y_ser);
  return ok ? 0 : 1;
}
