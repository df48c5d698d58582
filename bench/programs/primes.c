/*
 * primes.c -- counts the primes below n by trial division: an irregular loop (the cost of testing
 * k grows with sqrt(k) for primes, and most composites stop early), schedule(dynamic) with a sum
 * reduction, as in the usual OpenMP teaching example.
 * Usage: primes [n=4000000]. "result: OK" when the count equals the sieve of Eratosthenes'.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int is_prime(long k)
{
  if (k < 2)
    return 0;
  for (long d = 2; d * d <= k; d++)
    if (k % d == 0)
      return 0;
  return 1;
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 4000000, count = 0;
  double t = omp_get_wtime();
#pragma omp parallel for schedule(dynamic, 256) reduction(+ : count)
  for (long k = 0; k < n; k++)
    count += is_prime(k);
  t = omp_get_wtime() - t;
  char *composite = calloc(n + 1, 1);
  long sieve = 0;
  for (long k = 2; k < n; k++)
    if (!composite[k]) {
      sieve++;
      for (long m = k * k; m < n; m += k)
        composite[m] = 1;
    }
  free(composite);
  printf("primes below %ld: %ld, %.3f s\nresult: %s\n", n, count, t,
         count == sieve ? "OK" : "MISMATCH");
  return count != sieve;
}
