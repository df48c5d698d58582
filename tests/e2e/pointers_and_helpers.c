// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp && env OMP_NUM_THREADS=3 %o2n-run %t.gomp %}
// REQUIRES: translator
//
// Loops the way library code writes them: the parallel loop lives in a small function (axpy,
// row norms, a particle time step) that is called many times with different sizes, including 0
// and 1, and different sub-arrays; the body does pointer arithmetic (a row pointer a + i*cols,
// `*p++` walking an array of records, `->` on struct elements, restrict-qualified parameters),
// and calls helper functions, one of them through a function pointer.  Every result is computed
// by the same expressions as the serial version and compared bitwise.

#include <omp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NP 3000    /* particles */
#define STEPS 25   /* time steps */
#define ROWS 257
#define COLS 33
#define VLEN 10000

struct particle {
  double x, y, vx, vy;
  int bounces;
};

static struct particle parts_par[NP], parts_ser[NP];
static double mat[ROWS * COLS], norms_par[ROWS], norms_ser[ROWS];
static double xv[VLEN], y_par[VLEN], y_ser[VLEN];
static double packed_par[4 * NP], packed_ser[4 * NP];
static int failures;

static uint64_t lcg_state = 4242;

static double uniform(void)
{
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(lcg_state >> 11) * 0x1.0p-53;
}

static void compare(const char *what, const double *got, const double *want, size_t n)
{
  for (size_t k = 0; k < n; k++) {
    if (got[k] != want[k]) {
      printf("MISMATCH %s at %zu: got %.17g, want %.17g\n", what, k, got[k], want[k]);
      failures++;
      return;
    }
  }
}

/* ---- BLAS-1 axpy, called with many lengths and offsets. ---- */

static void axpy(long n, double alpha, const double *restrict x, double *restrict y)
{
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    y[i] += alpha * x[i];
}

static void axpy_serial(long n, double alpha, const double *restrict x, double *restrict y)
{
  for (long i = 0; i < n; i++)
    y[i] += alpha * x[i];
}

static void test_axpy(void)
{
  static const long lens[] = {VLEN / 2, 0, 1, 2, 3, 999, 4096, 17};
  memset(y_par, 0, sizeof y_par);
  memset(y_ser, 0, sizeof y_ser);
  for (int rep = 0; rep < 3; rep++) {
    for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
      long off = (long)(l * 97) % (VLEN / 2); /* sub-arrays: x + off, y + off */
      double alpha = 0.5 + (double)l;
      axpy(lens[l], alpha, xv + off, y_par + off);
      axpy_serial(lens[l], alpha, xv + off, y_ser + off);
    }
  }
  compare("axpy on sub-arrays", y_par, y_ser, VLEN);
}

/* ---- Row norms through a row pointer and a helper. ---- */

static double dot(const double *a, const double *b, size_t n)
{
  double s = 0.0;
  for (size_t k = 0; k < n; k++)
    s += a[k] * b[k];
  return s;
}

static void row_norms(const double *a, size_t rows, size_t cols, double *out)
{
#pragma omp parallel for schedule(static, 4)
  for (size_t i = 0; i < rows; i++) {
    const double *row = a + i * cols;
    out[i] = dot(row, row, cols);
  }
}

static void test_row_norms(void)
{
  for (size_t k = 0; k < (size_t)ROWS * COLS; k++)
    mat[k] = uniform() - 0.5;
  /* The whole matrix, then its lower half starting at a row offset, then one row. */
  static const size_t first[] = {0, ROWS / 2, ROWS - 1};
  for (size_t f = 0; f < 3; f++) {
    size_t rows = ROWS - first[f];
    memset(norms_par, 0, sizeof norms_par);
    row_norms(mat + first[f] * COLS, rows, COLS, norms_par);
    for (size_t i = 0; i < rows; i++)
      norms_ser[i] = dot(&mat[(first[f] + i) * COLS], &mat[(first[f] + i) * COLS], COLS);
    compare("row norms", norms_par, norms_ser, rows);
  }
}

/* ---- A particle time step: struct pointers, helpers, a function pointer. ---- */

typedef double (*force_fn)(double pos, double vel);

static double spring(double pos, double vel)
{
  return -4.0 * pos - 0.1 * vel;
}

static double gravity(double pos, double vel)
{
  (void)pos;
  (void)vel;
  return -9.81;
}

/* Reflects a coordinate into [0, 1]; returns 1 if it bounced. */
static int reflect(double *pos, double *vel)
{
  if (*pos < 0.0) {
    *pos = -*pos;
    *vel = -*vel;
    return 1;
  }
  if (*pos > 1.0) {
    *pos = 2.0 - *pos;
    *vel = -*vel;
    return 1;
  }
  return 0;
}

static void step(struct particle *p, int n, double dt, force_fn fx, force_fn fy)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) {
    struct particle *q = p + i;
    q->vx += dt * fx(q->x, q->vx);
    q->vy += dt * fy(q->y, q->vy);
    q->x += dt * q->vx;
    q->y += dt * q->vy;
    q->bounces += reflect(&q->x, &q->vx) + reflect(&q->y, &q->vy);
  }
}

static void step_serial(struct particle *p, int n, double dt, force_fn fx, force_fn fy)
{
  for (int i = 0; i < n; i++) {
    struct particle *q = &p[i];
    q->vx += dt * fx(q->x, q->vx);
    q->vy += dt * fy(q->y, q->vy);
    q->x += dt * q->vx;
    q->y += dt * q->vy;
    q->bounces += reflect(&q->x, &q->vx) + reflect(&q->y, &q->vy);
  }
}

/* Packs the particles into 4 doubles each, walking the output with a pointer. */
static void pack(const struct particle *p, int n, double *out)
{
#pragma omp parallel for schedule(static, 32)
  for (int i = 0; i < n; i++) {
    double *o = out + 4 * i;
    const struct particle *q = &p[i];
    *o++ = q->x;
    *o++ = q->y;
    *o++ = q->vx;
    *o = q->vy;
  }
}

static void test_particles(void)
{
  for (int i = 0; i < NP; i++) {
    struct particle q = {uniform(), uniform(), uniform() - 0.5, uniform() - 0.5, 0};
    parts_par[i] = q;
    parts_ser[i] = q;
  }
  for (int s = 0; s < STEPS; s++) {
    /* Every few steps only a prefix of the particles moves (a sub-range of the same loop). */
    int n = s % 5 == 4 ? s : NP;
    step(parts_par, n, 0.01, spring, s % 2 ? gravity : spring);
    step_serial(parts_ser, n, 0.01, spring, s % 2 ? gravity : spring);
  }
  pack(parts_par, NP, packed_par);
  for (int i = 0; i < NP; i++) {
    packed_ser[4 * i] = parts_ser[i].x;
    packed_ser[4 * i + 1] = parts_ser[i].y;
    packed_ser[4 * i + 2] = parts_ser[i].vx;
    packed_ser[4 * i + 3] = parts_ser[i].vy;
  }
  compare("particles after time steps", packed_par, packed_ser, 4 * NP);
  long long b_par = 0, b_ser = 0;
  for (int i = 0; i < NP; i++) {
    b_par += parts_par[i].bounces;
    b_ser += parts_ser[i].bounces;
  }
  if (b_par != b_ser) {
    printf("MISMATCH total bounces: got %lld, want %lld\n", b_par, b_ser);
    failures++;
  }
}

int main(void)
{
  for (int i = 0; i < VLEN; i++)
    xv[i] = uniform() * 2.0 - 1.0;

  test_axpy();
  test_row_norms();
  test_particles();

  printf("pointers_and_helpers: %d thread(s), %s\n", omp_get_max_threads(),
         failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
