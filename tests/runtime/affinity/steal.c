// affinity(name) with schedule(adaptive): the recorded map is the initial distribution and idle
// threads steal mapped values (own NUMA node first), while the map keeps the first owner
// (DESIGN 3.2).  (Driver: Inputs/affinity.h.)
//
// Imbalance: a block map of N values is recorded by static.  Reused by adaptive, with thread 0's
// first value taking 300 ms, the other threads run out of work and steal thread 0's other values:
// some of them run elsewhere.  Reused by static, every value runs on its owner.  After each, a
// static loop finds every value on its first owner: stolen values were not re-recorded.
// OMP2NUMA_STATS counts the steals of the adaptive loop, and none for the static one.
//
//   #pragma omp for schedule(static) affinity(imb)
//   for (int64_t v = 0; v < N; v++) ...                          records blocks
//   #pragma omp for schedule(adaptive) affinity(imb)
//   for (int64_t v = 0; v < N; v++) { if (first && tid == 0) sleep(300 ms); ... }
//
// Exactly once: maps recorded by static, static,1 and dynamic,3 are reused by adaptive (chunks
// default, 1 and 5) over random sub-ranges, shifted ranges and steps of both signs; every value
// must run exactly once, and afterwards a static loop over the recorded values finds their first
// owners.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=2 OMP2NUMA_STATS=%t.stats %o2n-run %t
// RUN: FileCheck --input-file=%t.stats %s
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP2NUMA_STATS=%t.stats4 %o2n-run %t
// RUN: FileCheck --input-file=%t.stats4 %s
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-tsan-run %t.tsan %}
#include "Inputs/affinity.h"

#include "../sched/Inputs/rng.h"

#include <stdbool.h>
#include <stdio.h>
#include <time.h>

enum { N = 4000, LO = -500, HI = 8000 };

static void pause_ns(long ns)
{
  struct timespec t = {ns / 1000000000, ns % 1000000000};
  nanosleep(&t, NULL);
}

/* The imbalanced loop: thread 0's first value (its first chunk's) takes 300 ms. */
static void slow_region(void *data)
{
  const struct job *j = data;
  const int me = omp_get_thread_num();
  bool first = true;
  uint64_t lo, hi;
  if (__omp2numa_loop_start_affinity(j->site, j->n, j->chunk, NULL, j->first, j->step, &lo, &hi))
    do {
      for (uint64_t k = lo; k < hi; ++k) {
        const int64_t v = value_of(j, k);
        if (first && me == 0)
          pause_ns(300000000);
        first = false;
        atomic_fetch_add_explicit(&hits[v + VOFF], 1, memory_order_relaxed);
        atomic_store_explicit(&who[v + VOFF], me, memory_order_relaxed);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static int first_owner[N];

/* Runs the imbalanced loop at a site; returns how many of thread 0's values ran elsewhere. */
static int imbalanced(struct __omp2numa_loop_site *site, int64_t chunk, int P)
{
  static const struct __omp2numa_region_site region = {"steal.c", __LINE__, 0,
                                                       __OMP2NUMA_REGION_NUM_THREADS};
  const struct job j = {site, chunk, 0, 1, N, 0};
  clear_values(&j, 1);
  __omp2numa_parallel(&region, slow_region, (void *)&j, P, 1);
  int moved = 0;
  for (int64_t v = 0; v < N; v++) {
    CHECK(atomic_load(&hits[v + VOFF]) == 1, "imbalance: value %" PRId64 " ran %d times", v,
          atomic_load(&hits[v + VOFF]));
    moved += first_owner[v] == 0 && owner(v) != 0;
  }
  return moved;
}

/* A static loop over [LO, HI) values of a name: recorded values run on first[v - LO]. */
static void check_owners(const char *name, const int *first, const char *what, int P)
{
  run1(name, __OMP2NUMA_SCHED_STATIC, 0, LO, 1, HI - LO, P);
  for (int64_t v = LO; v < HI; v++)
    if (first[v - LO] >= 0)
      CHECK(owner(v) == first[v - LO], "%s: value %" PRId64 " on %d, first owner %d", what, v,
            owner(v), first[v - LO]);
}

int main(void)
{
  const int P = omp_get_max_threads() > 8 ? 8 : omp_get_max_threads();

  // Imbalance.
  run1("imb", __OMP2NUMA_SCHED_STATIC, 0, 0, 1, N, P);
  for (int64_t v = 0; v < N; v++)
    first_owner[v] = owner(v);
  // CHECK: loop affinity.h:[[#ADAPTIVE:]]: schedule adaptive, 1 executions
  // CHECK-NEXT: thread
  // CHECK: {{^ +[0-9]+ +[0-9]+ +1 +[0-9]+ +[0-9]+ +([1-9][0-9]* +[0-9]+|[0-9]+ +[1-9][0-9]*) }}
  // CHECK: loop affinity.h:[[#ADAPTIVE+1]]: schedule static, 1 executions
  // CHECK-NEXT: thread
  // CHECK-NOT: {{^ +[0-9]+ +[0-9]+ +1 +[0-9]+ +[0-9]+ +([1-9][0-9]* +[0-9]+|[0-9]+ +[1-9][0-9]*) }}
  // CHECK: loop
  const int moved_adaptive = imbalanced(site_for("imb", __OMP2NUMA_SCHED_ADAPTIVE, 0), 0, P);
  const int moved_static = imbalanced(site_for("imb", __OMP2NUMA_SCHED_STATIC, 1), 1, P);
  printf("thread 0's values run elsewhere: adaptive %d, static %d\n", moved_adaptive,
         moved_static);
  CHECK(P == 1 || moved_adaptive > 0, "adaptive: nobody stole thread 0's values");
  CHECK(moved_static == 0, "static: %d of thread 0's values ran elsewhere", moved_static);
  int first_imb[HI - LO];
  for (int64_t v = LO; v < HI; v++)
    first_imb[v - LO] = v >= 0 && v < N ? first_owner[v] : -1;
  check_owners("imb", first_imb, "imbalance, after", P);

  // Exactly once, and first owners kept.
  static const char *const names[3] = {"s", "s1", "d3"};
  static const int kinds[3] = {__OMP2NUMA_SCHED_STATIC, __OMP2NUMA_SCHED_STATIC,
                               __OMP2NUMA_SCHED_DYNAMIC};
  static const int64_t rec_chunks[3] = {0, 1, 3};
  static int first[3][HI - LO];
  for (int m = 0; m < 3; m++) {
    for (int i = 0; i < HI - LO; i++)
      first[m][i] = -1;
    run1(names[m], kinds[m], rec_chunks[m], 0, 1, N, P);
    for (int64_t v = 0; v < N; v++)
      first[m][v - LO] = owner(v);
  }
  static const int64_t chunks[] = {0, 1, 5};
  static const int64_t steps[] = {1, 1, 2, -1, -3};
  for (int l = 0; l < 150; l++) {
    const int m = (int)(rng() % 3);
    const int64_t chunk = chunks[rng() % 3], step = steps[rng() % 5];
    const int64_t first_v = LO + (int64_t)(rng() % (HI - LO));
    const int64_t room = step > 0 ? (HI - 1 - first_v) / step + 1 : (first_v - LO) / -step + 1;
    const uint64_t n = rng() % (uint64_t)room + 1;
    run1(names[m], __OMP2NUMA_SCHED_ADAPTIVE, chunk, first_v, step, n, P);
    for (uint64_t k = 0; k < n; k++) {
      const int64_t v = first_v + (int64_t)k * step;
      if (first[m][v - LO] < 0)
        first[m][v - LO] = owner(v); /* new values: recorded by the thread that ran them */
    }
  }
  for (int m = 0; m < 3; m++)
    check_owners(names[m], first[m], names[m], P);

  return atomic_load(&num_failed);
}
