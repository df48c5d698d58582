// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Canonical loop forms of `parallel for`: `<`, `<=`, `>`, `>=`; `i++`, `++i`, `i--`, `--i`,
// `i += 3`, `i -= 2`, `i = i + 5`; index types int, unsigned, long, long long, size_t, declared
// in the loop or before it; bounds given by expressions; zero-trip loops of every form; and
// bounds next to the largest and smallest values of the index type (the serial loops never
// overflow: each stops before its index would).  Loops whose span hi - lo does not fit in the
// index type are in loop_wide_span.c.
//
// Each loop visits a set of index values.  The check is the number of iterations plus a sum,
// modulo 2^64, of a 64-bit hash of each index value, both as reductions, against the serial loop
// of the same form: a missing, repeated or wrong index changes the sum.  Loops over small ranges
// also write an array by index and compare it with the serial one.

#include <limits.h>
#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 1000

static double a_par[N + 1], a_ser[N + 1];
static int failures;

/* splitmix64's finaliser: a bijective 64-bit mix. */
static uint64_t mix(uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void check(const char *form, long long count, unsigned long long hash, long long count_ref,
                  unsigned long long hash_ref)
{
  if (count != count_ref || hash != hash_ref) {
    printf("MISMATCH %s: %lld iterations (hash %016llx), want %lld (hash %016llx)\n", form, count,
           hash, count_ref, hash_ref);
    failures++;
  }
}

static void check_array(const char *form)
{
  for (int i = 0; i <= N; i++) {
    if (a_par[i] != a_ser[i]) {
      printf("MISMATCH %s: a[%d] = %g, want %g\n", form, i, a_par[i], a_ser[i]);
      failures++;
      return;
    }
  }
}

static void clear_arrays(void)
{
  memset(a_par, 0, sizeof a_par);
  memset(a_ser, 0, sizeof a_ser);
}

/* ---- Comparison operators, increments and decrements over an array. ---- */

static void array_forms(int n)
{
  long long c, cr;
  unsigned long long h, hr;

  /* i <= n, 1-based */
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = 1; i <= n; i++) {
    a_par[i] = 0.5 * i;
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = 1; i <= n; i++) {
    a_ser[i] = 0.5 * i;
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = 1; i <= n; i++)", c, h, cr, hr);
  check_array("for (i = 1; i <= n; i++)");

  /* i--, downwards to 1 */
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = n; i > 0; i--) {
    a_par[i] = a_par[i] + i; /* read-modify-write of the iteration's own element */
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = n; i > 0; i--) {
    a_ser[i] = a_ser[i] + i;
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = n; i > 0; i--)", c, h, cr, hr);
  check_array("for (i = n; i > 0; i--)");

  /* --i, downwards to 0 inclusive, index declared before the loop */
  int i;
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 7) reduction(+:c, h)
  for (i = n - 1; i >= 0; --i) {
    a_par[i] = (double)(n - i);
    c++;
    h += mix((uint64_t)i);
  }
  for (i = n - 1; i >= 0; --i) {
    a_ser[i] = (double)(n - i);
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = n - 1; i >= 0; --i)", c, h, cr, hr);
  check_array("for (i = n - 1; i >= 0; --i)");

  /* i += 3 */
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int k = 0; k < n; k += 3) {
    a_par[k] = 1.0;
    a_par[k + 1] = 2.0; /* k + 1 <= n: the arrays have n + 1 elements */
    c++;
    h += mix((uint64_t)k);
  }
  for (int k = 0; k < n; k += 3) {
    a_ser[k] = 1.0;
    a_ser[k + 1] = 2.0;
    cr++;
    hr += mix((uint64_t)k);
  }
  check("for (k = 0; k < n; k += 3)", c, h, cr, hr);
  check_array("for (k = 0; k < n; k += 3)");

  /* i -= 2, downwards, odd start */
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 1) reduction(+:c, h)
  for (int k = n; k >= 1; k -= 2) {
    a_par[k] = -1.0;
    c++;
    h += mix((uint64_t)k);
  }
  for (int k = n; k >= 1; k -= 2) {
    a_ser[k] = -1.0;
    cr++;
    hr += mix((uint64_t)k);
  }
  check("for (k = n; k >= 1; k -= 2)", c, h, cr, hr);
  check_array("for (k = n; k >= 1; k -= 2)");

  /* k = k + 5, bounds given by expressions */
  clear_arrays();
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int k = n / 4; k < 3 * n / 4 + 1; k = k + 5) {
    a_par[k] = 5.0;
    c++;
    h += mix((uint64_t)k);
  }
  for (int k = n / 4; k < 3 * n / 4 + 1; k = k + 5) {
    a_ser[k] = 5.0;
    cr++;
    hr += mix((uint64_t)k);
  }
  check("for (k = n/4; k < 3*n/4 + 1; k = k + 5)", c, h, cr, hr);
  check_array("for (k = n/4; k < 3*n/4 + 1; k = k + 5)");
}

/* ---- Index types. ---- */

static void index_types(unsigned un, long ln, size_t sn)
{
  long long c, cr;
  unsigned long long h, hr;

  /* unsigned, ++u */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (unsigned u = 0; u < un; ++u) {
    c++;
    h += mix(u);
  }
  for (unsigned u = 0; u < un; ++u) {
    cr++;
    hr += mix(u);
  }
  check("for (unsigned u = 0; u < n; ++u)", c, h, cr, hr);

  /* unsigned downwards to 1: u > 0 must not wrap */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 5) reduction(+:c, h)
  for (unsigned u = un; u > 0; u--) {
    c++;
    h += mix(u);
  }
  for (unsigned u = un; u > 0; u--) {
    cr++;
    hr += mix(u);
  }
  check("for (unsigned u = n; u > 0; u--)", c, h, cr, hr);

  /* unsigned, step 4 */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (unsigned u = 1; u <= un; u += 4u) {
    c++;
    h += mix(u);
  }
  for (unsigned u = 1; u <= un; u += 4u) {
    cr++;
    hr += mix(u);
  }
  check("for (unsigned u = 1; u <= n; u += 4u)", c, h, cr, hr);

  /* long, negative start, step 7 */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (long l = -ln; l < ln; l += 7) {
    c++;
    h += mix((uint64_t)l);
  }
  for (long l = -ln; l < ln; l += 7) {
    cr++;
    hr += mix((uint64_t)l);
  }
  check("for (long l = -n; l < n; l += 7)", c, h, cr, hr);

  /* long long, downwards through zero */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 3) reduction(+:c, h)
  for (long long l = ln; l >= -ln; l--) {
    c++;
    h += mix((uint64_t)l);
  }
  for (long long l = ln; l >= -ln; l--) {
    cr++;
    hr += mix((uint64_t)l);
  }
  check("for (long long l = n; l >= -n; l--)", c, h, cr, hr);

  /* size_t, the usual index of a buffer */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (size_t s = 0; s < sn; s++) {
    c++;
    h += mix(s);
  }
  for (size_t s = 0; s < sn; s++) {
    cr++;
    hr += mix(s);
  }
  check("for (size_t s = 0; s < n; s++)", c, h, cr, hr);

  /* size_t, downwards with step 2: s > 1 stops it at 2 or 3, so s -= 2 never wraps */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (size_t s = sn + 1; s > 1; s -= 2) {
    c++;
    h += mix(s);
  }
  for (size_t s = sn + 1; s > 1; s -= 2) {
    cr++;
    hr += mix(s);
  }
  check("for (size_t s = n + 1; s > 1; s -= 2)", c, h, cr, hr);
}

/* ---- Zero-trip loops: nothing runs, and reductions keep their original values. ---- */

static void zero_trip(int a, int b, unsigned uzero, long neg) /* called with b < a, neg < 0 */
{
  long long c = 11;
  unsigned long long h = 22;

#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = a; i < a; i++) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static, 4) reduction(+:c, h)
  for (int i = a; i < b; i++) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = b; i > a; i--) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = a; i <= neg; i++) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = b; i >= a; i -= 3) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = a; i < b; i += 3) {
    c++;
    h += mix((uint64_t)i);
  }
#pragma omp parallel for schedule(static, 1) reduction(+:c, h)
  for (unsigned u = 0; u < uzero; u++) {
    c++;
    h += mix(u);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (unsigned u = uzero; u > 0; u--) {
    c++;
    h += mix(u);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (long l = neg; l < neg; l += 5) {
    c++;
    h += mix((uint64_t)l);
  }
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (size_t s = (size_t)a; s < (size_t)b; s++) {
    c++;
    h += mix(s);
  }
  check("zero-trip loops", c, h, 11, 22);
}

/* ---- Bounds near the limits of the index type. ---- */

static void near_limits(void)
{
  long long c, cr;
  unsigned long long h, hr;

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = INT_MAX - 100; i < INT_MAX; i++) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = INT_MAX - 100; i < INT_MAX; i++) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = INT_MAX - 100; i < INT_MAX; i++)", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 3) reduction(+:c, h)
  for (int i = INT_MIN + 100; i > INT_MIN; i--) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = INT_MIN + 100; i > INT_MIN; i--) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = INT_MIN + 100; i > INT_MIN; i--)", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (unsigned u = UINT_MAX - 50; u < UINT_MAX; u += 2) {
    c++;
    h += mix(u);
  }
  for (unsigned u = UINT_MAX - 50; u < UINT_MAX; u += 2) {
    cr++;
    hr += mix(u);
  }
  check("for (u = UINT_MAX - 50; u < UINT_MAX; u += 2)", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 4) reduction(+:c, h)
  for (size_t s = SIZE_MAX - 30; s < SIZE_MAX; s++) {
    c++;
    h += mix(s);
  }
  for (size_t s = SIZE_MAX - 30; s < SIZE_MAX; s++) {
    cr++;
    hr += mix(s);
  }
  check("for (s = SIZE_MAX - 30; s < SIZE_MAX; s++)", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (long long l = LLONG_MAX - 1000; l <= LLONG_MAX - 7; l += 7) {
    c++;
    h += mix((uint64_t)l);
  }
  for (long long l = LLONG_MAX - 1000; l <= LLONG_MAX - 7; l += 7) {
    cr++;
    hr += mix((uint64_t)l);
  }
  check("for (l = LLONG_MAX - 1000; l <= LLONG_MAX - 7; l += 7)", c, h, cr, hr);
}

int main(void)
{
  static const int sizes[] = {N, N - 1, 17, 4, 3, 2, 1, 0};
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
    int n = sizes[s];
    array_forms(n);
    index_types((unsigned)n * 7u, (long)n * 13L, (size_t)n * 11u);
  }
  zero_trip(5, 3, 0u, -1L);
  near_limits();

  printf("loop_forms: %d thread(s), %s\n", omp_get_max_threads(), failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
