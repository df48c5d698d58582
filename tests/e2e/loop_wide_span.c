// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// REQUIRES: translator
//
// Loops whose span hi - lo does not fit in the index type, although every index value and the
// trip count do: an int loop from -2e9 to 2e9, int and long long loops over their whole range in
// large steps, in both directions.  omp2numa computes trip counts without overflow (DESIGN 3,
// "Loops"), so these run exactly like the serial loops.  The serial loops never overflow: each
// bound stops the loop before index + step would leave the type.
//
// No GCC cross-check here: OpenMP leaves the type in which the iteration count is computed to the
// implementation, and GCC 12 computes hi - lo in the index's own type, so under -fopenmp each of
// these loops runs zero times (UBSan reports the signed overflow in GCC's lowering).  Clang 16 with
// libomp computes them correctly.
//
// The check is the number of iterations and a sum, modulo 2^64, of a hash of each index value.

#include <limits.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

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

static void int_loops(int lo, int hi, int step, int big_step)
{
  long long c, cr;
  unsigned long long h, hr;

  /* -2e9 .. 2e9: hi - lo = 4e9 > INT_MAX */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = lo; i < hi; i += step) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = lo; i < hi; i += step) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = -2e9; i < 2e9; i += 1e6)", c, h, cr, hr);

  /* The same range downwards, with a chunk. */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 16) reduction(+:c, h)
  for (int i = hi; i > lo; i -= step) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = hi; i > lo; i -= step) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = 2e9; i > -2e9; i -= 1e6)", c, h, cr, hr);

  /* The whole int range in steps of 2^24. */
  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (int i = INT_MIN; i <= INT_MAX - big_step; i += big_step) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = INT_MIN; i <= INT_MAX - big_step; i += big_step) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = INT_MIN; i <= INT_MAX - 2^24; i += 2^24)", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 2) reduction(+:c, h)
  for (int i = INT_MAX; i >= INT_MIN + big_step; i -= big_step) {
    c++;
    h += mix((uint64_t)i);
  }
  for (int i = INT_MAX; i >= INT_MIN + big_step; i -= big_step) {
    cr++;
    hr += mix((uint64_t)i);
  }
  check("for (i = INT_MAX; i >= INT_MIN + 2^24; i -= 2^24)", c, h, cr, hr);
}

static void long_long_loops(void)
{
  const long long step = LLONG_MAX / 8;
  long long c = 0, cr = 0;
  unsigned long long h = 0, hr = 0;

  /* The span needs all 64 bits, unsigned. */
#pragma omp parallel for schedule(static) reduction(+:c, h)
  for (long long l = LLONG_MIN; l <= LLONG_MAX - step; l += step) {
    c++;
    h += mix((uint64_t)l);
  }
  for (long long l = LLONG_MIN; l <= LLONG_MAX - step; l += step) {
    cr++;
    hr += mix((uint64_t)l);
  }
  check("for (l = LLONG_MIN; l <= LLONG_MAX - s; l += s), s = LLONG_MAX/8", c, h, cr, hr);

  c = cr = 0;
  h = hr = 0;
#pragma omp parallel for schedule(static, 3) reduction(+:c, h)
  for (long long l = LLONG_MAX; l > LLONG_MIN + step; l -= step) {
    c++;
    h += mix((uint64_t)l);
  }
  for (long long l = LLONG_MAX; l > LLONG_MIN + step; l -= step) {
    cr++;
    hr += mix((uint64_t)l);
  }
  check("for (l = LLONG_MAX; l > LLONG_MIN + s; l -= s), s = LLONG_MAX/8", c, h, cr, hr);
}

int main(void)
{
  int_loops(-2000000000, 2000000000, 1000000, 1 << 24);
  long_long_loops();

  printf("loop_wide_span: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
