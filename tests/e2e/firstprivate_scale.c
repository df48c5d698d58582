// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// firstprivate(...): every thread's copy starts with the original's value from before the loop.
// Covers a scale factor and an integer offset (a shifted, scaled copy, as in a resampling kernel),
// a pointer into the middle of an array, a struct of coefficients (polynomial evaluation), and a
// firstprivate counter that each thread advances: with a static schedule a thread runs its
// iterations in increasing order, so in the iteration that is the m-th one of its thread the
// counter is start + m, whichever thread that is.  The originals are unchanged after the loop.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 5000
#define MAX_OFFSET 16
#define MAX_THREADS 1024

static double x[N + MAX_OFFSET], y_par[N], y_ser[N];
static int seen[N], owner[N];
static int failures;

struct poly3 {
  double c0, c1, c2, c3;
};

static uint64_t lcg_state = 99;

static double uniform(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(lcg_state >> 11) * 0x1.0p-53;
}

static void compare(const char *what)
{
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (y_par[i] != y_ser[i]) {
      if (bad++ < 5)
        printf("MISMATCH %s at %d: got %.17g, want %.17g\n", what, i, y_par[i], y_ser[i]);
    }
  }
  if (bad)
    failures++;
}

static void scale_and_offset(double scale, int offset)
{
  double s0 = scale;
  int o0 = offset;

#pragma omp parallel for schedule(static) firstprivate(scale, offset)
  for (int i = 0; i < N; i++)
    y_par[i] = scale * x[i + offset];
  for (int i = 0; i < N; i++)
    y_ser[i] = s0 * x[i + o0];
  compare("scaled, shifted copy");

  /* Each copy may be changed without affecting the other threads or the original. */
#pragma omp parallel for schedule(static, 3) firstprivate(scale, offset)
  for (int i = 0; i < N; i++) {
    if (offset > MAX_OFFSET / 2) /* clamp and abs: idempotent, so repeating them per iteration */
      offset = MAX_OFFSET / 2;   /* gives the same copy whichever iterations a thread runs */
    if (scale < 0.0)
      scale = -scale;
    y_par[i] = scale * x[i + offset];
  }
  int o1 = o0 > MAX_OFFSET / 2 ? MAX_OFFSET / 2 : o0;
  double s1 = s0 < 0.0 ? -s0 : s0;
  for (int i = 0; i < N; i++)
    y_ser[i] = s1 * x[i + o1];
  compare("copy with locally modified offset");

  if (scale != s0 || offset != o0) {
    printf("MISMATCH originals changed: scale %g (was %g), offset %d (was %d)\n", scale, s0, offset,
           o0);
    failures++;
  }
}

static void pointer_and_struct(void)
{
  const double *src = x + 5;
  struct poly3 p = {0.5, -1.25, 2.0, 0.125};

#pragma omp parallel for schedule(static) firstprivate(src, p)
  for (int i = 0; i < N; i++) {
    double t = src[i];
    y_par[i] = ((p.c3 * t + p.c2) * t + p.c1) * t + p.c0;
  }
  for (int i = 0; i < N; i++) {
    double t = x[i + 5];
    y_ser[i] = ((0.125 * t + 2.0) * t + -1.25) * t + 0.5;
  }
  compare("polynomial through firstprivate pointer and struct");
}

/* seen[i] must be start + (how many iterations up to i its thread ran). */
static void check_counter(const char *what, int start, int nthreads)
{
  static int ran[MAX_THREADS];
  int bad = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    ran[t] = 0;
  for (int i = 0; i < N; i++) {
    int t = owner[i];
    if (t < 0 || t >= nthreads || t >= MAX_THREADS) {
      printf("MISMATCH %s: iteration %d ran on thread %d of %d\n", what, i, t, nthreads);
      failures++;
      return;
    }
    ran[t]++;
    if (seen[i] != start + ran[t] && bad++ < 5)
      printf("MISMATCH %s: iteration %d (thread %d's #%d) saw counter %d, want %d\n", what, i, t,
             ran[t], seen[i], start + ran[t]);
  }
  if (bad)
    failures++;
}

static void per_thread_counter(void)
{
  int counter = 1000;
  int nthreads = 1;

#pragma omp parallel for schedule(static) firstprivate(counter)
  for (int i = 0; i < N; i++) {
    if (i == 0)
      nthreads = omp_get_num_threads();
    counter++;
    seen[i] = counter;
    owner[i] = omp_get_thread_num();
  }
  check_counter("counter, schedule(static)", 1000, nthreads);

#pragma omp parallel for schedule(static, 1) firstprivate(counter)
  for (int i = 0; i < N; i++) {
    counter += 1;
    seen[i] = counter;
    owner[i] = omp_get_thread_num();
  }
  check_counter("counter, schedule(static, 1)", 1000, nthreads);

  if (counter != 1000) {
    printf("MISMATCH original counter changed: %d\n", counter);
    failures++;
  }
}

int main(void)
{
  for (int i = 0; i < N + MAX_OFFSET; i++)
    x[i] = uniform() * 10.0 - 5.0;

  scale_and_offset(2.5, 7);
  scale_and_offset(-0.75, 16);
  scale_and_offset(1.0, 0);
  pointer_and_struct();
  per_thread_counter();

  printf("firstprivate_scale: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
