// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// The same kernel under schedule(static), (static, 1), (static, 7), (static, CHUNK) with CHUNK a
// macro, (static, chunk) with chunk a run-time variable, and no schedule clause, for trip counts
// from 0 (zero-trip loop) through fewer iterations than threads, a chunk larger than the whole
// loop, to a few thousand.  Each iteration runs exactly once (every hit[i] is 1 afterwards), the
// output equals the serial one, and an integer reduction over the same loop matches.  The kernel
// is a loop inside a function that is called many times, each call a new worksharing loop.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHUNK 16
#define NMAX 3000

static int hit[NMAX];
static long long out_par[NMAX], out_ser[NMAX];
static int failures;

/* An integer hash: cheap, deterministic, and different for every i. */
static long long f(int i)
{
  uint64_t z = (uint64_t)i * 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  return (long long)((z ^ (z >> 31)) & 0xffffffffULL);
}

/* Returns the sum of f(i); writes out_par[i] = f(i) and counts executions in hit[i]. */
static long long run_static(int n)
{
  long long sum = 0;
#pragma omp parallel for schedule(static) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static long long run_static_1(int n)
{
  long long sum = 0;
#pragma omp parallel for schedule(static, 1) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static long long run_static_7(int n)
{
  long long sum = 0;
#pragma omp parallel for schedule(static, 7) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static long long run_static_macro(int n)
{
  long long sum = 0;
#pragma omp parallel for schedule(static, CHUNK) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static int chunk_var = 5; /* set by main: a chunk size known only at run time */

static long long run_static_var(int n)
{
  long long sum = 0;
#pragma omp parallel for schedule(static, chunk_var * 2 + 1) reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static long long run_default(int n)
{
  long long sum = 0;
#pragma omp parallel for reduction(+:sum)
  for (int i = 0; i < n; i++) {
    hit[i]++;
    out_par[i] = f(i);
    sum += out_par[i];
  }
  return sum;
}

static void check(const char *sched, long long (*run)(int), int n)
{
  long long want = 0;
  memset(hit, 0, sizeof hit);
  memset(out_par, 0, sizeof out_par);
  for (int i = 0; i < n; i++) {
    out_ser[i] = f(i);
    want += out_ser[i];
  }

  long long got = run(n);

  int bad = 0;
  for (int i = 0; i < NMAX; i++) {
    int want_hits = i < n ? 1 : 0;
    if (hit[i] != want_hits && bad++ < 5)
      printf("MISMATCH %s, n=%d: iteration %d ran %d times, want %d\n", sched, n, i, hit[i],
             want_hits);
    if (i < n && out_par[i] != out_ser[i] && bad++ < 5)
      printf("MISMATCH %s, n=%d: out[%d] = %lld, want %lld\n", sched, n, i, out_par[i],
             out_ser[i]);
  }
  if (got != want && bad++ < 5)
    printf("MISMATCH %s, n=%d: sum %lld, want %lld\n", sched, n, got, want);
  if (bad)
    failures++;
}

int main(void)
{
  static const int trips[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 1001,
                              NMAX};
  static const struct {
    const char *name;
    long long (*run)(int);
  } scheds[] = {
      {"schedule(static)", run_static},
      {"schedule(static, 1)", run_static_1},
      {"schedule(static, 7)", run_static_7},
      {"schedule(static, CHUNK=16)", run_static_macro},
      {"schedule(static, chunk_var*2+1 = 11)", run_static_var},
      {"no schedule clause", run_default},
  };

  chunk_var = 5;
  for (size_t s = 0; s < sizeof scheds / sizeof scheds[0]; s++)
    for (size_t t = 0; t < sizeof trips / sizeof trips[0]; t++)
      check(scheds[s].name, scheds[s].run, trips[t]);

  printf("schedule_static_chunks: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
