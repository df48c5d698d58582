/*
 * task_sort.c -- merge sort of 64-bit keys with tasks (BOTS sort style, simplified): both halves
 * sorted by tasks, then merged; ranges below --cutoff elements are sorted serially (insertion
 * sort below 32, merge sort above).  Memory-bound recursive tasks with a shared scratch buffer.
 *
 * The input is the same pseudo-random array for every runtime; the result is checked to be
 * sorted and to have the input's sum and xor.
 *
 * Options: --n=4000000 --cutoff=8192 --reps=5
 * Output:  RESULT kernel=task_sort test=serial|tasks ... seconds=<s> n=<n>
 */
#include "bench.h"

static long cutoff;

static void insertion(uint64_t *a, long n)
{
  for (long i = 1; i < n; i++) {
    uint64_t v = a[i];
    long j = i;
    while (j > 0 && a[j - 1] > v) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = v;
  }
}

static void merge(const uint64_t *a, long na, const uint64_t *b, long nb, uint64_t *out)
{
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

/* Sorts a[0..n) using tmp[0..n) as scratch; the result is in a. */
static void sort_serial(uint64_t *a, uint64_t *tmp, long n)
{
  if (n < 32) {
    insertion(a, n);
    return;
  }
  long h = n / 2;
  sort_serial(a, tmp, h);
  sort_serial(a + h, tmp + h, n - h);
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, sizeof *a * (size_t)n);
}

static void sort_tasks(uint64_t *a, uint64_t *tmp, long n)
{
  if (n <= cutoff) {
    sort_serial(a, tmp, n);
    return;
  }
  long h = n / 2;
#pragma omp task firstprivate(a, tmp, h)
  sort_tasks(a, tmp, h);
#pragma omp task firstprivate(a, tmp, h, n)
  sort_tasks(a + h, tmp + h, n - h);
#pragma omp taskwait
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, sizeof *a * (size_t)n);
}

static void fill(uint64_t *a, long n)
{
  uint64_t st = 42;
  for (long i = 0; i < n; i++)
    a[i] = bench_rand(&st);
}

static void verify(const uint64_t *a, long n, uint64_t sum, uint64_t x)
{
  uint64_t s = 0, y = 0;
  long unsorted = 0;
  for (long i = 0; i < n; i++) {
    s += a[i];
    y ^= a[i];
    unsorted += i > 0 && a[i - 1] > a[i];
  }
  bench_check(!unsorted && s == sum && y == x, "%ld pairs out of order, sum %s, xor %s",
              unsorted, s == sum ? "ok" : "wrong", y == x ? "ok" : "wrong");
}

int main(int argc, char **argv)
{
  bench_init("task_sort", argc, argv);
  long n = bench_opt_long("n", 4000000);
  cutoff = bench_opt_long("cutoff", 8192);
  int reps = (int)bench_opt_long("reps", 5);
  bench_opts_done();
  bench_fixed_schedule("tasks", "default");

  uint64_t *a = bench_alloc(sizeof *a * (size_t)n), *tmp = bench_alloc(sizeof *a * (size_t)n);
  fill(a, n);
  uint64_t sum = 0, x = 0;
  for (long i = 0; i < n; i++) {
    sum += a[i];
    x ^= a[i];
  }
  memset(tmp, 0, sizeof *a * (size_t)n);
  double t0 = bench_now();
  sort_serial(a, tmp, n);
  bench_result("serial", 0, bench_now() - t0, "n=%ld", n);
  verify(a, n, sum, x);
  for (int rep = -1; rep < reps; rep++) {
    fill(a, n);
    t0 = bench_now();
#pragma omp parallel
#pragma omp single
    sort_tasks(a, tmp, n);
    double t = bench_now() - t0;
    verify(a, n, sum, x);
    if (rep >= 0)
      bench_result("tasks", rep, t, "n=%ld", n);
  }
  free(a);
  free(tmp);
  bench_check_ok();
  return 0;
}
