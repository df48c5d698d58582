// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Macros in and around OpenMP directives, as portable codes use them: clause arguments that are
// macros (num_threads(NT), schedule(KIND, CHUNK) with KIND defined as a schedule kind), a whole
// directive stringised into `_Pragma` by a helper macro (OMP(omp parallel for ...)), a
// PARALLEL_FOR(sched) macro that expands to a directive, and `#ifdef _OPENMP` guards around the
// API calls.  (Loop headers written by a macro, `FOR_EACH(i, n)`, are rejected by omp2numa with a
// clear error, by design, so they are not used here.)  The kernels are an axpy, a dot product and a
// scaled copy; results are compared with the serial loops.

#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define N 30001
#define NT 3
#define KIND dynamic
#define CHUNK 64
#define OMP(directive) _Pragma(#directive)
#define PARALLEL_FOR(sched) OMP(omp parallel for schedule(sched))

static double x[N], y[N], z[N];
static int failures;

static int team_of_region(void)
{
  int nt = 1;
#ifdef _OPENMP
#pragma omp parallel num_threads(NT)
  {
    if (omp_get_thread_num() == 0)
      nt = omp_get_num_threads();
  }
#endif
  return nt;
}

static void axpy(double a)
{
#pragma omp parallel for schedule(KIND, CHUNK) num_threads(NT)
  for (int i = 0; i < N; i++)
    y[i] += a * x[i];
}

static double dot(void)
{
  double s = 0.0;
  OMP(omp parallel for reduction(+ : s) schedule(static))
  for (int i = 0; i < N; i++)
    s += x[i] * y[i];
  return s;
}

static void scaled_copy(double f)
{
  PARALLEL_FOR(guided)
  for (int i = 0; i < N; i++)
    z[i] = f * y[i];
}

int main(void)
{
  static double yr[N];
  for (int i = 0; i < N; i++) {
    x[i] = (double)(i % 16) / 4.0;
    y[i] = yr[i] = (double)(i % 5);
  }
  axpy(2.0);
  for (int i = 0; i < N; i++)
    yr[i] += 2.0 * x[i];
  double d = dot(), dref = 0.0;
  for (int i = 0; i < N; i++)
    dref += x[i] * yr[i];
  scaled_copy(0.5);
  int bad = 0;
  for (int i = 0; i < N; i++)
    if ((y[i] != yr[i] || z[i] != 0.5 * yr[i]) && bad++ < 3)
      printf("MISMATCH element %d: y %.17g z %.17g, want %.17g %.17g\n", i, y[i], z[i], yr[i],
             0.5 * yr[i]);
  failures += bad != 0;
  if (d != dref) { /* exact: multiples of 1/4 below 2^20 */
    printf("MISMATCH dot %.17g, want %.17g\n", d, dref);
    failures++;
  }
  int nt = team_of_region();
  if (nt != NT) {
    printf("MISMATCH num_threads(NT): team of %d, want %d\n", nt, NT);
    failures++;
  }
  printf("axpy/dot/copy through macros: dot %.2f, team %d\n", dref, nt);
  printf("pragma_macros: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
