// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `critical` unnamed and named.  A prime sieve by trial division appends every prime it finds to
// a shared list under an unnamed critical (the list is sorted afterwards, so the output does not
// depend on the order of discovery), and keeps the largest gap between consecutive candidates in
// an argmax-style update under the same unnamed critical.  A bank of accounts is updated by two
// different functions, deposit() and withdraw(), that protect the same data with
// critical(ledger): one name means one lock for the whole program, across functions.  A second
// name, critical(audit), protects an unrelated counter and must not block ledger.  Mutual
// exclusion is checked directly: each critical block counts the threads inside it.

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define LIMIT 60000
#define MAXPRIMES 7000
#define ACCOUNTS 8
#define OPS 20000

static int primes[MAXPRIMES];
static int nprimes;
static int inside_unnamed, inside_ledger, inside_audit;
static int violations;
static long balance[ACCOUNTS];
static long audit_count;
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int is_prime(int n)
{
  if (n < 2)
    return 0;
  for (int d = 2; d * d <= n; d++)
    if (n % d == 0)
      return 0;
  return 1;
}

static int cmp_int(const void *a, const void *b)
{
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void sieve(int *best_gap, int *best_at)
{
  nprimes = 0;
  *best_gap = 0;
  *best_at = 0;
#pragma omp parallel for schedule(dynamic, 64)
  for (int n = 2; n < LIMIT; n++) {
    if (!is_prime(n))
      continue;
    int gap = 0; /* distance to the next prime */
    for (int m = n + 1; !is_prime(m); m++)
      gap++;
#pragma omp critical
    {
      if (inside_unnamed++ != 0)
        violations++;
      primes[nprimes] = n;
      nprimes = nprimes + 1;
      if (gap > *best_gap || (gap == *best_gap && n < *best_at)) {
        *best_gap = gap;
        *best_at = n;
      }
      inside_unnamed--;
    }
  }
}

/* Two functions, one critical name: they exclude each other. */
static void deposit(int account, long amount)
{
#pragma omp critical(ledger)
  {
    if (inside_ledger++ != 0)
      violations++;
    long b = balance[account];
    b += amount;
    balance[account] = b;
    inside_ledger--;
  }
}

static int withdraw(int account, long amount)
{
  int ok;
#pragma omp critical(ledger)
  {
    if (inside_ledger++ != 0)
      violations++;
    ok = balance[account] >= amount;
    if (ok)
      balance[account] -= amount;
    inside_ledger--;
  }
  return ok;
}

static void audit(void)
{
#pragma omp critical(audit)
  {
    if (inside_audit++ != 0)
      violations++;
    audit_count++;
    inside_audit--;
  }
}

static void bank(long *declined)
{
  long refused = 0;
  for (int a = 0; a < ACCOUNTS; a++)
    balance[a] = 1000;
  audit_count = 0;
#pragma omp parallel for reduction(+ : refused) schedule(static, 7)
  for (int k = 0; k < OPS; k++) {
    int a = (k * 7) % ACCOUNTS;
    if (k % 3 == 0) {
      deposit(a, 5 + k % 11);
    } else {
      /* at most ~850 withdrawals of 1 unit per account: the starting 1000 cover them in any
         order, so none is declined */
      if (!withdraw(a, k % 2))
        refused++;
    }
    if (k % 5 == 0)
      audit();
  }
  *declined = refused;
}

int main(void)
{
  int gap, at;
  sieve(&gap, &at);
  qsort(primes, (size_t)nprimes, sizeof primes[0], cmp_int);
  int count_ref = 0, bad = 0;
  for (int n = 2; n < LIMIT; n++)
    if (is_prime(n)) {
      if (count_ref < nprimes && primes[count_ref] != n && bad++ < 3)
        printf("MISMATCH primes[%d] = %d, want %d\n", count_ref, primes[count_ref], n);
      count_ref++;
    }
  failures += bad != 0;
  CHECK(nprimes == count_ref, "found %d primes, want %d", nprimes, count_ref);
  long psum = 0;
  for (int k = 0; k < nprimes; k++)
    psum += primes[k];
  printf("primes below %d: %d, sum %ld, largest gap %d after %d\n", LIMIT, nprimes, psum, gap + 1,
         at);

  long declined;
  bank(&declined);
  long want[ACCOUNTS];
  for (int a = 0; a < ACCOUNTS; a++)
    want[a] = 1000;
  for (int k = 0; k < OPS; k++) {
    int a = (k * 7) % ACCOUNTS;
    if (k % 3 == 0)
      want[a] += 5 + k % 11;
    else
      want[a] -= k % 2;
  }
  printf("balances:");
  for (int a = 0; a < ACCOUNTS; a++) {
    CHECK(balance[a] == want[a], "account %d: %ld, want %ld", a, balance[a], want[a]);
    printf(" %ld", want[a]);
  }
  printf("\n");
  CHECK(declined == 0, "%ld withdrawals declined", declined);
  CHECK(audit_count == (OPS + 4) / 5, "audit count %ld, want %d", audit_count, (OPS + 4) / 5);
  CHECK(violations == 0, "%d mutual-exclusion violations", violations);
  printf("audits %ld\n", audit_count);
  printf("critical: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
