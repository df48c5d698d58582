/*
 * task_nqueens.c -- counts the solutions of the N-queens problem with one task per partial
 * placement down to a cut-off depth (BOTS nqueens style): irregular, recursive tasks, each with a
 * small firstprivate board copied at creation.
 *
 * A task places a queen in each safe column of the next row; below --cutoff rows, the search is
 * serial.  Solution counts are summed with an atomic per task at the cut-off.  The result is
 * checked against the known counts (N = 4..14).
 *
 * Options: --n=11 --cutoff=4 --reps=5
 * Output:  RESULT kernel=task_nqueens test=serial|tasks ... seconds=<s> solutions=<count>
 */
#include "bench.h"

#define MAXN 16
static const long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596};

static int n, cutoff;
static long total;

static int safe(const signed char *cols, int row, int c)
{
  for (int r = 0; r < row; r++) {
    int d = cols[r] - c;
    if (d == 0 || d == row - r || d == r - row)
      return 0;
  }
  return 1;
}

static long serial(signed char *cols, int row)
{
  if (row == n)
    return 1;
  long s = 0;
  for (int c = 0; c < n; c++)
    if (safe(cols, row, c)) {
      cols[row] = (signed char)c;
      s += serial(cols, row + 1);
    }
  return s;
}

struct board {
  signed char cols[MAXN];
};

static void search(struct board b, int row)
{
  if (row >= cutoff) {
    long s = serial(b.cols, row);
#pragma omp atomic
    total += s;
    return;
  }
  for (int c = 0; c < n; c++)
    if (safe(b.cols, row, c)) {
      struct board child = b;
      child.cols[row] = (signed char)c;
#pragma omp task firstprivate(child, row)
      search(child, row + 1);
    }
}

int main(int argc, char **argv)
{
  bench_init("task_nqueens", argc, argv);
  n = (int)bench_opt_long("n", 11);
  cutoff = (int)bench_opt_long("cutoff", 4);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");
  if (n < 1 || n > 14)
    bench_usage_error("--n must be 1..14");

  signed char cols[MAXN];
  double t0 = bench_now();
  long s = serial(cols, 0);
  bench_result("serial", 0, bench_now() - t0, "solutions=%ld", s);
  bench_check(s == known[n], "serial: %ld solutions, want %ld", s, known[n]);
  for (int rep = -1; rep < reps; rep++) {
    total = 0;
    t0 = bench_now();
#pragma omp parallel
#pragma omp single
    {
      struct board b;
      memset(&b, 0, sizeof b);
      search(b, 0);
    }
    double t = bench_now() - t0;
    bench_check(total == known[n], "%ld solutions, want %ld", total, known[n]);
    if (rep >= 0)
      bench_result("tasks", rep, t, "solutions=%ld", total);
  }
  bench_check_ok();
  return 0;
}
