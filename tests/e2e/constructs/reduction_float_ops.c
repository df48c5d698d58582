// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// reduction(op: list) on float and double for the operators that apply to them: + * - min max
// && ||.  The kernel summarises a sampled signal: total and energy (+), a product of per-stage
// gains (*), a balance (-), the extremes, "all samples finite and in range" (&&) and "any sample
// clipped" (||).  Exact part: the samples are multiples of 1/16 and small enough that every
// partial sum, in any order, is exact in float (24 bits) and double; the gains are powers of two
// (and -1), so products are exact too; min and max are always exact.  Those results compare
// bitwise.  Inexact part: a harmonic-like series and a dot product of irrational-looking values,
// where the order of additions changes the last bits: compared with a relative tolerance and
// printed rounded.

#include <omp.h>
#include <stdio.h>

#define N 8009
#define M 200003
#define FMIN(a, b) ((a) < (b) ? (a) : (b))
#define FMAX(a, b) ((a) > (b) ? (a) : (b))
#define CLIP 60.0

static float fs[N];
static double ds[N];
static float fgain[N];
static double dgain[N];
static int failures;

struct summary {
  float fsum, fprod, fbal, fmin, fmax, fall, fany;
  double dsum, dprod, dbal, dmin, dmax, dall, dany;
};

static void initial(struct summary *s)
{
  *s = (struct summary){0.5f, 1.5f, -2.0f, 100.0f, -100.0f, 1.0f, 0.0f,
                        -0.25, 3.0, 8.0, 1e30, -1e30, 1.0, 0.0};
}

static void serial(struct summary *s, int n)
{
  initial(s);
  for (int i = 0; i < n; i++) {
    s->fsum += fs[i];
    s->fprod *= fgain[i];
    s->fbal -= fs[i];
    s->fmin = FMIN(s->fmin, fs[i]);
    s->fmax = FMAX(s->fmax, fs[i]);
    s->fall = s->fall && fs[i] > -CLIP;
    s->fany = s->fany || fs[i] >= CLIP;
    s->dsum += ds[i] * ds[i];
    s->dprod *= dgain[i];
    s->dbal -= ds[i];
    s->dmin = FMIN(s->dmin, ds[i]);
    s->dmax = FMAX(s->dmax, ds[i]);
    s->dall = s->dall && ds[i] == ds[i];
    s->dany = s->dany || ds[i] <= -CLIP;
  }
}

static void parallel(struct summary *out, int n)
{
  struct summary s;
  initial(&s);
  float fsum = s.fsum, fprod = s.fprod, fbal = s.fbal, fmin = s.fmin, fmax = s.fmax,
        fall = s.fall, fany = s.fany;
  double dsum = s.dsum, dprod = s.dprod, dbal = s.dbal, dmin = s.dmin, dmax = s.dmax,
         dall = s.dall, dany = s.dany;
#pragma omp parallel for reduction(+ : fsum, dsum) reduction(* : fprod, dprod) reduction(- : fbal, dbal) reduction(min : fmin, dmin) reduction(max : fmax, dmax) reduction(&& : fall, dall) reduction(|| : fany, dany)
  for (int i = 0; i < n; i++) {
    fsum += fs[i];
    fprod *= fgain[i];
    fbal -= fs[i];
    fmin = FMIN(fmin, fs[i]);
    fmax = FMAX(fmax, fs[i]);
    fall = fall && fs[i] > -CLIP;
    fany = fany || fs[i] >= CLIP;
    dsum += ds[i] * ds[i];
    dprod *= dgain[i];
    dbal -= ds[i];
    dmin = FMIN(dmin, ds[i]);
    dmax = FMAX(dmax, ds[i]);
    dall = dall && ds[i] == ds[i];
    dany = dany || ds[i] <= -CLIP;
  }
  *out = (struct summary){fsum, fprod, fbal, fmin, fmax, fall, fany,
                          dsum, dprod, dbal, dmin, dmax, dall, dany};
}

/* The float reductions again, on `for` inside `parallel` with a guided schedule. */
static void in_region(struct summary *out, int n)
{
  struct summary s;
  initial(&s);
  float fsum = s.fsum, fprod = s.fprod, fmin = s.fmin, fmax = s.fmax;
  double dbal = s.dbal, dany = s.dany;
#pragma omp parallel
  {
#pragma omp for schedule(guided, 8) reduction(+ : fsum) reduction(* : fprod) reduction(min : fmin) reduction(max : fmax) reduction(- : dbal) reduction(|| : dany)
    for (int i = n - 1; i >= 0; i--) {
      fsum = fsum + fs[i];
      fprod = fgain[i] * fprod;
      if (fs[i] < fmin)
        fmin = fs[i];
      if (fs[i] > fmax)
        fmax = fs[i];
      dbal -= ds[i];
      dany = ds[i] <= -CLIP || dany;
    }
  }
  serial(out, n);
  out->fsum = fsum, out->fprod = fprod, out->fmin = fmin, out->fmax = fmax;
  out->dbal = dbal, out->dany = dany;
}

static void compare(const char *what, const struct summary *g, const struct summary *w)
{
  int bad = 0;
#define CMP(field)                                                                                 \
  if (g->field != w->field && bad++ < 5)                                                           \
  printf("MISMATCH %s: " #field " = %.9g, want %.9g\n", what, (double)g->field, (double)w->field)
  CMP(fsum); CMP(fprod); CMP(fbal); CMP(fmin); CMP(fmax); CMP(fall); CMP(fany);
  CMP(dsum); CMP(dprod); CMP(dbal); CMP(dmin); CMP(dmax); CMP(dall); CMP(dany);
#undef CMP
  failures += bad != 0;
  printf("%s:\n  float  + %.4f  * %g  - %.4f  min %.4f  max %.4f  && %g  || %g\n", what,
         (double)w->fsum, (double)w->fprod, (double)w->fbal, (double)w->fmin, (double)w->fmax,
         (double)w->fall, (double)w->fany);
  printf("  double + %.4f  * %g  - %.4f  min %.4f  max %.4f  && %g  || %g\n", w->dsum, w->dprod,
         w->dbal, w->dmin, w->dmax, w->dall, w->dany);
}

/* Sums whose value depends on the order of additions: compared with a tolerance. */
static void inexact(void)
{
  double h = 0.0, h_ref = 0.0;
  float hf = 0.0f;
  double hf_ref = 0.0;
#pragma omp parallel for reduction(+ : h, hf) schedule(static, 1000)
  for (int i = 1; i <= M; i++) {
    h += 1.0 / i + ((i & 1) ? 0.1 : -0.1) / (i + 0.5);
    hf += 1.0f / (float)i;
  }
  for (int i = 1; i <= M; i++) {
    h_ref += 1.0 / i + ((i & 1) ? 0.1 : -0.1) / (i + 0.5);
    hf_ref += 1.0 / i;
  }
  double rel = (h - h_ref) / h_ref, relf = ((double)hf - hf_ref) / hf_ref;
  if (rel > 1e-12 || rel < -1e-12 || relf > 1e-3 || relf < -1e-3) {
    printf("MISMATCH inexact sums: %.17g (want %.17g), %.9g (want about %.9g)\n", h, h_ref,
           (double)hf, hf_ref);
    failures++;
  }
  printf("inexact double sum %.8f, float sum %.2f\n", h_ref, hf_ref);
}

int main(void)
{
  unsigned seed = 99u;
  for (int i = 0; i < N; i++) {
    seed = seed * 1103515245u + 12345u;
    int k = (int)((seed >> 9) % 2049u) - 1024; /* [-1024, 1024] / 16 = [-64, 64] */
    fs[i] = (float)k / 16.0f;
    ds[i] = (double)(k / 2) / 16.0;
    fgain[i] = i % 331 == 0 ? 2.0f : i % 509 == 0 ? 0.5f : i % 97 == 0 ? -1.0f : 1.0f;
    dgain[i] = i % 127 == 0 ? 0.5 : i % 211 == 0 ? 4.0 : 1.0;
  }
  static const int sizes[] = {N, 3, 1, 0};
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    struct summary got, want;
    char what[48];
    serial(&want, sizes[k]);
    parallel(&got, sizes[k]);
    snprintf(what, sizeof what, "parallel for, n = %d", sizes[k]);
    compare(what, &got, &want);
    in_region(&got, sizes[k]);
    snprintf(what, sizeof what, "for in parallel, n = %d", sizes[k]);
    compare(what, &got, &want);
  }
  inexact();
  printf("reduction_float_ops: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
