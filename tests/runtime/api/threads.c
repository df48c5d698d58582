// The thread and team routines of omp.h, outside and inside regions: thread numbers and team
// sizes, levels and ancestors, nthreads-var (per task: a thread's omp_set_num_threads affects
// only its own later regions), dyn-var, nested / max-active-levels, the thread limit, proc-bind,
// timing; invalid arguments print a warning and change nothing.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=omp2numa:
//
// CHECK: omp2numa: warning: omp_set_num_threads(0): {{.*}} must be positive; keeping 3
// CHECK: omp2numa: warning: omp_set_max_active_levels(-1): {{.*}} must not be negative; keeping 2
#include "../Inputs/check.h"

#include <limits.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>

static int initial_max_threads;

// #pragma omp parallel
// { omp_set_num_threads(2);
//   #pragma omp parallel
//   { ... } }
static void region_inner(void *data)
{
  (void)data;
  CHECK(omp_get_level() == 2, "inner level %d", omp_get_level());
  CHECK(omp_get_num_threads() == 2, "inner team of %d, expected the outer thread's 2",
        omp_get_num_threads());
}

static void region_outer(void *data)
{
  static const struct __omp2numa_region_site site = {"threads.c", __LINE__, 0, 0};
  atomic_int *outer_size = data;
  atomic_store(outer_size, omp_get_num_threads());
  CHECK(omp_get_max_threads() == 3, "inherited nthreads-var %d", omp_get_max_threads());
  CHECK(omp_get_team_size(1) == omp_get_num_threads(), "team size at level 1");
  CHECK(omp_get_ancestor_thread_num(1) == omp_get_thread_num(), "ancestor at level 1");
  CHECK(omp_get_proc_bind() == omp_proc_bind_close, "proc-bind %d", omp_get_proc_bind());
  omp_set_num_threads(2);
  __omp2numa_parallel(&site, region_inner, NULL, 0, 1);
  CHECK(omp_get_max_threads() == 2, "own nthreads-var %d", omp_get_max_threads());
}

// #pragma omp parallel num_threads(64) (with dyn-var)
static void region_count(void *data)
{
  atomic_int *size = data;
  if (omp_get_thread_num() == 0)
    atomic_store(size, omp_get_num_threads());
}

// #pragma omp parallel, and #pragma omp parallel num_threads(num_threads) when non-zero
static int team_size(int num_threads)
{
  static const struct __omp2numa_region_site site = {"threads.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"threads.c", __LINE__, 0,
                                                        __OMP2NUMA_REGION_NUM_THREADS};
  atomic_int size = 0;
  __omp2numa_parallel(num_threads ? &site_nt : &site, region_count, &size, num_threads, 1);
  return atomic_load(&size);
}

int main(void)
{
  const char *env = getenv("OMP_NUM_THREADS");
  initial_max_threads = env ? atoi(env) : omp_get_num_procs();

  // Outside any region: a team of one.
  CHECK(omp_get_num_threads() == 1 && omp_get_thread_num() == 0, "initial team");
  CHECK(omp_get_max_threads() == initial_max_threads, "max threads %d, expected %d",
        omp_get_max_threads(), initial_max_threads);
  CHECK(!omp_in_parallel() && omp_get_level() == 0 && omp_get_active_level() == 0, "levels");
  CHECK(omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1, "level 0");
  CHECK(omp_get_ancestor_thread_num(1) == -1 && omp_get_team_size(1) == -1, "level 1");
  CHECK(omp_get_num_procs() >= 1, "%d processors", omp_get_num_procs());
  CHECK(omp_get_thread_limit() == INT_MAX, "thread limit %d", omp_get_thread_limit());
  CHECK(omp_get_proc_bind() == omp_proc_bind_close, "proc-bind %d", omp_get_proc_bind());
  CHECK(!omp_get_dynamic(), "dyn-var is on");
  CHECK(!omp_get_nested() && omp_get_max_active_levels() == 1, "nested");

  // nthreads-var.
  omp_set_num_threads(3);
  omp_set_num_threads(0); // ignored, with a warning
  CHECK(omp_get_max_threads() == 3, "max threads %d after omp_set_num_threads(3)",
        omp_get_max_threads());
  CHECK(team_size(0) == 3, "team of %d", team_size(0));

  // Inner regions use the encountering thread's nthreads-var.
  omp_set_max_active_levels(2);
  omp_set_max_active_levels(-1); // ignored, with a warning
  CHECK(omp_get_max_active_levels() == 2 && omp_get_nested(), "max active levels %d",
        omp_get_max_active_levels());
  static const struct __omp2numa_region_site site = {"threads.c", __LINE__, 0, 0};
  atomic_int outer_size = 0;
  __omp2numa_parallel(&site, region_outer, &outer_size, 0, 1);
  CHECK(atomic_load(&outer_size) == 3, "outer team of %d", atomic_load(&outer_size));
  CHECK(omp_get_max_threads() == 3, "the workers' omp_set_num_threads leaked: %d",
        omp_get_max_threads());

  omp_set_nested(1);
  CHECK(omp_get_max_active_levels() == 255, "nested: %d levels", omp_get_max_active_levels());
  omp_set_max_active_levels(100000);
  CHECK(omp_get_max_active_levels() == 255, "clamped: %d levels", omp_get_max_active_levels());
  omp_set_nested(0);
  CHECK(!omp_get_nested() && omp_get_max_active_levels() == 1, "not nested");
  omp_set_max_active_levels(0);
  CHECK(team_size(4) == 1, "no active level allowed, but a team of %d", team_size(4));
  omp_set_max_active_levels(1);

  // dyn-var: no more threads than processors.
  omp_set_dynamic(1);
  CHECK(omp_get_dynamic(), "dyn-var is off");
  int dynamic = team_size(64);
  CHECK(dynamic >= 1 && dynamic <= omp_get_num_procs(), "dynamic team of %d", dynamic);
  omp_set_dynamic(0);
  CHECK(team_size(5) == 5, "team of %d", team_size(5));

  // Timing.
  double t0 = omp_get_wtime(), t1 = omp_get_wtime(), tick = omp_get_wtick();
  CHECK(t0 > 0 && t1 >= t0, "wtime %g then %g", t0, t1);
  CHECK(tick > 0 && tick <= 1e-3, "wtick %g", tick);
  return atomic_load(&num_failed);
}
