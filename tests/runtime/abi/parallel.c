// __omp2numa_parallel, hand-lowered: fork/join, distinct thread numbers with the caller as
// thread 0, the num_threads and if clauses, nested regions (a team of one by default, a real team
// when max-active-levels allows it), and the pool's reuse of the same workers over 1000 regions.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t
// RUN: env OMP_NUM_THREADS=7 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_PROC_BIND=false %o2n-run %t
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <stdbool.h>

enum { MAX_THREADS = 64, REGIONS = 1000 };

static pthread_t caller;

// Fork/join.
// #pragma omp parallel
// { seen[omp_get_thread_num()]++; ... }
struct ctx_fork {
  int expected;
  atomic_int seen[MAX_THREADS];
  atomic_int inside;
};

static void region_fork(void *data)
{
  struct ctx_fork *ctx = data;
  int tid = omp_get_thread_num(), n = omp_get_num_threads();
  CHECK(n == ctx->expected, "team of %d threads, expected %d", n, ctx->expected);
  CHECK(tid >= 0 && tid < n && tid < MAX_THREADS, "thread number %d in a team of %d", tid, n);
  CHECK((tid == 0) == (pthread_equal(pthread_self(), caller) != 0),
        "thread %d is %s the caller", tid, tid == 0 ? "not" : "");
  CHECK(omp_in_parallel() == (n > 1), "omp_in_parallel() in a team of %d", n);
  CHECK(omp_get_level() == 1, "level %d", omp_get_level());
  CHECK(omp_get_active_level() == (n > 1), "active level %d", omp_get_active_level());
  atomic_fetch_add(&ctx->seen[tid], 1);
  atomic_fetch_add(&ctx->inside, 1);
}

static void fork_join(int num_threads, int if_true, int expected)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(num_threads) when non-zero
  static const struct __omp2numa_region_site site = {"parallel.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"parallel.c", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  struct ctx_fork ctx = {.expected = expected};
  __omp2numa_parallel(num_threads ? &site_nt : &site, region_fork, &ctx, num_threads, if_true);
  // The join: everything the team did is visible here.
  CHECK(atomic_load(&ctx.inside) == expected, "%d threads ran the region, expected %d",
        atomic_load(&ctx.inside), expected);
  for (int t = 0; t < expected && t < MAX_THREADS; t++)
    CHECK(atomic_load(&ctx.seen[t]) == 1, "thread %d ran the region %d times", t,
          atomic_load(&ctx.seen[t]));
  CHECK(omp_get_level() == 0 && omp_get_num_threads() == 1 && omp_get_thread_num() == 0,
        "after the join: level %d, %d threads", omp_get_level(), omp_get_num_threads());
}

// Nested regions.
// #pragma omp parallel
// {
//   #pragma omp parallel num_threads(inner)
//   { ... }
// }
struct ctx_nested {
  int inner;          // num_threads of the inner region
  int expected_inner; // team size it must get
  atomic_int inner_runs;
};

static void region_inner(void *data)
{
  struct ctx_nested *ctx = data;
  CHECK(omp_get_num_threads() == ctx->expected_inner, "inner team of %d, expected %d",
        omp_get_num_threads(), ctx->expected_inner);
  CHECK(omp_get_level() == 2, "inner level %d", omp_get_level());
  int outer_n = omp_get_team_size(1);
  int active = (outer_n > 1) + (ctx->expected_inner > 1);
  CHECK(omp_get_active_level() == active, "inner active level %d, expected %d",
        omp_get_active_level(), active);
  CHECK(omp_get_ancestor_thread_num(2) == omp_get_thread_num(), "ancestor at own level");
  CHECK(omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1, "level 0");
  CHECK(omp_get_ancestor_thread_num(3) == -1 && omp_get_team_size(-1) == -1, "out of range");
  atomic_fetch_add(&ctx->inner_runs, 1);
}

static void region_outer(void *data)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(inner) when non-zero
  static const struct __omp2numa_region_site site = {"parallel.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"parallel.c", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  struct ctx_nested *ctx = data;
  int tid = omp_get_thread_num();
  __omp2numa_parallel(ctx->inner ? &site_nt : &site, region_inner, ctx, ctx->inner, 1);
  // The inner join gives the thread its outer identity back.
  CHECK(omp_get_thread_num() == tid && omp_get_level() == 1, "after the inner join: thread %d "
        "(was %d), level %d", omp_get_thread_num(), tid, omp_get_level());
}

// An inactive outer region (one thread) leaves the active level for the inner one.
static void nested(int inner, int max_active_levels)
{
  static const struct __omp2numa_region_site site = {"parallel.c", __LINE__, 0, 0};
  int outer = omp_get_max_threads();
  int expected_inner = (outer > 1) < max_active_levels ? inner : 1;
  struct ctx_nested ctx = {.inner = inner, .expected_inner = expected_inner};
  omp_set_max_active_levels(max_active_levels);
  __omp2numa_parallel(&site, region_outer, &ctx, 0, 1);
  CHECK(atomic_load(&ctx.inner_runs) == outer * expected_inner, "%d inner runs, expected %d",
        atomic_load(&ctx.inner_runs), outer * expected_inner);
}

// Pool reuse: each thread counts, in thread-local storage, the regions it ran as thread t.  If
// the same worker serves thread t every time, the counts reach REGIONS.
// for (r = 0; r < REGIONS; r++)
//   #pragma omp parallel
//   { runs++; }
static _Thread_local int runs_as[MAX_THREADS];

struct ctx_reuse {
  atomic_int total;
  int last_round;
  atomic_int stable;
};

static void region_reuse(void *data)
{
  struct ctx_reuse *ctx = data;
  int tid = omp_get_thread_num();
  runs_as[tid]++;
  atomic_fetch_add(&ctx->total, 1);
  if (ctx->last_round && runs_as[tid] == REGIONS)
    atomic_fetch_add(&ctx->stable, 1);
}

static void reuse(void)
{
  static const struct __omp2numa_region_site site = {"parallel.c", __LINE__, 0, 0};
  struct ctx_reuse ctx = {0};
  int n = omp_get_max_threads();
  for (int r = 0; r < REGIONS; r++) {
    ctx.last_round = r == REGIONS - 1;
    __omp2numa_parallel(&site, region_reuse, &ctx, 0, 1);
  }
  CHECK(atomic_load(&ctx.total) == REGIONS * n, "%d runs of %d regions of %d threads",
        atomic_load(&ctx.total), REGIONS, n);
  CHECK(atomic_load(&ctx.stable) == n, "only %d of %d threads ran every region on the same "
        "worker", atomic_load(&ctx.stable), n);
}

int main(void)
{
  caller = pthread_self();
  int n = omp_get_max_threads();
  CHECK(n >= 1 && n <= MAX_THREADS, "omp_get_max_threads() = %d", n);

  // Null cases: if(0), num_threads(1).
  fork_join(0, 0, 1);
  fork_join(5, 0, 1);
  fork_join(1, 1, 1);

  fork_join(0, 1, n);
  fork_join(3, 1, 3);
  fork_join(MAX_THREADS, 1, MAX_THREADS);
  fork_join(0, 1, n); // smaller again after a large team

  // Nested: a team of one by default, then a real one.
  CHECK(omp_get_max_active_levels() == 1, "default max-active-levels %d",
        omp_get_max_active_levels());
  nested(2, 1);
  nested(2, 2);
  nested(3, 1);

  reuse();
  return atomic_load(&num_failed);
}
