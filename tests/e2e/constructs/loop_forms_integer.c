// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Canonical loop forms with integer indices, on `parallel for` and on `for` inside `parallel`,
// under static, dynamic and guided schedules: `!=` upwards and downwards, unsigned, short, unsigned
// char, long long and size_t indices, steps written `i += c`, `i -= c`, `i = i + c`, `i = c + i`,
// steps held in variables (positive and negative), bounds at the limits of the type (INT_MAX,
// INT_MIN, UINT_MAX, LLONG_MIN/MAX, SIZE_MAX, 255 for unsigned char) and zero-trip loops of each
// family.  Every serial loop stops before its index could overflow.  Loops whose span hi - lo does
// not fit in the index type are left to ../loop_wide_span.c: GCC computes the trip count in the
// index type and runs them zero times, so they cannot be compared with it here; for the same reason
// (hi - lo + step must fit) large steps stay clear of the unsigned maxima.  The unsigned char loop
// is dynamic: under schedule(static, 16) GCC 12 hangs on it (its chunk bound wraps in the index
// type).  Each form is checked by an iteration count and an order-independent hash of the visited
// values (a sum mod 2^64 of a bijective mix), both reductions.

#include <limits.h>
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static int failures;
static int forms;

/* splitmix64's finaliser: a bijective 64-bit mix. */
static uint64_t mix(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

#define VISIT(v) (c++, h += mix((uint64_t)(v)))
#define VISIT_REF(v) (cr++, hr += mix((uint64_t)(v)))
#define START (c = cr = 0, h = hr = 0)

static void check(const char *form, long long c, uint64_t h, long long cr, uint64_t hr)
{
  forms++;
  if (c != cr || h != hr) {
    printf("MISMATCH %s: %lld iterations (hash %016llx), want %lld (hash %016llx)\n", form, c,
           (unsigned long long)h, cr, (unsigned long long)hr);
    failures++;
  } else {
    printf("%-56s %lld\n", form, cr);
  }
}

static void not_equal(int n)
{
  long long c, cr;
  uint64_t h, hr;

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (unsigned u = 0; u != (unsigned)n; u++)
    VISIT(u);
  for (unsigned u = 0; u != (unsigned)n; u++)
    VISIT_REF(u);
  check("for (unsigned u = 0; u != n; u++)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic, 7) reduction(+ : c, h)
  for (int i = n; i != 0; --i)
    VISIT(i);
  for (int i = n; i != 0; --i)
    VISIT_REF(i);
  check("for (int i = n; i != 0; --i) dynamic,7", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(guided) reduction(+ : c, h)
  for (long long l = -n; l != n; l++)
    VISIT(l);
  for (long long l = -n; l != n; l++)
    VISIT_REF(l);
  check("for (long long l = -n; l != n; l++) guided", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (unsigned u = UINT_MAX - 9; u != UINT_MAX; u++)
    VISIT(u);
  for (unsigned u = UINT_MAX - 9; u != UINT_MAX; u++)
    VISIT_REF(u);
  check("for (unsigned u = UINT_MAX - 9; u != UINT_MAX; u++)", c, h, cr, hr);
}

static void steps(int n, int step, int negstep)
{
  long long c, cr;
  uint64_t h, hr;

  START;
#pragma omp parallel for schedule(static, 3) reduction(+ : c, h)
  for (long long l = -3LL * n; l < 5LL * n; l += 3)
    VISIT(l);
  for (long long l = -3LL * n; l < 5LL * n; l += 3)
    VISIT_REF(l);
  check("for (long long l = -3n; l < 5n; l += 3) static,3", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic) reduction(+ : c, h)
  for (long long l = n; l > -n; l -= 4)
    VISIT(l);
  for (long long l = n; l > -n; l -= 4)
    VISIT_REF(l);
  check("for (long long l = n; l > -n; l -= 4) dynamic", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (int i = 1; i <= n; i = i + 3)
    VISIT(i);
  for (int i = 1; i <= n; i = i + 3)
    VISIT_REF(i);
  check("for (int i = 1; i <= n; i = i + 3)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(guided, 2) reduction(+ : c, h)
  for (int i = 0; i < n; i = 2 + i)
    VISIT(i);
  for (int i = 0; i < n; i = 2 + i)
    VISIT_REF(i);
  check("for (int i = 0; i < n; i = 2 + i) guided,2", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (int i = -n; i < n; i += step)
    VISIT(i);
  for (int i = -n; i < n; i += step)
    VISIT_REF(i);
  check("for (int i = -n; i < n; i += step), step > 0", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(static, 1) reduction(+ : c, h)
  for (int i = n; i >= -n; i += negstep)
    VISIT(i);
  for (int i = n; i >= -n; i += negstep)
    VISIT_REF(i);
  check("for (int i = n; i >= -n; i += negstep), negstep < 0", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (int i = 2 * n; i > 0; i -= step)
    VISIT(i);
  for (int i = 2 * n; i > 0; i -= step)
    VISIT_REF(i);
  check("for (int i = 2n; i > 0; i -= step)", c, h, cr, hr);
}

static void small_and_wide_types(int n)
{
  long long c, cr;
  uint64_t h, hr;
  size_t sn = (size_t)n * 3;

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (size_t s = 0; s < sn; s += 2)
    VISIT(s);
  for (size_t s = 0; s < sn; s += 2)
    VISIT_REF(s);
  check("for (size_t s = 0; s < 3n; s += 2)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic, 5) reduction(+ : c, h)
  for (size_t s = sn; s > 0; s--)
    VISIT(s);
  for (size_t s = sn; s > 0; s--)
    VISIT_REF(s);
  check("for (size_t s = 3n; s > 0; s--) dynamic,5", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (short k = -200; k < 300; k++)
    VISIT(k);
  for (short k = -200; k < 300; k++)
    VISIT_REF(k);
  check("for (short k = -200; k < 300; k++)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : c, h)
  for (unsigned char b = 0; b < 255; b++)
    VISIT(b);
  for (unsigned char b = 0; b < 255; b++)
    VISIT_REF(b);
  check("for (unsigned char b = 0; b < 255; b++) dynamic,16", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (unsigned short us = 65535; us > 60000; us -= 9)
    VISIT(us);
  for (unsigned short us = 65535; us > 60000; us -= 9)
    VISIT_REF(us);
  check("for (unsigned short us = 65535; us > 60000; us -= 9)", c, h, cr, hr);
}

static void limits(void)
{
  long long c, cr;
  uint64_t h, hr;

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (int i = INT_MAX - 40; i <= INT_MAX - 1; i++)
    VISIT(i);
  for (int i = INT_MAX - 40; i <= INT_MAX - 1; i++)
    VISIT_REF(i);
  check("for (int i = INT_MAX - 40; i <= INT_MAX - 1; i++)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic, 3) reduction(+ : c, h)
  for (int i = INT_MIN; i < INT_MIN + 33; i++)
    VISIT(i);
  for (int i = INT_MIN; i < INT_MIN + 33; i++)
    VISIT_REF(i);
  check("for (int i = INT_MIN; i < INT_MIN + 33; i++) dynamic,3", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (int i = INT_MAX; i > INT_MAX - 1000; i -= 37)
    VISIT(i);
  for (int i = INT_MAX; i > INT_MAX - 1000; i -= 37)
    VISIT_REF(i);
  check("for (int i = INT_MAX; i > INT_MAX - 1000; i -= 37)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(guided) reduction(+ : c, h)
  for (unsigned u = 0; u < UINT_MAX - (1u << 27); u += 1u << 27)
    VISIT(u);
  for (unsigned u = 0; u < UINT_MAX - (1u << 27); u += 1u << 27)
    VISIT_REF(u);
  check("for (unsigned u = 0; u < UINT_MAX - 2^27; u += 2^27) guided", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (long long l = LLONG_MIN; l < LLONG_MIN + 1000; l += 41)
    VISIT(l);
  for (long long l = LLONG_MIN; l < LLONG_MIN + 1000; l += 41)
    VISIT_REF(l);
  check("for (long long l = LLONG_MIN; l < LLONG_MIN + 1000; l += 41)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(static, 2) reduction(+ : c, h)
  for (long long l = LLONG_MAX; l > LLONG_MAX - 50; l -= 3)
    VISIT(l);
  for (long long l = LLONG_MAX; l > LLONG_MAX - 50; l -= 3)
    VISIT_REF(l);
  check("for (long long l = LLONG_MAX; l > LLONG_MAX - 50; l -= 3) static,2", c, h, cr, hr);

  START;
#pragma omp parallel for reduction(+ : c, h)
  for (size_t s = SIZE_MAX; s > SIZE_MAX - 40; s--)
    VISIT(s);
  for (size_t s = SIZE_MAX; s > SIZE_MAX - 40; s--)
    VISIT_REF(s);
  check("for (size_t s = SIZE_MAX; s > SIZE_MAX - 40; s--)", c, h, cr, hr);

  START;
#pragma omp parallel for schedule(dynamic) reduction(+ : c, h)
  for (size_t s = SIZE_MAX - 1000; s < SIZE_MAX - 10; s += 37)
    VISIT(s);
  for (size_t s = SIZE_MAX - 1000; s < SIZE_MAX - 10; s += 37)
    VISIT_REF(s);
  check("for (size_t s = SIZE_MAX - 1000; s < SIZE_MAX - 10; s += 37) dynamic", c, h, cr, hr);
}

/* `for` inside `parallel`: the same forms as a work-sharing loop of an enclosing team, with the
   index declared before the region (it is made private by the construct). */
static void inside_region(int n)
{
  long long c = 0, cr = 0;
  uint64_t h = 0, hr = 0;
  int i;
  unsigned u;
  long long l;

#pragma omp parallel reduction(+ : c, h)
  {
#pragma omp for schedule(static)
    for (i = n; i != -n; i--)
      VISIT(i);
#pragma omp for schedule(dynamic, 4)
    for (u = 3; u < 3u * (unsigned)n; u += 5)
      VISIT(u);
#pragma omp for schedule(guided, 3) nowait
    for (l = 10LL * n; l >= 0; l -= 7)
      VISIT(l);
  }
  for (i = n; i != -n; i--)
    VISIT_REF(i);
  for (u = 3; u < 3u * (unsigned)n; u += 5)
    VISIT_REF(u);
  for (l = 10LL * n; l >= 0; l -= 7)
    VISIT_REF(l);
  check("three work-sharing loops in one region", c, h, cr, hr);
}

static void zero_trip(int a, int b) /* called with b < a */
{
  long long c = 5;
  uint64_t h = 9;

#pragma omp parallel reduction(+ : c, h)
  {
#pragma omp for
    for (int i = a; i != a; i++)
      VISIT(i);
#pragma omp for schedule(dynamic)
    for (int i = a; i < b; i += 4)
      VISIT(i);
#pragma omp for schedule(guided)
    for (int i = b; i > a; i--)
      VISIT(i);
#pragma omp for
    for (unsigned u = (unsigned)a; u < (unsigned)a; u++)
      VISIT(u);
#pragma omp for
    for (long long l = b; l >= a; l -= 2)
      VISIT(l);
#pragma omp for schedule(static, 3)
    for (size_t s = (size_t)a; s < (size_t)b; s++)
      VISIT(s);
#pragma omp for
    for (unsigned char k = 200; k < 100; k++)
      VISIT(k);
  }
  check("zero-trip loops (reduction keeps 5, 9)", c, h, 5, 9);
}

int main(void)
{
  static const int sizes[] = {1000, 17, 3, 1};
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    int n = sizes[k];
    printf("n = %d\n", n);
    not_equal(n);
    steps(n, 7, -5);
    small_and_wide_types(n);
    inside_region(n);
  }
  limits();
  zero_trip(10, 3);
  printf("loop_forms_integer: %d forms, %s\n", forms, failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
