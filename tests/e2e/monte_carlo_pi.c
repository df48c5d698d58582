// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Monte Carlo estimation of pi and of an integral, the classic first OpenMP program, written so
// that the result does not depend on the number of threads: sample i draws its random numbers
// from a counter-based generator keyed by (seed, i) (splitmix64), not from a shared or per-thread
// stream.  The hit count is a long long reduction and must equal the serial count exactly; the
// integral is a double reduction over the same terms and must agree within the bound for a
// different summation order (2 gamma(n) * sum of |terms|, see reduction_double_sum.c).  The seed
// is firstprivate, the sample coordinates are private scratch, and the body calls helpers.
// Several seeds and sample counts (including 0 and 1) run the same function.

#include <float.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

struct estimate {
  long long hits;   /* samples inside the quarter circle */
  double integral;  /* sum of exp(-x*x) over the samples */
  double abs_terms; /* sum of |terms|, for the error bound */
};

static int failures;

static uint64_t splitmix64(uint64_t z)
{
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Uniform in [0, 1) from 53 bits of the hash of (seed, i, which). */
static double draw(uint64_t seed, long long i, unsigned which)
{
  uint64_t h = splitmix64(seed ^ splitmix64((uint64_t)i * 2u + which));
  return (double)(h >> 11) * 0x1.0p-53;
}

/* exp(-x*x) on [0, 1) by a short Taylor series in t = x*x: no libm needed. */
static double gauss(double x)
{
  double t = x * x, term = 1.0, s = 1.0;
  for (int k = 1; k < 12; k++) {
    term *= -t / k;
    s += term;
  }
  return s;
}

static struct estimate run_parallel(uint64_t seed, long long n)
{
  long long hits = 0;
  double integral = 0.0;
  double x, y;

#pragma omp parallel for schedule(static) firstprivate(seed) private(x, y) reduction(+:hits, integral)
  for (long long i = 0; i < n; i++) {
    x = draw(seed, i, 0);
    y = draw(seed, i, 1);
    if (x * x + y * y < 1.0)
      hits++;
    integral += gauss(x);
  }
  struct estimate e = {hits, integral, 0.0};
  return e;
}

static struct estimate run_serial(uint64_t seed, long long n)
{
  struct estimate e = {0, 0.0, 0.0};
  for (long long i = 0; i < n; i++) {
    double x = draw(seed, i, 0), y = draw(seed, i, 1);
    if (x * x + y * y < 1.0)
      e.hits++;
    double g = gauss(x);
    e.integral += g;
    e.abs_terms += g < 0.0 ? -g : g;
  }
  return e;
}

int main(void)
{
  static const long long counts[] = {400000, 99991, 10, 3, 1, 0};
  static const uint64_t seeds[] = {1, 0x0123456789abcdefULL};
  const double u = DBL_EPSILON / 2.0;

  for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
      long long n = counts[c];
      struct estimate p = run_parallel(seeds[s], n), r = run_serial(seeds[s], n);
      double gamma = (double)n * u / (1.0 - (double)n * u);
      double diff = p.integral - r.integral;
      if (diff < 0.0)
        diff = -diff;
      if (p.hits != r.hits) {
        printf("MISMATCH seed %zu, %lld samples: %lld hits, want %lld\n", s, n, p.hits, r.hits);
        failures++;
      }
      if (!(diff <= 1.01 * 2.0 * gamma * r.abs_terms)) {
        printf("MISMATCH seed %zu, %lld samples: integral sum %.17g, want %.17g\n", s, n,
               p.integral, r.integral);
        failures++;
      }
      if (c == 0) {
        /* A statistical sanity check with a wide margin (the standard error is ~0.0026). */
        double pi = 4.0 * (double)p.hits / (double)n, erf_part = p.integral / (double)n;
        printf("seed %zu: pi ~ %.5f, integral of exp(-x^2) on [0,1] ~ %.5f\n", s, pi, erf_part);
        if (!(pi > 3.12 && pi < 3.16) || !(erf_part > 0.74 && erf_part < 0.75)) {
          printf("MISMATCH estimates far from pi = 3.14159 and 0.74682\n");
          failures++;
        }
      }
    }
  }

  printf("monte_carlo_pi: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
