// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// `master`, `masked` and `masked filter(expr)` in a time-stepping loop: the primary thread does
// the bookkeeping (time, step counter, a log line every few steps) in `master`; a "boundary
// thread" chosen with masked filter(expr) applies the boundary conditions while the others
// update the interior.  Neither construct has a barrier, so the code puts explicit barriers where
// the results are needed.  The spec fixes who runs the block: master and masked run on thread 0,
// masked filter(k) on thread k, and on nobody when the team has no thread k (checked with teams
// of 1 to 4).  Results and block counts are compared with a serial run.

#include <omp.h>
#include <stdio.h>

#define N 4000
#define STEPS 40
#define BOUNDARY_THREAD 1
#define MAXT 64

static double u[N], unew[N], ref[N], refnew[N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

struct clock {
  double t, dt;
  int step;
};

static void apply_boundary(double *v, int n, double t)
{
  v[0] = 1.0 + 0.5 * t;
  v[n - 1] = 0.0;
}

static int boundary_owner(int nthreads)
{
  return nthreads > BOUNDARY_THREAD ? BOUNDARY_THREAD : 0;
}

static void serial(struct clock *c)
{
  for (int i = 0; i < N; i++)
    ref[i] = (double)(i % 10) / 10.0;
  for (int s = 0; s < STEPS; s++) {
    for (int i = 1; i < N - 1; i++)
      refnew[i] = ref[i] + 0.25 * (ref[i - 1] - 2.0 * ref[i] + ref[i + 1]);
    c->t += c->dt;
    c->step++;
    apply_boundary(refnew, N, c->t);
    for (int i = 0; i < N; i++)
      ref[i] = refnew[i];
  }
}

static void timestep(struct clock *c, int *logs, int master_by[MAXT], int masked_by[MAXT])
{
  for (int i = 0; i < N; i++)
    u[i] = (double)(i % 10) / 10.0;
#pragma omp parallel shared(c, logs, master_by, masked_by)
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    for (int s = 0; s < STEPS; s++) {
#pragma omp for schedule(static)
      for (int i = 1; i < N - 1; i++)
        unew[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma omp master
      {
        c->t += c->dt;
        c->step++;
        master_by[t]++;
        if (c->step % 10 == 0) {
          printf("  step %d, t = %.3f\n", c->step, c->t);
          (*logs)++;
        }
      }
#pragma omp barrier
      /* c->t is final for this step; the boundary thread applies the boundary conditions */
#pragma omp masked filter(boundary_owner(nt))
      {
        apply_boundary(unew, N, c->t);
        masked_by[t]++;
      }
#pragma omp barrier
#pragma omp for schedule(static)
      for (int i = 0; i < N; i++)
        u[i] = unew[i];
    }
  }
}

/* masked without filter, and with a filter naming a thread the team may not have. */
static void who_runs(int team_request)
{
  int plain[MAXT] = {0}, f2[MAXT] = {0}, flast[MAXT] = {0};
  int team = 0;
#pragma omp parallel num_threads(team_request) shared(plain, f2, flast, team)
  {
    int t = omp_get_thread_num();
#pragma omp masked
    {
      plain[t]++;
      team = omp_get_num_threads();
    }
#pragma omp masked filter(2)
    f2[t]++;
#pragma omp masked filter(omp_get_num_threads() - 1)
    flast[t]++;
  }
  int n_plain = 0, n_f2 = 0, n_last = 0;
  for (int k = 0; k < MAXT; k++) {
    n_plain += plain[k];
    n_f2 += f2[k];
    n_last += flast[k];
  }
  CHECK(n_plain == 1 && plain[0] == 1, "team %d: masked ran %d times", team_request, n_plain);
  CHECK(team == team_request, "team %d: team of %d", team_request, team);
  if (team_request > 2)
    CHECK(n_f2 == 1 && f2[2] == 1, "team %d: masked filter(2) ran %d times", team_request, n_f2);
  else
    CHECK(n_f2 == 0, "team %d: masked filter(2) ran %d times, want 0", team_request, n_f2);
  CHECK(n_last == 1 && flast[team_request - 1] == 1, "team %d: masked filter(last) ran %d times",
        team_request, n_last);
  printf("team of %d: masked %d, masked filter(2) %d, masked filter(last) %d\n", team_request,
         n_plain, n_f2, n_last);
}

int main(void)
{
  struct clock c = {0.0, 0.01, 0}, cref = {0.0, 0.01, 0};
  int logs = 0;
  int master_by[MAXT] = {0}, masked_by[MAXT] = {0};
  timestep(&c, &logs, master_by, masked_by);
  serial(&cref);
  CHECK(c.step == STEPS && c.t == cref.t, "clock: step %d t %.17g, want %d %.17g", c.step, c.t,
        STEPS, cref.t);
  CHECK(logs == STEPS / 10, "master logged %d times", logs);
  CHECK(master_by[0] == STEPS, "master ran %d times on thread 0", master_by[0]);
  int team = omp_get_max_threads(), others = 0, owner = boundary_owner(team);
  for (int k = 1; k < MAXT; k++)
    others += master_by[k];
  CHECK(others == 0, "master ran %d times on other threads", others);
  CHECK(masked_by[owner] == STEPS, "masked filter ran %d times on thread %d", masked_by[owner],
        owner);
  int bad = 0;
  double sum = 0.0;
  for (int i = 0; i < N; i++) {
    if (u[i] != ref[i] && bad++ < 3)
      printf("MISMATCH u[%d] = %.17g, want %.17g\n", i, u[i], ref[i]);
    sum += ref[i];
  }
  failures += bad != 0;
  printf("time stepping: %d steps, t = %.3f, sum %.6f\n", c.step, c.t, sum);
  for (int k = 1; k <= 4; k++)
    who_runs(k);
  printf("master_masked: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
