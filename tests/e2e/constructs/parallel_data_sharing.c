// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `parallel` with the data-sharing clauses private, firstprivate, shared and default(shared), in
// the SPMD style many codes use before they reach for `for`: every thread computes its own block
// of a vector from omp_get_thread_num() and omp_get_num_threads().  Covers variables declared
// inside the region (private by construction), a private scalar and a private fixed-size array,
// firstprivate scalars, a firstprivate struct and a firstprivate array (each thread starts from a
// copy, its writes stay local), shared arrays written by index, and a pointer kept shared.  After
// each region the originals of private/firstprivate variables must still hold their values.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 10007
#define MAXT 256

struct poly {
  double c[4]; /* c0 + c1 x + c2 x^2 + c3 x^3 */
  double shift;
  int degree;
};

static double x_in[N], y_par[N], y_ser[N];
static int touched[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static double horner(const struct poly *p, double x)
{
  double r = 0.0;
  for (int k = p->degree; k >= 0; k--)
    r = r * (x - p->shift) + p->c[k];
  return r;
}

/* Block [lo, hi) of thread t among nt threads, as SPMD codes compute it by hand. */
static void block_of(int t, int nt, int n, int *lo, int *hi)
{
  int q = n / nt, r = n % nt;
  *lo = t * q + (t < r ? t : r);
  *hi = *lo + q + (t < r ? 1 : 0);
}

static void spmd_blocks(void)
{
  struct poly p = {{1.0, -0.5, 0.25, 0.125}, 0.5, 3};
  double scale = 2.0;
  int team_size = 0; /* written by thread 0 of the team */
  int ran[MAXT];
  memset(ran, 0, sizeof ran);
  memset(touched, 0, sizeof touched);

#pragma omp parallel default(shared) firstprivate(p, scale)
  {
    int t = omp_get_thread_num(); /* declared in the region: private */
    int nt = omp_get_num_threads();
    int lo, hi;
    block_of(t, nt, N, &lo, &hi);
    p.shift += 0.0 * t; /* writes the thread's own copy */
    scale *= 1.0;
    for (int i = lo; i < hi; i++) {
      y_par[i] = scale * horner(&p, x_in[i]);
      touched[i]++;
    }
    ran[t] = 1;
    if (t == 0)
      team_size = nt;
  }

  for (int i = 0; i < N; i++) {
    y_ser[i] = 2.0 * horner(&p, x_in[i]);
    CHECK(touched[i] == 1, "spmd: element %d computed %d times", i, touched[i]);
    CHECK(y_par[i] == y_ser[i], "spmd: y[%d] = %.17g, want %.17g", i, y_par[i], y_ser[i]);
  }
  int count = 0;
  for (int t = 0; t < MAXT; t++)
    count += ran[t];
  CHECK(count == team_size, "spmd: %d threads ran, team size %d", count, team_size);
  CHECK(p.shift == 0.5 && scale == 2.0, "spmd: firstprivate originals changed");
  double sum = 0.0;
  for (int i = 0; i < N; i++)
    sum += y_ser[i];
  printf("spmd blocks: %d elements, checksum %.6f\n", N, sum);
}

static void private_scratch(void)
{
  double scratch[8]; /* private array: one per thread, uninitialised in the region */
  int k = 99;        /* private scalar */
  long base = 1000;  /* firstprivate: every thread starts from 1000 */
  int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6}; /* firstprivate array: copied element by element */
  int slot_ok[MAXT];
  long slot_count[MAXT];
  int team = 0;

  scratch[0] = -1.0;
#pragma omp parallel private(scratch, k) firstprivate(base, lut) shared(slot_ok, slot_count, team)
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    for (k = 0; k < 8; k++)
      scratch[k] = (double)(lut[k] * (t + 1));
    lut[0] = -t; /* the thread's own copy of the array */
    base += t;
    double acc = 0.0;
    for (k = 0; k < 8; k++)
      acc += scratch[k];
    long mine = 0;
    for (int i = t; i < N; i += nt) /* cyclic distribution */
      mine++;
    slot_ok[t] = acc == 31.0 * (t + 1) && base == 1000 + t && lut[0] == -t;
    slot_count[t] = mine;
    if (t == 0)
      team = nt;
  }
  long total = 0;
  for (int t = 0; t < team; t++) {
    CHECK(slot_ok[t], "private: thread %d saw another thread's private/firstprivate values", t);
    total += slot_count[t];
  }
  CHECK(total == N, "private: cyclic distribution covered %ld elements, want %d", total, N);
  CHECK(k == 99 && base == 1000 && lut[0] == 3 && scratch[0] == -1.0,
        "private: originals changed (k %d, base %ld, lut[0] %d, scratch[0] %g)", k, base, lut[0],
        scratch[0]);
  printf("private scratch: %ld elements, originals kept\n", total);
}

/* A shared pointer to a shared buffer and a shared struct read by all threads. */
struct grid {
  int n;
  double h;
  double *val;
};

static void shared_through_pointer(void)
{
  static double storage[N];
  struct grid g = {N, 1.0 / (N - 1), storage};
  struct grid *gp = &g;
  double ref_sum = 0.0, par_sum = 0.0;
  double partial[MAXT];
  int team = 1;

#pragma omp parallel shared(gp, partial, team)
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    double mine = 0.0;
    for (int i = t; i < gp->n; i += nt) {
      double xi = i * gp->h;
      gp->val[i] = xi * (1.0 - xi);
      mine += gp->val[i] * 0.0 + 1.0; /* counts the elements this thread computed */
    }
    partial[t] = mine;
    if (t == 0)
      team = nt;
  }
  for (int t = 0; t < team; t++)
    par_sum += partial[t];
  for (int i = 0; i < N; i++) {
    double xi = i * g.h;
    CHECK(storage[i] == xi * (1.0 - xi), "shared pointer: val[%d] = %.17g", i, storage[i]);
    ref_sum += storage[i];
  }
  CHECK(par_sum == (double)N, "shared pointer: %g elements computed, want %d", par_sum, N);
  printf("shared pointer: integral approx %.6f\n", ref_sum * g.h);
}

int main(void)
{
  for (int i = 0; i < N; i++)
    x_in[i] = (double)(i % 101) / 64.0 - 0.75;
  spmd_blocks();
  private_scratch();
  shared_through_pointer();
  printf("parallel_data_sharing: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
