// RUN: %o2n-compile %s -o %t -lpthread
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_CANCELLATION=true OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_THREAD_LIMIT=2 %o2n-run %t
// RUN: %if tsan %{ %omp2numa %s -o %t.tsan.c && %rt-tsan-cc %t.tsan.c %rt-tsan-link -o %t.tsan -lpthread %}
// RUN: %if tsan %{ %o2n-tsan-run %t.tsan %}
// REQUIRES: translator
//
// A region that asks for what its primary thread's last region at the same level asked for gets
// that team back as it was, without the pool's lock (team.c, team_repeat).  What must not carry
// over: ICVs a member changed in the last region; the places of another proc_bind policy; the
// state of a team that ran tasks or was cancelled; workers that another thread's team, or a
// pause, took meanwhile.  Each case runs many regions and checks the serial meaning.
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

#define N 499
#define REGIONS 200
#define CALLERS 3

static int failures;

#define CHECK(cond, ...)                                                                       \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "team_repeat: " __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                                     \
      __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);                                      \
    }                                                                                          \
  } while (0)

// Members change their own ICVs; the next region's members start from the parent's again.  The
// parent changes nthreads-var between regions; the next region has the new size.
static void icvs_set_in_a_region(void)
{
  const int base = omp_get_max_threads();
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  for (int r = 0; r < REGIONS; r++) {
    const int want = r % 4 == 3 ? 1 + r % 3 : base;
    omp_set_num_threads(want);
    int team = 0;
#pragma omp parallel shared(team)
    {
      omp_sched_t k;
      int c;
      omp_get_schedule(&k, &c);
      CHECK(omp_get_max_threads() == want, "region %d: nthreads-var %d, expected %d", r,
            omp_get_max_threads(), want);
      CHECK(k == kind && c == chunk, "region %d: run-sched-var (%d, %d), expected (%d, %d)", r,
            (int)k, c, (int)kind, chunk);
      CHECK(!omp_get_dynamic(), "region %d: dyn-var set", r);
#pragma omp single
      team = omp_get_num_threads();
      omp_set_num_threads(want + 5);
      omp_set_schedule(omp_sched_guided, 7);
      omp_set_dynamic(1);
    }
    const int limit = omp_get_thread_limit();
    CHECK(team == (want < limit ? want : limit), "region %d: a team of %d, asked for %d", r, team,
          want);
  }
  omp_set_num_threads(base);
}

// proc_bind(close) and proc_bind(spread) alternate: each keeps its own places and partitions.
static void policies_alternate(void)
{
  int place[2][2] = {{-2, -2}, {-2, -2}}, partition[2][2] = {{-2, -2}, {-2, -2}};
  for (int r = 0; r < REGIONS; r++) {
    const int spread = r % 2;
    int seen_place[2], seen_partition[2];
    if (spread) {
#pragma omp parallel num_threads(2) proc_bind(spread)
      {
        seen_place[omp_get_thread_num()] = omp_get_place_num();
        seen_partition[omp_get_thread_num()] = omp_get_partition_num_places();
      }
    } else {
#pragma omp parallel num_threads(2) proc_bind(close)
      {
        seen_place[omp_get_thread_num()] = omp_get_place_num();
        seen_partition[omp_get_thread_num()] = omp_get_partition_num_places();
      }
    }
    for (int t = 0; t < 2; t++) {
      if (place[spread][t] == -2) {
        place[spread][t] = seen_place[t];
        partition[spread][t] = seen_partition[t];
      }
      CHECK(seen_place[t] == place[spread][t] && seen_partition[t] == partition[spread][t],
            "region %d (%s): thread %d at place %d of a partition of %d, first at %d of %d", r,
            spread ? "spread" : "close", t, seen_place[t], seen_partition[t],
            place[spread][t], partition[spread][t]);
    }
  }
  if (omp_get_num_places() >= 2)
    CHECK(partition[0][0] != partition[1][0], "close and spread gave partitions of %d places",
          partition[0][0]);
}

// Regions with tasks, with cancellation and with neither, interleaved; every one runs each
// iteration once.
static void tasks_and_cancellation(void)
{
  static int hits[N];
  for (int r = 0; r < REGIONS; r++) {
    for (int i = 0; i < N; i++)
      hits[i] = 0;
    int cancelled = 0;
#pragma omp parallel num_threads(2) shared(cancelled)
    {
      if (r % 3 == 0) {
#pragma omp single
        for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) depend(inout : hits[i])
          __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
        }
      } else {
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < N; i++)
          __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
      }
      if (r % 5 == 1 && omp_get_thread_num() == 0) {
        cancelled = omp_get_cancellation();
#pragma omp cancel parallel
      }
#pragma omp cancellation point parallel
#pragma omp for schedule(static) nowait
      for (int i = 0; i < N; i++)
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    }
    for (int i = 0; i < N; i++) {
      // A cancelled region may stop before its last loop or after it.
      const int ok = hits[i] == 2 || (cancelled && hits[i] == 1);
      CHECK(ok, "region %d: iteration %d ran %d times", r, i, hits[i]);
      if (!ok)
        break;
    }
  }
}

// Several threads of the program run regions at once, and the first one pauses the runtime now
// and then (which ends idle workers): their teams compete for the same workers.
static void *caller(void *arg)
{
  const long id = (long)arg;
  for (int r = 0; r < REGIONS; r++) {
    long sum = 0;
    int team = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum) shared(team)
    {
#pragma omp single
      team = omp_get_num_threads();
#pragma omp for schedule(static)
      for (int i = 0; i < N; i++)
        sum += i + id;
    }
    CHECK(team >= 1 && team <= 2, "caller %ld, region %d: a team of %d", id, r, team);
    CHECK(sum == (long)N * (N - 1) / 2 + (long)N * id, "caller %ld, region %d: sum %ld", id,
          r, sum);
    if (id == 0 && r % 16 == 0)
      CHECK(omp_pause_resource_all(omp_pause_soft) == 0, "pause refused");
  }
  return NULL;
}

static void callers_compete(void)
{
  pthread_t threads[CALLERS];
  for (long id = 0; id < CALLERS; id++)
    if (pthread_create(&threads[id], NULL, caller, (void *)id) != 0)
      CHECK(0, "pthread_create");
  for (int id = 0; id < CALLERS; id++)
    pthread_join(threads[id], NULL);
}

// An inner team repeats too, under an outer team that does.
static void nested(void)
{
  omp_set_max_active_levels(2);
  for (int r = 0; r < REGIONS / 4; r++) {
    int total = 0, expected = 0;
#pragma omp parallel num_threads(2) reduction(+ : total, expected)
#pragma omp parallel num_threads(2) reduction(+ : total, expected)
    {
      total += omp_get_level() == 2 && omp_get_ancestor_thread_num(2) == omp_get_thread_num();
      expected += omp_get_thread_num() == 0 ? omp_get_num_threads() : 0;
    }
    CHECK(total == expected && total >= 2, "nested region %d: %d inner threads, %d expected", r,
          total, expected);
  }
  omp_set_max_active_levels(1);
}

int main(void)
{
  icvs_set_in_a_region();
  policies_alternate();
  tasks_and_cancellation();
  callers_compete();
  nested();
  if (failures)
    return 1;
  puts("team_repeat: ok");
  return 0;
}
