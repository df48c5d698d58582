// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// default(none) with every variable the region names listed in a clause, the way style guides
// ask for it: function parameters, locals, file-scope arrays, const-qualified scalars and a
// const global table (since OpenMP 4.0 const variables are not predetermined shared, so they are
// listed in shared or firstprivate), reduction variables, and a struct.  Loop indices of
// worksharing loops and variables declared inside the region need no clause.  The kernel is a
// 1-D three-point smoother followed by a residual norm, on `parallel` + `for` and on
// `parallel for`.

#include <omp.h>
#include <stdio.h>

#define N 20011
#define SWEEPS 3

static const double stencil[3] = {0.25, 0.5, 0.25}; /* const global: listed in shared() */
static double field[N], work[N], ref_field[N], ref_work[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

struct stats {
  long visited;
  double weight;
};

static double smooth_at(const double *u, int i, int n)
{
  double l = i > 0 ? u[i - 1] : u[i];
  double r = i < n - 1 ? u[i + 1] : u[i];
  return stencil[0] * l + stencil[1] * u[i] + stencil[2] * r;
}

static void init(double *u, int n)
{
  for (int i = 0; i < n; i++)
    u[i] = (double)((i * 37) % 113) / 8.0;
}

/* parallel + for with default(none): parameters, a const local, a struct and globals listed. */
static void sweeps_region(double *u, double *tmp, int n, int sweeps)
{
  const double relax = 0.75; /* const local */
  struct stats st = {0, 1.0};
  long visited = 0;

#pragma omp parallel default(none) shared(u, tmp, n, sweeps, stencil) firstprivate(relax, st) reduction(+ : visited)
  {
    for (int s = 0; s < sweeps; s++) {
#pragma omp for schedule(static)
      for (int i = 0; i < n; i++)
        tmp[i] = smooth_at(u, i, n);
#pragma omp for schedule(static)
      for (int i = 0; i < n; i++) {
        u[i] = relax * tmp[i] + (1.0 - relax) * u[i];
        st.visited++;
      }
    }
    visited += st.visited * (long)st.weight;
  }
  CHECK(visited == (long)n * sweeps, "default(none) region: %ld updates, want %ld", visited,
        (long)n * sweeps);
  CHECK(st.visited == 0, "default(none) region: firstprivate struct original changed");
}

static void sweeps_serial(double *u, double *tmp, int n, int sweeps)
{
  for (int s = 0; s < sweeps; s++) {
    for (int i = 0; i < n; i++)
      tmp[i] = smooth_at(u, i, n);
    for (int i = 0; i < n; i++)
      u[i] = 0.75 * tmp[i] + (1.0 - 0.75) * u[i];
  }
}

/* parallel for with default(none): globals, reductions, a private temporary. */
static void residual(int n, double *rnorm, double *rmax)
{
  double sum = 0.0, biggest = 0.0;
  double d;
  const int stride = 1;

#pragma omp parallel for default(none) shared(field, n, stride) private(d) reduction(+ : sum) reduction(max : biggest) schedule(static)
  for (int i = 0; i < n; i += stride) {
    d = field[i] - smooth_at(field, i, n);
    d = d < 0 ? -d : d;
    sum += d;
    if (d > biggest)
      biggest = d;
  }
  *rnorm = sum;
  *rmax = biggest;
}

int main(void)
{
  init(field, N);
  init(ref_field, N);
  sweeps_region(field, work, N, SWEEPS);
  sweeps_serial(ref_field, ref_work, N, SWEEPS);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    if (field[i] != ref_field[i] && bad++ < 5)
      printf("MISMATCH field[%d] = %.17g, want %.17g\n", i, field[i], ref_field[i]);
  }
  if (bad)
    failures++;

  double rnorm, rmax, ref_max = 0.0, ref_sum = 0.0;
  residual(N, &rnorm, &rmax);
  for (int i = 0; i < N; i++) {
    double d = ref_field[i] - smooth_at(ref_field, i, N);
    d = d < 0 ? -d : d;
    ref_sum += d;
    if (d > ref_max)
      ref_max = d;
  }
  double rel = (rnorm - ref_sum) / ref_sum;
  CHECK(rel < 1e-12 && rel > -1e-12, "residual sum %.17g, want %.17g", rnorm, ref_sum);
  CHECK(rmax == ref_max, "residual max %.17g, want %.17g", rmax, ref_max);

  double check = 0.0;
  for (int i = 0; i < N; i++)
    check += ref_field[i];
  printf("smoothed field: sum %.6f, residual l1 %.6f, max %.6f\n", check, ref_sum, ref_max);
  printf("default_none: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
