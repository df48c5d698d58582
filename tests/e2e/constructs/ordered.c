// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// The `ordered` clause on a loop and `ordered` regions in its body: the expensive part of each
// iteration runs in parallel, and the part in the ordered region runs in the loop's serial
// order.  The application computes per-row results of a small Mandelbrot image in parallel and
// writes them out (printf and an append-only log) in row order, so the printed output is
// byte-for-byte the serial one.  Covers schedule(dynamic), schedule(static, 1) and the default
// schedule, a downward loop, iterations that skip the ordered region, and `for ordered` inside a
// `parallel` region.  Ordered regions in a function called from the loop body are in
// ordered_orphaned.c.  The sequence of iterations that entered the ordered regions is compared
// with the serial sequence.

#include <omp.h>
#include <stdio.h>

#define W 64
#define H 48
#define MAXIT 200
#define LOGMAX 4096

static int log_seq[LOGMAX];
static int log_len;
static unsigned row_hash[H];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int escape_time(double cr, double ci)
{
  double zr = 0.0, zi = 0.0;
  int it = 0;
  while (it < MAXIT && zr * zr + zi * zi <= 4.0) {
    double t = zr * zr - zi * zi + cr;
    zi = 2.0 * zr * zi + ci;
    zr = t;
    it++;
  }
  return it;
}

static unsigned mandel_row(int y)
{
  unsigned h = 2166136261u; /* FNV-1a over the row's escape times */
  for (int x = 0; x < W; x++) {
    int it = escape_time(-2.0 + 2.5 * x / W, -1.0 + 2.0 * y / H);
    h = (h ^ (unsigned)it) * 16777619u;
  }
  return h;
}

static void log_entry(int v)
{
  if (log_len < LOGMAX)
    log_seq[log_len] = v;
  log_len++;
}

static void check_log(const char *what, const int *want, int nwant)
{
  int bad = log_len != nwant;
  for (int k = 0; k < nwant && k < log_len && !bad; k++)
    bad = log_seq[k] != want[k];
  CHECK(!bad, "%s: the ordered regions ran out of order (%d entries, want %d)", what, log_len,
        nwant);
  printf("%s: %d entries in order\n", what, nwant);
}

static void rows_dynamic(void)
{
  int want[H];
  log_len = 0;
  printf("rows (ordered, dynamic):\n");
#pragma omp parallel for ordered schedule(dynamic)
  for (int y = 0; y < H; y++) {
    unsigned h = mandel_row(y); /* parallel part */
#pragma omp ordered
    {
      printf("  row %2d hash %08x\n", y, h);
      log_entry(y);
      row_hash[y] = h;
    }
  }
  for (int y = 0; y < H; y++) {
    want[y] = y;
    CHECK(row_hash[y] == mandel_row(y), "row %d hash", y);
  }
  check_log("ordered, dynamic", want, H);
}

/* Downward loop, static chunks of 1; only every third iteration enters the ordered region. */
static void sparse_downward(void)
{
  int want[H];
  int nwant = 0;
  log_len = 0;
#pragma omp parallel for ordered schedule(static, 1)
  for (int y = H - 1; y >= 0; y--) {
    unsigned h = mandel_row(y);
    if (y % 3 == 0) {
#pragma omp ordered
      log_entry(y * 1000 + (int)(h % 1000));
    }
  }
  for (int y = H - 1; y >= 0; y--)
    if (y % 3 == 0)
      want[nwant++] = y * 1000 + (int)(mandel_row(y) % 1000);
  check_log("ordered, static 1, downward, every third iteration", want, nwant);
}

/* for ordered inside a parallel region, default schedule, with a running prefix sum that is only
   correct if the ordered regions run in order. */
static void prefix_sum(void)
{
  static long in[LOGMAX], out[LOGMAX];
  const int n = 3000;
  long running = 0;
  for (int i = 0; i < n; i++)
    in[i] = (i * 37) % 101 - 50;
#pragma omp parallel shared(running)
  {
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
      long v = in[i] * in[i] - in[i]; /* parallel part */
#pragma omp ordered
      {
        running += v;
        out[i] = running;
      }
    }
  }
  long r = 0;
  int bad = 0;
  for (int i = 0; i < n; i++) {
    r += in[i] * in[i] - in[i];
    if (out[i] != r && bad++ < 3)
      printf("MISMATCH prefix[%d] = %ld, want %ld\n", i, out[i], r);
  }
  failures += bad != 0;
  printf("ordered prefix sum: last %ld\n", r);
}

int main(void)
{
  rows_dynamic();
  sparse_downward();
  prefix_sum();
  printf("ordered: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
