// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Floating-point reductions as numerical codes write them (BLAS-1 style kernels: sum, dot product,
// squared 2-norm, weighted sum), on inputs that do round, compared with the serial loop.
//
// A parallel reduction adds the same terms in another order, so it may differ from the serial sum
// in the last bits.  The comparison uses the a-priori bound that holds for every order: summing k
// terms x_1..x_k in floating point gives s with |s - exact| <= gamma(k-1) * sum|x_i|, where
// gamma(m) = m u / (1 - m u) and u = DBL_EPSILON / 2 (Higham, "Accuracy and Stability of Numerical
// Algorithms", 2nd ed., section 4.2).  Two orders therefore differ by at most
// 2 gamma(k-1) sum|x_i|.
// The reduction variable's initial value counts as one more term, hence gamma(k) below.  Each
// term (a product x[i]*y[i], say) is computed by the same expression in both loops and rounds the
// same way, so only the summation differs.  sum|x_i| is computed serially and is itself rounded
// by a relative gamma(k-1) < 1e-10; the factor 1.01 covers that.

#include <float.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define N 200000

static double x[N], y[N], w[N];
static int failures;

static uint64_t lcg_state = 2024;

/* Uniform in [-1, 1): 53 random bits from a 64-bit LCG (Knuth's MMIX constants). */
static double uniform(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(lcg_state >> 11) * 0x1.0p-52 - 1.0;
}

static double abs_d(double v)
{
  return v < 0.0 ? -v : v;
}

/* Largest possible difference between two summation orders of k terms plus an initial value. */
static double order_bound(long k, double sum_abs)
{
  const double u = DBL_EPSILON / 2.0;
  double gamma = (double)k * u / (1.0 - (double)k * u);
  return 1.01 * 2.0 * gamma * sum_abs;
}

static void check_close(const char *what, double got, double want, long k, double sum_abs)
{
  double diff = abs_d(got - want), bound = order_bound(k, sum_abs);
  if (!(diff <= bound)) { /* written so that a NaN fails too */
    printf("MISMATCH %s: got %.17g, want %.17g (difference %.3g > bound %.3g)\n", what, got, want,
           diff, bound);
    failures++;
  }
}

static double sum(const double *v, long n)
{
  double s = 0.0;
#pragma omp parallel for schedule(static) reduction(+:s)
  for (long i = 0; i < n; i++)
    s += v[i];
  return s;
}

static double dot(const double *a, const double *b, long n)
{
  double s = 0.0;
#pragma omp parallel for schedule(static) reduction(+:s)
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static double sum_serial(const double *v, long n)
{
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += v[i];
  return s;
}

static double dot_serial(const double *a, const double *b, long n)
{
  double s = 0.0;
  for (long i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

int main(void)
{
  for (long i = 0; i < N; i++) {
    x[i] = uniform();
    y[i] = uniform() * 1e3;
    w[i] = 1.0 / (double)(i + 1);
  }

  /* Sum and dot product at several lengths: all, odd, tiny, fewer than threads, empty. */
  static const long lengths[] = {N, N - 1, 1001, 3, 1, 0};
  for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++) {
    long n = lengths[l];
    char what[64];
    double abs_x = 0.0, abs_xy = 0.0;
    for (long i = 0; i < n; i++) {
      abs_x += abs_d(x[i]);
      abs_xy += abs_d(x[i] * y[i]);
    }
    snprintf(what, sizeof what, "sum of %ld doubles", n);
    check_close(what, sum(x, n), sum_serial(x, n), n, abs_x);
    snprintf(what, sizeof what, "dot product of length %ld", n);
    check_close(what, dot(x, y, n), dot_serial(x, y, n), n, abs_xy);
  }

  /* Squared 2-norm and a weighted mean, in one loop; the norm starts from a non-zero value. */
  double nrm2 = 0.5, wsum = 0.0, wtot = 0.0;
  double nrm2_ref = 0.5, wsum_ref = 0.0, wtot_ref = 0.0, abs_wy = 0.0;
#pragma omp parallel for schedule(static, 64) reduction(+:nrm2, wsum, wtot)
  for (int i = 0; i < N; i++) {
    nrm2 += y[i] * y[i];
    wsum += w[i] * y[i];
    wtot += w[i];
  }
  for (int i = 0; i < N; i++) {
    nrm2_ref += y[i] * y[i];
    wsum_ref += w[i] * y[i];
    wtot_ref += w[i];
    abs_wy += abs_d(w[i] * y[i]);
  }
  check_close("squared 2-norm onto 0.5", nrm2, nrm2_ref, N, nrm2_ref); /* all terms >= 0 */
  check_close("weighted sum", wsum, wsum_ref, N, abs_wy);
  check_close("sum of weights", wtot, wtot_ref, N, wtot_ref);

  /* H_200000 = 12.78329081042962... (exactly rounded sum): a gross error cannot hide in both. */
  if (!(abs_d(wtot - 12.783290810429623) < 1e-9)) {
    printf("MISMATCH harmonic number H_%d: got %.15f, want 12.783290810429623\n", N, wtot);
    failures++;
  }

  printf("reduction_double_sum: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
