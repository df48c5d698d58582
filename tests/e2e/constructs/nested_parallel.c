// REQUIRES: translator, gcc-openmp
// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t > %t.o2n.out
// RUN: gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t.gomp > %t.gomp.out
// RUN: diff %t.o2n.out %t.gomp.out
//
// Nested parallel regions, as they arise when a parallel library routine (here a row-blocked
// matrix-vector product with its own `parallel for`) is called from code that is already
// parallel (a `parallel for` over independent problems).  With the default settings nesting is
// off: the inner region is inactive and runs with a team of one.  The test checks only what the
// OpenMP spec defines for that case: omp_get_level() counts both regions, omp_get_active_level()
// only the active one, omp_get_num_threads() and omp_get_thread_num() in the inner region are 1
// and 0, omp_get_ancestor_thread_num(1) and omp_get_team_size(1) describe the outer team.  Then
// nesting is enabled with omp_set_max_active_levels(2) and num_threads(2) on both levels, which
// the spec turns into 2 x 2 threads.  Every result must equal the serial one.

#include <omp.h>
#include <stdio.h>

#define PROBLEMS 8
#define N 300
#define MAXT 64

static double mats[PROBLEMS][N][N];
static double xs[PROBLEMS][N], ys[PROBLEMS][N];
static int failures;

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("MISMATCH " __VA_ARGS__);                                                             \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

struct inner_view {
  int level, active_level, num_threads, thread_num, ancestor1, team_size1, team_size2, in_par;
};

static struct inner_view views[PROBLEMS];

/* A "library" matvec with its own parallel region. */
static void matvec(int p, struct inner_view *v)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < N; j++)
      s += mats[p][i][j] * xs[p][j];
    ys[p][i] = s;
    if (i == 0 && v) {
      v->level = omp_get_level();
      v->active_level = omp_get_active_level();
      v->num_threads = omp_get_num_threads();
      v->thread_num = omp_get_thread_num();
      v->ancestor1 = omp_get_ancestor_thread_num(1);
      v->team_size1 = omp_get_team_size(1);
      v->team_size2 = omp_get_team_size(2);
      v->in_par = omp_in_parallel();
    }
  }
}

static double check_results(const char *what)
{
  int bad = 0;
  double s = 0.0;
  for (int p = 0; p < PROBLEMS; p++)
    for (int i = 0; i < N; i++) {
      double r = 0.0;
      for (int j = 0; j < N; j++)
        r += mats[p][i][j] * xs[p][j];
      if (ys[p][i] != r && bad++ < 3)
        printf("MISMATCH %s: y[%d][%d] = %.17g, want %.17g\n", what, p, i, ys[p][i], r);
      s += r;
    }
  failures += bad != 0;
  return s;
}

static void nesting_off(void)
{
  int outer_size[PROBLEMS], outer_tid[PROBLEMS];
#pragma omp parallel for schedule(static, 1)
  for (int p = 0; p < PROBLEMS; p++) {
    outer_size[p] = omp_get_num_threads();
    outer_tid[p] = omp_get_thread_num();
    matvec(p, &views[p]);
  }
  double s = check_results("nesting off");
  for (int p = 0; p < PROBLEMS; p++) {
    const struct inner_view *v = &views[p];
    int outer_active = outer_size[p] > 1;
    CHECK(v->level == 2, "problem %d: inner omp_get_level() = %d, want 2", p, v->level);
    CHECK(v->active_level == outer_active, "problem %d: inner omp_get_active_level() = %d, want %d",
          p, v->active_level, outer_active);
    CHECK(v->num_threads == 1 && v->thread_num == 0,
          "problem %d: inner team of %d (thread %d), want 1 (0)", p, v->num_threads,
          v->thread_num);
    CHECK(v->ancestor1 == outer_tid[p], "problem %d: ancestor thread %d, want %d", p,
          v->ancestor1, outer_tid[p]);
    CHECK(v->team_size1 == outer_size[p] && v->team_size2 == 1,
          "problem %d: team sizes %d/%d, want %d/1", p, v->team_size1, v->team_size2,
          outer_size[p]);
    CHECK(v->in_par == outer_active, "problem %d: omp_in_parallel() = %d, want %d", p, v->in_par,
          outer_active);
  }
  printf("nesting off: inner regions at level 2 with a team of one, sum %.6f\n", s);
}

static void nesting_on(void)
{
  int counts[2][2] = {{0, 0}, {0, 0}};
  int inner_sizes[2] = {0, 0}, levels[2] = {0, 0}, actives[2] = {0, 0};
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) shared(counts, inner_sizes, levels, actives)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(2) shared(counts, inner_sizes, levels, actives)
    {
      int i = omp_get_thread_num();
      counts[o][i]++;
      if (i == 0) {
        inner_sizes[o] = omp_get_num_threads();
        levels[o] = omp_get_level();
        actives[o] = omp_get_active_level();
      }
    }
    for (int p = o; p < PROBLEMS; p += 2)
      matvec(p, NULL); /* a second-level region, now active with the default team size */
  }
  omp_set_max_active_levels(1);
  double s = check_results("nesting on");
  for (int o = 0; o < 2; o++) {
    CHECK(inner_sizes[o] == 2 && levels[o] == 2 && actives[o] == 2,
          "nesting on, outer thread %d: inner team %d, level %d, active level %d", o,
          inner_sizes[o], levels[o], actives[o]);
    for (int i = 0; i < 2; i++)
      CHECK(counts[o][i] == 1, "nesting on: thread (%d, %d) ran %d times", o, i, counts[o][i]);
  }
  printf("nesting on: 2 x 2 threads, sum %.6f\n", s);
}

int main(void)
{
  for (int p = 0; p < PROBLEMS; p++) {
    for (int i = 0; i < N; i++) {
      xs[p][i] = (double)((i + p) % 9) - 4.0;
      for (int j = 0; j < N; j++)
        mats[p][i][j] = (double)((i * 3 + j * 5 + p) % 7) / 8.0;
    }
  }
  CHECK(omp_get_level() == 0 && omp_get_active_level() == 0 && !omp_in_parallel(),
        "sequential part: level %d", omp_get_level());
  nesting_off();
  nesting_on();
  printf("nested_parallel: %s\n", failures ? "FAILED" : "passed");
  return failures ? 1 : 0;
}
