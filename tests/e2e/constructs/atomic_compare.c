// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// REQUIRES: translator
//
// atomic compare and atomic compare capture (OpenMP 5.1), every form for C: min and max by
// `x = e < x ? e : x` and `if (x > e) { x = e; }`, compare-and-set by `x == e ? d : x`, with the
// captures of the old value, the new value, the old value when the comparison fails, and the
// comparison's result.  Each form is checked against its serial meaning, then 4 threads race
// to lower and raise shared extremes and to claim slots by compare-and-set.
#include <omp.h>
#include <stdio.h>

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "atomic_compare: " __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                                         \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

enum { N = 10000 };

static int calls;
static int *slot(int *p)
{
  calls++;
  return p;
}

static void serial_forms(void)
{
  int x = 10, v = 0, r = 0, e = 3;
  double d = 2.5;
#pragma omp atomic compare
  x = e < x ? e : x; /* min */
  CHECK(x == 3, "min: %d", x);
#pragma omp atomic compare
  x = x < 7 ? 7 : x; /* max */
  CHECK(x == 7, "max: %d", x);
#pragma omp atomic compare
  if (x > 5) { x = 5; }
  CHECK(x == 5, "if min: %d", x);
#pragma omp atomic compare
  x = x == 4 ? 40 : x; /* fails */
  CHECK(x == 5, "eq fails: %d", x);
#pragma omp atomic compare
  if (x == 5) { x = 50; }
  CHECK(x == 50, "if eq: %d", x);
#pragma omp atomic compare
  d = d > 1.0 ? 1.0 : d;
  CHECK(d == 1.0, "double min: %g", d);
  /* Floating values compare equal by their bits (gcc): -0.0 is not 0.0, on long double too
     (whose atomics run under the runtime's lock). */
  double zero = 0.0, minus_zero = -0.0;
  long double ld = 0.0L, lminus = -0.0L;
#pragma omp atomic compare
  zero = zero == minus_zero ? 5.0 : zero;
#pragma omp atomic compare
  ld = ld == lminus ? 5.0L : ld;
  CHECK(zero == 0.0 && ld == 0.0L, "-0.0 compared equal to 0.0: %g %Lg", zero, ld);
#pragma omp atomic compare
  ld = ld == 0.0L ? 5.0L : ld;
#pragma omp atomic compare
  if (ld < 6.0L) { ld = 6.0L; }
  CHECK(ld == 6.0L, "long double: %Lg", ld);

#pragma omp atomic compare capture
  { v = x; if (x < 60) { x = 60; } }
  CHECK(v == 50 && x == 60, "capture old: v %d x %d", v, x);
#pragma omp atomic compare capture
  { if (x > 55) { x = 55; } v = x; }
  CHECK(v == 55 && x == 55, "capture new: v %d x %d", v, x);
#pragma omp atomic capture compare
  v = x = x == 1 ? 2 : x;
  CHECK(v == 55 && x == 55, "capture new, failed: v %d x %d", v, x);
#pragma omp atomic compare capture
  if (x == 55) { x = 56; } else { v = x; }
  CHECK(x == 56 && v == 55, "else capture, succeeded (v untouched): v %d x %d", v, x);
#pragma omp atomic compare capture
  if (x == 55) { x = 57; } else { *slot(&v) = x; }
  CHECK(x == 56 && v == 56 && calls == 1, "else capture, failed: v %d x %d calls %d", v, x,
        calls);
#pragma omp atomic compare capture
  { r = x == 56; if (r) { x = 70; } }
  CHECK(r == 1 && x == 70, "result: r %d x %d", r, x);
  v = -1;
#pragma omp atomic update, compare, capture seq_cst fail(relaxed)
  { r = x == 56; if (r) { x = 80; } else { v = x; } }
  CHECK(r == 0 && x == 70 && v == 70, "result, failed: r %d x %d v %d", r, x, v);
}

int main(void)
{
  serial_forms();
  int lo = N, hi = -1, claimed[64] = {0}, wins = 0;
#pragma omp parallel for reduction(+ : wins)
  for (int i = 0; i < N; i++) {
    const int value = (i * 7919) % N;
#pragma omp atomic compare
    lo = value < lo ? value : lo;
#pragma omp atomic compare hint(0)
    if (hi < value) { hi = value; }
    int r;
#pragma omp atomic compare capture
    { r = claimed[i % 64] == 0; if (r) { claimed[i % 64] = i + 1; } }
    wins += r;
  }
  CHECK(lo == 0 && hi == N - 1, "racing extremes: [%d, %d]", lo, hi);
  CHECK(wins == 64, "compare-and-set claimed %d slots, expected 64", wins);
  for (int k = 0; k < 64; k++)
    CHECK(claimed[k] > 0 && (claimed[k] - 1) % 64 == k, "slot %d holds %d", k, claimed[k]);
  return failures != 0;
}
