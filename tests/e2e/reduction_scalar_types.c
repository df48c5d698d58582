// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// reduction(+:...) on int, long, long long, unsigned and double, compared with serial sums.
// Covers: one variable per clause, several variables in one clause, several clauses on one loop,
// a reduction variable that already holds a value before the loop (it must be added in, not
// overwritten), `x = x + e` and `x -= e` updates of a `+` reduction, and loops with fewer
// iterations than threads (the idle threads contribute the identity, 0).
//
// The inputs are chosen so that every order of summation gives the same exact result, so the
// comparisons are exact:
//  - int and long long values are small enough that no partial sum, in any order, overflows;
//  - unsigned values span the whole range: the sum wraps, and arithmetic modulo 2^32 does not
//    depend on the order;
//  - double values are multiples of 1/64 of magnitude at most 2^19; with fewer than 2^17 terms
//    every partial sum is a multiple of 2^-6 below 2^36, which needs at most 42 < 53 significant
//    bits, so no addition rounds.

#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 100003 /* a prime: no team size divides it, so the blocks are uneven */

static int ival[N];        /* in [-1000, 1000]:   |any partial sum| < N * 1000 < INT_MAX */
static long lval[N];       /* in [0, 2^20):       any partial sum < 2^37 */
static long long llval[N]; /* in [0, 2^40):       any partial sum < 2^57 */
static unsigned uval[N];   /* in [0, 2^32):       wraps on purpose */
static double dval[N];     /* k / 64, |k| <= 2^25: exact, see above */

static int failures;

static uint64_t lcg_state = 42;

/* 64-bit LCG (Knuth's MMIX constants); the high half has the best statistical quality. */
static uint32_t lcg_next(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 32);
}

static void init(void)
{
  for (int i = 0; i < N; i++) {
    ival[i] = (int)(lcg_next() % 2001u) - 1000;
    lval[i] = (long)(lcg_next() & 0xfffffu);
    llval[i] = (long long)(((uint64_t)lcg_next() << 8) ^ lcg_next());
    uval[i] = lcg_next();
    dval[i] = (double)((int32_t)(lcg_next() >> 6) - (1 << 25)) / 64.0;
  }
}

static void check_ll(const char *what, long long got, long long want)
{
  if (got != want) {
    printf("MISMATCH %s: got %lld, want %lld\n", what, got, want);
    failures++;
  }
}

static void check_u(const char *what, unsigned got, unsigned want)
{
  if (got != want) {
    printf("MISMATCH %s: got %u, want %u\n", what, got, want);
    failures++;
  }
}

static void check_d(const char *what, double got, double want)
{
  if (got != want) {
    printf("MISMATCH %s: got %.17g, want %.17g\n", what, got, want);
    failures++;
  }
}

/* One type per loop. */
static void single_clauses(void)
{
  int isum = 0, isum_ref = 0;
  long lsum = 0, lsum_ref = 0;
  long long llsum = 0, llsum_ref = 0;
  unsigned usum = 0, usum_ref = 0;
  double dsum = 0.0, dsum_ref = 0.0;

  for (int i = 0; i < N; i++) {
    isum_ref += ival[i];
    lsum_ref += lval[i];
    llsum_ref += llval[i];
    usum_ref += uval[i];
    dsum_ref += dval[i];
  }

#pragma omp parallel for schedule(static) reduction(+:isum)
  for (int i = 0; i < N; i++)
    isum += ival[i];
  check_ll("int sum", isum, isum_ref);

#pragma omp parallel for schedule(static) reduction(+:lsum)
  for (int i = 0; i < N; i++)
    lsum += lval[i];
  check_ll("long sum", lsum, lsum_ref);

#pragma omp parallel for reduction(+:llsum)
  for (int i = 0; i < N; i++)
    llsum += llval[i];
  check_ll("long long sum", llsum, llsum_ref);

#pragma omp parallel for schedule(static, 5) reduction(+:usum)
  for (int i = 0; i < N; i++)
    usum += uval[i];
  check_u("unsigned sum (wraps)", usum, usum_ref);

#pragma omp parallel for schedule(static) reduction(+:dsum)
  for (int i = 0; i < N; i++)
    dsum += dval[i];
  check_d("double sum", dsum, dsum_ref);
}

/* Several variables in one clause and several clauses on one loop. */
static void combined_clauses(void)
{
  int isum = 0, isum_ref = 0;
  long long llsum = 0, llsum_ref = 0;
  unsigned usum = 0, usum_ref = 0;
  double dsum = 0.0, dsum_ref = 0.0;
  long long evens = 0, evens_ref = 0; /* count of even values, a typical counting reduction */

  for (int i = 0; i < N; i++) {
    isum_ref += ival[i];
    llsum_ref += llval[i];
    usum_ref += uval[i] * 3u;
    dsum_ref += dval[i] * 0.5;
    if (ival[i] % 2 == 0)
      evens_ref++;
  }

#pragma omp parallel for schedule(static) reduction(+:isum, llsum, evens) reduction(+:usum) reduction(+ : dsum)
  for (int i = 0; i < N; i++) {
    isum += ival[i];
    llsum += llval[i];
    usum += uval[i] * 3u;
    dsum += dval[i] * 0.5; /* halving a multiple of 2^-6 below 2^20: still exact */
    if (ival[i] % 2 == 0)
      evens++;
  }
  check_ll("int sum (combined)", isum, isum_ref);
  check_ll("long long sum (combined)", llsum, llsum_ref);
  check_u("unsigned sum (combined)", usum, usum_ref);
  check_d("double sum (combined)", dsum, dsum_ref);
  check_ll("count of even values", evens, evens_ref);
}

/* The reduction variable's value before the loop is part of the result. */
static void initial_values(void)
{
  long long total = 1000000007LL, total_ref = 1000000007LL;
  unsigned hash = 0xdeadbeefu, hash_ref = 0xdeadbeefu;
  double acc = -0.25, acc_ref = -0.25;
  int balance = 12345, balance_ref = 12345;

  for (int i = 0; i < N; i++) {
    total_ref = total_ref + llval[i];
    hash_ref += uval[i] ^ (unsigned)i;
    acc_ref += dval[i];
    balance_ref -= ival[i];
  }

#pragma omp parallel for schedule(static) reduction(+:total, hash, acc, balance)
  for (int i = 0; i < N; i++) {
    total = total + llval[i];
    hash += uval[i] ^ (unsigned)i;
    acc += dval[i];
    balance -= ival[i]; /* a + reduction may subtract: partial results are still added up */
  }
  check_ll("long long sum onto 1000000007", total, total_ref);
  check_u("unsigned sum onto 0xdeadbeef", hash, hash_ref);
  check_d("double sum onto -0.25", acc, acc_ref);
  check_ll("int balance from 12345", balance, balance_ref);
}

/* Fewer iterations than threads, and none at all: idle threads must contribute 0. */
static void short_loops(void)
{
  for (int n = 0; n <= 5; n++) {
    int isum = 7, isum_ref = 7;
    double dsum = 1.5, dsum_ref = 1.5;
    unsigned usum = 0, usum_ref = 0;

    for (int i = 0; i < n; i++) {
      isum_ref += ival[i];
      dsum_ref += dval[i];
      usum_ref += uval[i];
    }
#pragma omp parallel for schedule(static) reduction(+:isum, dsum, usum)
    for (int i = 0; i < n; i++) {
      isum += ival[i];
      dsum += dval[i];
      usum += uval[i];
    }
    char what[64];
    snprintf(what, sizeof what, "int sum of %d elements", n);
    check_ll(what, isum, isum_ref);
    snprintf(what, sizeof what, "double sum of %d elements", n);
    check_d(what, dsum, dsum_ref);
    snprintf(what, sizeof what, "unsigned sum of %d elements", n);
    check_u(what, usum, usum_ref);
  }
}

int main(void)
{
  init();
  single_clauses();
  combined_clauses();
  initial_values();
  short_loops();
  printf("reduction_scalar_types: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
