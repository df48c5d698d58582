// affinity(name) with nested teams: a name has one map per team (team size, nesting level and
// primary thread), so the loops of inner teams never clobber the outer team's map, nor each
// other's.  Teams of 2 at both levels (the same size: only the level tells the maps apart).
//
//   #pragma omp parallel num_threads(2)                 (outer)
//   {
//     #pragma omp for schedule(static, 1) affinity(v)   (records v % 2 at level 1)
//     #pragma omp parallel num_threads(2)               (inner, of primary thread m)
//     #pragma omp for schedule(S_m) affinity(v)         (m = 0: static blocks; m = 1: static, 1)
//   }
//
// then the same shape again with dynamic, guided and static schedules: every value must run on
// the thread its own team's map recorded.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t
// RUN: env OMP_MAX_ACTIVE_LEVELS=2 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_MAX_ACTIVE_LEVELS=2 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdatomic.h>

enum { N = 1000, ROUNDS = 4 };

// ran[level][m][v]: the thread that ran value v in the last loop of that level (m: the primary
// thread of the inner team; 0 at level 1).
static _Atomic int ran[2][2][N], hits[2][2][N];

static struct __omp2numa_loop_site outer_sites[ROUNDS], inner_sites[2][ROUNDS];
static const int kinds[ROUNDS] = {__OMP2NUMA_SCHED_STATIC, __OMP2NUMA_SCHED_DYNAMIC,
                                  __OMP2NUMA_SCHED_GUIDED, __OMP2NUMA_SCHED_STATIC};
static int round_no;

static void loop(struct __omp2numa_loop_site *site, int64_t chunk, int level, int m)
{
  uint64_t lo, hi;
  if (__omp2numa_loop_start_affinity(site, N, chunk, NULL, 0, 1, &lo, &hi)) do {
      for (uint64_t v = lo; v < hi; v++) {
        atomic_store(&ran[level][m][v], omp_get_thread_num());
        atomic_fetch_add(&hits[level][m][v], 1);
      }
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
}

static void inner(void *data)
{
  const int m = *(const int *)data;
  // The recording round: static blocks for primary 0, static,1 for primary 1.
  const int64_t chunk = round_no == 0 ? m : round_no == 1 ? 1 : 0;
  loop(&inner_sites[m][round_no], chunk, 1, m);
}

static void outer(void *data)
{
  (void)data;
  static const struct __omp2numa_region_site site = {"nested.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  loop(&outer_sites[round_no], round_no == 0 ? 1 : 0, 0, 0);
  int m = omp_get_thread_num();
  __omp2numa_parallel(&site, inner, &m, 2, 1);
}

// The thread each map recorded for value v.
static int expected(int level, int m, int v)
{
  if (level == 0)
    return v % 2; // static, 1
  return m == 0 ? v / (N / 2) : v % 2;
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"nested.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  for (int r = 0; r < ROUNDS; r++) {
    outer_sites[r] = (struct __omp2numa_loop_site){"nested.c", 100 + r, kinds[r],
                                                   r == 0 ? __OMP2NUMA_LOOP_CHUNK : 0, "v", 0};
    for (int m = 0; m < 2; m++)
      inner_sites[m][r] = (struct __omp2numa_loop_site){
          "nested.c", 200 + 10 * m + r, kinds[r],
          (r == 0 && m == 1) || r == 1 ? __OMP2NUMA_LOOP_CHUNK : 0, "v", 0};
  }
  for (round_no = 0; round_no < ROUNDS; round_no++) {
    __omp2numa_parallel(&site, outer, NULL, 2, 1);
    for (int level = 0; level < 2; level++)
      for (int m = 0; m <= level; m++)
        for (int v = 0; v < N; v++) {
          CHECK(atomic_exchange(&hits[level][m][v], 0) == 1, "round %d, level %d: value %d",
                round_no, level + 1, v);
          CHECK(atomic_load(&ran[level][m][v]) == expected(level, m, v),
                "round %d, level %d, primary %d: value %d on thread %d, recorded on %d",
                round_no, level + 1, m, v, atomic_load(&ran[level][m][v]),
                expected(level, m, v));
        }
  }
  return atomic_load(&num_failed);
}
