// Nested teams placed by NUMA node, under synthetic topologies: the outer team spreads over the
// places (OMP_PROC_BIND=spread,close, or the default when OMP_MAX_ACTIVE_LEVELS > 1 and
// OMP_PROC_BIND is unset), and each inner team runs close to its primary thread, inside the place
// partition that thread spread to.  The team sizes come from per-level OMP_NUM_THREADS lists.
// Checked against OpenMP's definitions of spread and close, computed here:
//  - outer thread m (of T1, P places) is on the first place of subpartition m,
//    [floor(m P / T1), floor((m+1) P / T1)), which is its partition;
//  - inner thread t (of T2) of primary m is on place first_m + t of that partition when
//    T2 <= its size, always inside it, and has the same partition;
//  - when the outer team has one thread per node and the nodes have as many places each, every
//    inner thread is on its primary thread's node (argv[1] = processors per node: the synthetic
//    topology numbers processors node by node);
//  - stable: across ROUNDS nested regions, thread t of primary m's team is the same thread (its
//    kernel thread id) on the same place every time, once the inner teams have run at the same
//    time (the first round makes them);
//  - pooled: after the first nested region, no thread is created: the process has exactly
//    1 + (T1 - 1) + T1 (T2 - 1) threads (/proc/self/task) after ROUNDS regions.
//
// RUN: %rt-cc %s %rt-link -o %t
// 2 nodes, one outer thread per node, the default policy for nesting; then explicit lists.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_NUM_THREADS=2,4 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t 4 | FileCheck %s --check-prefix=N2
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_NUM_THREADS=2,3 OMP_PROC_BIND=spread,close %o2n-run %t 4 | FileCheck %s --check-prefix=N2-3
// 4 nodes: 4 outer threads of 2; inner teams larger than the partition (3 on 2 places).
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=4,2 OMP_PROC_BIND=spread,close %o2n-run %t 2 | FileCheck %s --check-prefix=N4
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=4,3 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t 2 | FileCheck %s --check-prefix=N4-3
// Team sizes that do not divide: 3 outer threads on 2 nodes of 4 places, and 3 on 4 nodes.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_NUM_THREADS=3,2 OMP_PROC_BIND=spread,close %o2n-run %t 4 | FileCheck %s --check-prefix=N2-ODD
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t 2 | FileCheck %s --check-prefix=N4-ODD
// Places that are whole nodes: each inner team shares its node's place.
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_PLACES=numa_domains OMP_NUM_THREADS=4,2 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t 2 | FileCheck %s --check-prefix=NUMA
// Cores of two hardware threads: 2 outer threads, inner teams of 3 cores.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:3 pu:2" OMP_PLACES=cores OMP_NUM_THREADS=2,3 OMP_MAX_ACTIVE_LEVELS=2 %o2n-run %t 6 | FileCheck %s --check-prefix=CORES
//
// Two nodes of 4 places: outer threads on places 0 and 4, inner teams on their node.
// N2: outer 0: place 0 partition 0+4 node 0
// N2: outer 1: place 4 partition 4+4 node 1
// N2: inner 1.3: place 7 node 1
// N2: on their primary's node: yes
// N2: failures 0
// N2-3: inner 1.2: place 6 node 1
// N2-3: on their primary's node: yes
// N2-3: failures 0
// N4: outer 3: place 6 partition 6+2 node 3
// N4: inner 3.1: place 7 node 3
// N4: on their primary's node: yes
// N4: failures 0
// N4-3: inner 2.2: place {{[45]}} node 2
// N4-3: on their primary's node: yes
// N4-3: failures 0
// N2-ODD: outer 1: place 2 partition 2+3 node 0
// N2-ODD: outer 2: place 5 partition 5+3 node 1
// N2-ODD: failures 0
// N4-ODD: outer 1: place 2 partition 2+3 node 1
// N4-ODD: outer 2: place 5 partition 5+3 node 2
// N4-ODD: failures 0
// NUMA: outer 3: place 3 partition 3+1 node 3
// NUMA: inner 3.1: place 3 node 3
// NUMA: on their primary's node: yes
// NUMA: failures 0
// CORES: outer 1: place 3 partition 3+3 node 1
// CORES: inner 1.2: place 5 node 1
// CORES: on their primary's node: yes
// CORES: failures 0
#define _GNU_SOURCE 1
#include "../Inputs/check.h"

#include <dirent.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { MAXT = 8, ROUNDS = 1000 };

struct rec {
  int place, first, count, tid;
};

static struct rec outer[MAXT], inner[MAXT][MAXT];
static int per_node, t1, t2[MAXT], round_no;

static int node_of(int place)
{
  int ids[64];
  CHECK(omp_get_place_num_procs(place) <= 64, "place %d too large", place);
  omp_get_place_proc_ids(place, ids);
  return ids[0] / per_node;
}

static struct rec here(void)
{
  struct rec r = {omp_get_place_num(), -1, omp_get_partition_num_places(),
                  (int)syscall(SYS_gettid)};
  int nums[64];
  CHECK(r.count >= 1 && r.count <= 64, "partition of %d places", r.count);
  omp_get_partition_place_nums(nums);
  r.first = nums[0];
  for (int i = 1; i < r.count; i++)
    CHECK(nums[i] == nums[0] + i, "partition not consecutive");
  return r;
}

// Inner region: records (the first round) or compares (later rounds) where each thread is.
static void inner_region(void *data)
{
  const int m = *(int *)data, t = omp_get_thread_num();
  CHECK(m < MAXT && t < MAXT, "team too large");
  const struct rec r = here();
  t2[m] = omp_get_num_threads();
  if (round_no == 0) {
    inner[m][t] = r;
    // Every inner team runs at once in the first round, as they do on a machine with a
    // processor per thread: a team that ended before another started would lend it its
    // workers, and both would keep asking for them.
    static atomic_int arrived;
    atomic_fetch_add(&arrived, 1);
    while (atomic_load(&arrived) < omp_get_team_size(1) * omp_get_num_threads())
      sched_yield();
    return;
  }
  const struct rec *was = &inner[m][t];
  CHECK(was->place == r.place && was->tid == r.tid,
        "round %d: inner %d.%d on place %d (thread %d), was %d (thread %d)", round_no, m, t,
        r.place, r.tid, was->place, was->tid);
}

// #pragma omp parallel            (outer: T1 threads, spread)
// #pragma omp parallel            (inner: T2 threads, close)
static void outer_region(void *data)
{
  (void)data;
  static const struct __omp2numa_region_site site = {"nested.c", __LINE__, 0, 0};
  int m = omp_get_thread_num();
  t1 = omp_get_num_threads();
  if (round_no == 0)
    outer[m] = here();
  __omp2numa_parallel(&site, inner_region, &m, 0, 1);
}

static int count_threads(void)
{
  DIR *d = opendir("/proc/self/task");
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += e->d_name[0] != '.';
  if (d)
    closedir(d);
  return n;
}

// The spec's placement, against what was recorded in the first round.
static void check_placement(void)
{
  const int P = omp_get_num_places();
  int same_node = 1, one_per_node = 1;
  for (int m = 0; m < t1; m++) {
    const struct rec *o = &outer[m];
    const int lo = m * P / t1, hi = (m + 1) * P / t1;
    printf("outer %d: place %d partition %d+%d node %d\n", m, o->place, o->first, o->count,
           node_of(o->place));
    CHECK(o->place == lo && o->first == lo && o->count == hi - lo,
          "outer %d: place %d partition %d+%d, expected %d, %d+%d", m, o->place, o->first,
          o->count, lo, lo, hi - lo);
    one_per_node &= node_of(lo) == node_of(hi - 1) && (m == 0 || node_of(lo) != node_of(lo - 1));
    for (int t = 0; t < t2[m]; t++) {
      const struct rec *r = &inner[m][t];
      printf("inner %d.%d: place %d node %d\n", m, t, r->place, node_of(r->place));
      CHECK(r->first == o->first && r->count == o->count, "inner %d.%d: partition %d+%d", m, t,
            r->first, r->count);
      CHECK(r->place >= o->first && r->place < o->first + o->count,
            "inner %d.%d: place %d outside its partition", m, t, r->place);
      CHECK(t2[m] > o->count || r->place == o->place + t, "inner %d.%d: place %d, expected %d",
            m, t, r->place, o->place + t);
      same_node &= node_of(r->place) == node_of(o->place);
    }
  }
  if (one_per_node) {
    printf("on their primary's node: %s\n", same_node ? "yes" : "no");
    CHECK(same_node, "an inner thread is off its primary's node");
  }
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"nested.c", __LINE__, 0, 0};
  per_node = argc > 1 ? atoi(argv[1]) : 1;
  CHECK(omp_get_proc_bind() == omp_proc_bind_spread, "bind-var %d", (int)omp_get_proc_bind());
  for (round_no = 0; round_no < ROUNDS; round_no++) {
    __omp2numa_parallel(&site, outer_region, NULL, 0, 1);
    if (round_no == 0)
      check_placement();
  }
  int expected = t1;
  for (int m = 0; m < t1; m++)
    expected += t2[m] - 1;
  CHECK(count_threads() == expected, "%d threads after %d nested regions, expected %d",
        count_threads(), ROUNDS, expected);
  printf("failures %d\n", atomic_load(&num_failed));
  return atomic_load(&num_failed);
}
