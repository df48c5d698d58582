// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Orphaned constructs: `for` (with reduction(max) on a file-scope variable, and nowait),
// `single`, `barrier` and `critical` written in library functions that do not know whether
// they run inside a parallel region.  A Jacobi solver for a 1-D screened Poisson problem is
// built from such functions: sweep(), residual(), the convergence bookkeeping and an event log.
// The same solver runs three ways that must agree exactly: called from inside one `parallel`
// region (the constructs bind to that team), called with no region at all (each construct binds
// to a team of one: the loop runs all iterations, single runs, barrier does nothing), and as
// plain serial code without any construct.  The max-norm residual is exact in any order, so the
// iteration counts and solutions agree bitwise.

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 3000
#define MAXIT 400
#define TOL 1e-9
#define SHIFT 2.1 /* 2 + sigma: a screened Poisson problem, so Jacobi converges fast */

static double u[N], unew[N], f[N];
static double res_max; /* shared by all threads: the orphaned reduction's target */
static int iterations;
static int converged;
static int events;
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void log_event(void)
{
#pragma omp critical(event_log)
  events++;
}

/* One Jacobi sweep: unew from u. */
static void sweep(double h2)
{
#pragma omp for schedule(static)
  for (int i = 1; i < N - 1; i++)
    unew[i] = (u[i - 1] + u[i + 1] + h2 * f[i]) / SHIFT;
}

static void copy_back(void)
{
#pragma omp for schedule(static) nowait
  for (int i = 1; i < N - 1; i++)
    u[i] = unew[i];
#pragma omp barrier
}

/* Max-norm of the update; all threads return the same value. */
static double residual(void)
{
#pragma omp single
  res_max = 0.0;
  /* implicit barrier of single: everyone sees 0 before reducing into it */
#pragma omp for reduction(max : res_max) schedule(dynamic, 64)
  for (int i = 1; i < N - 1; i++) {
    double d = unew[i] - u[i];
    d = d < 0 ? -d : d;
    if (d > res_max)
      res_max = d;
  }
  return res_max;
}

/* The solver: callable inside a region (all threads call it) or outside. */
static void jacobi(double h2)
{
  for (int it = 0; it < MAXIT; it++) {
    sweep(h2);
    double r = residual();
    copy_back();
#pragma omp single nowait
    {
      iterations = it + 1;
      if (it % 100 == 0)
        log_event();
    }
    if (r < TOL) {
#pragma omp critical
      converged++; /* every thread of the team records it once */
      break;       /* all threads see the same r, so all leave together */
    }
#pragma omp barrier
  }
}

static void reset(void)
{
  memset(u, 0, sizeof u);
  memset(unew, 0, sizeof unew);
  iterations = 0;
  converged = 0;
  events = 0;
}

static void serial_jacobi(double h2, double *out, int *its)
{
  static double a[N], b[N];
  memset(a, 0, sizeof a);
  memset(b, 0, sizeof b);
  *its = 0;
  for (int it = 0; it < MAXIT; it++) {
    for (int i = 1; i < N - 1; i++)
      b[i] = (a[i - 1] + a[i + 1] + h2 * f[i]) / SHIFT;
    double r = 0.0;
    for (int i = 1; i < N - 1; i++) {
      double d = b[i] - a[i];
      d = d < 0 ? -d : d;
      r = d > r ? d : r;
    }
    for (int i = 1; i < N - 1; i++)
      a[i] = b[i];
    *its = it + 1;
    if (r < TOL)
      break;
  }
  memcpy(out, a, sizeof a);
}

static void compare(const char *what, const double *want, int want_its, int team)
{
  int bad = 0;
  double s = 0.0;
  for (int i = 0; i < N; i++) {
    if (u[i] != want[i] && bad++ < 3)
      printf("MISMATCH %s: u[%d] = %.17g, want %.17g\n", what, i, u[i], want[i]);
    s += want[i];
  }
  failures += bad != 0;
  CHECK(iterations == want_its, "%s: %d iterations, want %d", what, iterations, want_its);
  CHECK(converged == (want_its < MAXIT ? team : 0), "%s: converged recorded %d times, team %d",
        what, converged, team);
  int want_events = (want_its + 99) / 100;
  CHECK(events == want_events, "%s: %d events, want %d", what, events, want_events);
  printf("%s: %d iterations, %d events, sum %.6f\n", what, want_its, want_events, s);
}

int main(void)
{
  double h = 1.0 / (N - 1);
  for (int i = 0; i < N; i++)
    f[i] = (i > N / 3 && i < 2 * N / 3) ? 1.0 : 0.0;
  static double ref[N];
  int ref_its;
  serial_jacobi(h * h * 1e4, ref, &ref_its);

  reset();
  int team = 0;
#pragma omp parallel shared(team)
  {
#pragma omp single
    team = omp_get_num_threads();
    jacobi(h * h * 1e4);
  }
  compare("inside a parallel region", ref, ref_its, team);

  reset();
  jacobi(h * h * 1e4); /* no region: every construct binds to a team of one */
  compare("outside any region", ref, ref_its, 1);

  /* orphaned constructs reached from a parallel for's body: critical only (a for or single
     there would be a nested work-sharing region, which the spec forbids) */
  events = 0;
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 1000; i++)
    if (i % 10 == 0)
      log_event();
  CHECK(events == 100, "critical from a loop body: %d events", events);
  printf("orphaned critical from a loop body: %d events\n", events);
  printf("orphaned: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
