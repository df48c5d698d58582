// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `parallel for` over loop bodies as applications write them: function-like macros, calls to
// static helpers, an array of structs reached through pointers, file-scope arrays and a
// multi-dimensional image, a lookup table built once in a function's static local, const
// locals, nested serial loops, `continue`, enum and switch, and variables declared in the body.
// Three kernels: pairwise Lennard-Jones energies of particles (O(n^2), with a cut-off that
// `continue`s), a 3x3 convolution of an image with border handling, and a classification of
// particles by a switch.  Every per-element result is computed by the same expression in the
// same order as the serial code, so they compare bitwise; totals are summed serially.

#include <omp.h>
#include <stdio.h>

#define NP 700
#define H 120
#define W 150
#define SQR(x) ((x) * (x))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))
#define IDX_OK(i, n) ((i) >= 0 && (i) < (n))

enum species { ARGON, NEON, XENON, NSPECIES };

struct particle {
  double pos[3];
  double mass;
  enum species kind;
  int id;
};

struct lj_params {
  double eps, sigma;
};

static struct particle parts[NP];
static double energy_par[NP], energy_ser[NP];
static int klass_par[NP], klass_ser[NP];
static unsigned char image[H][W];
static double blurred_par[H][W], blurred_ser[H][W];
static const struct lj_params lj[NSPECIES] = {{1.0, 1.0}, {0.3, 0.8}, {1.8, 1.2}};
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

/* Gaussian 3x3 weights, computed once and kept in a static local (read-only afterwards). */
static const double *blur_kernel(void)
{
  static double k[3][3];
  static int ready;
  if (!ready) {
    const double w1[3] = {1.0, 2.0, 1.0};
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 3; b++)
        k[a][b] = w1[a] * w1[b] / 16.0;
    ready = 1;
  }
  return &k[0][0];
}

static double dist2(const struct particle *p, const struct particle *q)
{
  double s = 0.0;
  for (int d = 0; d < 3; d++)
    s += SQR(p->pos[d] - q->pos[d]);
  return s;
}

static double lj_pair(const struct particle *p, const struct particle *q, double r2)
{
  double eps = 0.5 * (lj[p->kind].eps + lj[q->kind].eps);
  double sig = 0.5 * (lj[p->kind].sigma + lj[q->kind].sigma);
  double s6 = SQR(SQR(sig)) * SQR(sig) / (r2 * r2 * r2);
  return 4.0 * eps * (s6 * s6 - s6);
}

static double particle_energy(const struct particle *all, int n, int i, double cutoff2)
{
  double e = 0.0;
  for (int j = 0; j < n; j++) {
    if (j == i)
      continue;
    double r2 = dist2(&all[i], &all[j]);
    if (r2 > cutoff2)
      continue;
    e += lj_pair(&all[i], &all[j], r2);
  }
  return e;
}

static void energies(double cutoff)
{
  const double cutoff2 = cutoff * cutoff;
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < NP; i++) {
    const struct particle *p = &parts[i];
    double e = 0.0;
    for (int j = 0; j < NP; j++) {
      if (j == i)
        continue;
      double r2 = dist2(p, parts + j);
      if (r2 > cutoff2)
        continue;
      e += lj_pair(p, &parts[j], r2);
    }
    energy_par[i] = e;
  }
  for (int i = 0; i < NP; i++)
    energy_ser[i] = particle_energy(parts, NP, i, cutoff2);
}

static double convolve_at(int i, int j, const double *k)
{
  double s = 0.0;
  for (int di = -1; di <= 1; di++)
    for (int dj = -1; dj <= 1; dj++) {
      int ii = CLAMP(i + di, 0, H - 1), jj = CLAMP(j + dj, 0, W - 1);
      s += k[(di + 1) * 3 + (dj + 1)] * image[ii][jj];
    }
  return s;
}

static void blur(void)
{
  const double *k = blur_kernel();
#pragma omp parallel for
  for (int i = 0; i < H; i++) {
    for (int j = 0; j < W; j++) {
      if (IDX_OK(i - 1, H) && IDX_OK(i + 1, H) && IDX_OK(j - 1, W) && IDX_OK(j + 1, W)) {
        double s = 0.0;
        for (int di = -1; di <= 1; di++)
          for (int dj = -1; dj <= 1; dj++)
            s += k[(di + 1) * 3 + (dj + 1)] * image[i + di][j + dj];
        blurred_par[i][j] = s;
        continue;
      }
      blurred_par[i][j] = convolve_at(i, j, k); /* border: clamped */
    }
  }
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      blurred_ser[i][j] = convolve_at(i, j, k);
}

static int classify(const struct particle *p, double e)
{
  int c;
  switch (p->kind) {
  case ARGON:
    c = e < 0.0 ? 0 : 1;
    break;
  case NEON:
    c = 2;
    break;
  default:
    c = e < -1.0 ? 3 : 4;
    break;
  }
  return c * 1000 + p->id % 1000;
}

static void classify_all(void)
{
#pragma omp parallel for schedule(guided)
  for (int i = NP - 1; i >= 0; i--)
    klass_par[i] = classify(&parts[i], energy_ser[i]);
  for (int i = NP - 1; i >= 0; i--)
    klass_ser[i] = classify(&parts[i], energy_ser[i]);
}

int main(void)
{
  unsigned seed = 12345u;
  for (int i = 0; i < NP; i++) {
    for (int d = 0; d < 3; d++) {
      seed = seed * 1103515245u + 12345u;
      parts[i].pos[d] = (double)((seed >> 8) % 10000) / 1000.0; /* a 10x10x10 box */
    }
    parts[i].kind = (enum species)(i % NSPECIES);
    parts[i].mass = 1.0 + parts[i].kind;
    parts[i].id = 7 * i + 3;
  }
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      image[i][j] = (unsigned char)((i * 7 + j * 13 + (i * j) % 31) & 0xff);

  energies(2.5);
  blur();
  classify_all();

  double etot = 0.0, btot = 0.0;
  long ktot = 0;
  int bad = 0;
  for (int i = 0; i < NP; i++) {
    if (energy_par[i] != energy_ser[i] && bad++ < 5)
      printf("MISMATCH energy[%d] = %.17g, want %.17g\n", i, energy_par[i], energy_ser[i]);
    if (klass_par[i] != klass_ser[i] && bad++ < 5)
      printf("MISMATCH class[%d] = %d, want %d\n", i, klass_par[i], klass_ser[i]);
    etot += energy_ser[i];
    ktot += klass_ser[i];
  }
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++) {
      if (blurred_par[i][j] != blurred_ser[i][j] && bad++ < 5)
        printf("MISMATCH blurred[%d][%d] = %.17g, want %.17g\n", i, j, blurred_par[i][j],
               blurred_ser[i][j]);
      btot += blurred_ser[i][j];
    }
  failures += bad != 0;
  printf("lennard-jones: %d particles, total energy %.6e\n", NP, etot);
  printf("blur: %dx%d, total %.4f\n", H, W, btot);
  printf("classes: checksum %ld\n", ktot);
  printf("realistic_bodies: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
