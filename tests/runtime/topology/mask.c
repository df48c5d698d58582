// The process's affinity mask on the real machine (taskset, numactl --physcpubind): the runtime
// plans with the processors of the mask only.  omp_get_num_procs() and the default number of
// threads are its size; every place holds only processors of the mask; thread 0 of a bound team
// is bound to the first processor of the mask (in fill order: NUMA node by node, hwloc's order
// within a node), and every thread of every team -- bound, unbound, oversubscribed, nested in
// regions of other sizes -- runs inside the mask.  OMP_DYNAMIC counts only the mask's
// processors.  The program prints its last team, one line per thread ("T1 cpus=1"), for
// FileCheck; CPU0 and CPU1 are the first two processors lit may use.  Arguments: the team size
// (0: no num_threads clause) and, optionally, for how many milliseconds to keep running regions
// (the concurrent test).
//
// RUN: %rt-cc %s %rt-link -lhwloc -o %t
//
// One processor, with teams of 1 to 4 threads: every thread on it.
// RUN: taskset -c %mask-cpu1 %o2n-run %t 0 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T1 --match-full-lines
// RUN: taskset -c %mask-cpu1 %o2n-run %t 1 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T1 --match-full-lines
// RUN: taskset -c %mask-cpu1 %o2n-run %t 2 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T2 --match-full-lines
// RUN: taskset -c %mask-cpu1 %o2n-run %t 3 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T3 --match-full-lines
// RUN: taskset -c %mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T4 --match-full-lines
// RUN: taskset -c %mask-cpu0 %o2n-run %t 3 | FileCheck %s -DCPU=%mask-cpu0 --check-prefixes=ONE,T3 --match-full-lines
// RUN: env OMP_PROC_BIND=spread taskset -c %mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T4 --match-full-lines
// RUN: env OMP_PROC_BIND=primary taskset -c %mask-cpu1 %o2n-run %t 2 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T2 --match-full-lines
// RUN: env OMP_PROC_BIND=false taskset -c %mask-cpu1 %o2n-run %t 3 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T3 --match-full-lines
// RUN: env OMP_PLACES=cores taskset -c %mask-cpu1 %o2n-run %t 2 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T2 --match-full-lines
// RUN: env OMP_NUM_THREADS=4 taskset -c %mask-cpu1 %o2n-run %t 0 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T4 --match-full-lines
//
// An explicit place list: its processors outside the mask are left out, with a warning, as
// libgomp does; a list with none of the mask's is replaced by the default.
// RUN: env OMP_PLACES="{%mask-cpu0},{%mask-cpu1}" taskset -c %mask-cpu1 %o2n-run %t 2 2>&1 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=DROPPED,ONE,T2 --match-full-lines
// RUN: env OMP_PLACES="{%mask-cpu0}" taskset -c %mask-cpu1 %o2n-run %t 2 2>&1 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=NONE,ONE,T2 --match-full-lines
//
// OMP_DYNAMIC: a team of 4 gets the mask's one processor (no other load: a quiet load file).
// RUN: echo '0.00 0.00 0.00 1/100 1' > %t.load
// RUN: env OMP_DYNAMIC=true OMP2NUMA_LOAD_FILE=%t.load taskset -c %mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T1 --match-full-lines
//
// Two processors: thread t of a bound team on the t-th (two threads per processor for 4).
// RUN: taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 0 | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefixes=TWO,TWO2 --match-full-lines
// RUN: taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefixes=TWO,TWO4 --match-full-lines
// RUN: env OMP_PROC_BIND=false taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 3 | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefixes=TWO,FREE3 --match-full-lines
// RUN: env OMP_DYNAMIC=true OMP2NUMA_LOAD_FILE=%t.load taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefixes=TWO,TWO2 --match-full-lines
//
// numactl --physcpubind sets the same mask.
// RUN: %if numactl %{ numactl --physcpubind=%mask-cpu1 %o2n-run %t 3 | FileCheck %s -DCPU=%mask-cpu1 --check-prefixes=ONE,T3 --match-full-lines %}
// RUN: %if numactl %{ numactl --physcpubind=%mask-cpu0,%mask-cpu1 %o2n-run %t 4 | FileCheck %s -DCPU0=%mask-cpu0 -DCPU1=%mask-cpu1 --check-prefixes=TWO,TWO4 --match-full-lines %}
//
// REQUIRES: multicpu, taskset
//
// DROPPED: omp2numa: warning: OMP_PLACES='{[[#]]},{[[#]]}': leaving out 1 of the 2 places, which hold no processor of this process's affinity mask ([[CPU]])
// NONE: omp2numa: warning: OMP_PLACES='{[[#]]}': no place holds a processor of this process's affinity mask ([[CPU]]); keeping the default threads
//
// ONE:      procs=1 places=1 place0={[[CPU]]}
// T1-NEXT:  team of 1
// T1-NEXT:  T0 cpus=[[CPU]]
// T2-NEXT:  team of 2
// T2-NEXT:  T0 cpus=[[CPU]]
// T2-NEXT:  T1 cpus=[[CPU]]
// T3-NEXT:  team of 3
// T3-NEXT:  T0 cpus=[[CPU]]
// T3-NEXT:  T1 cpus=[[CPU]]
// T3-NEXT:  T2 cpus=[[CPU]]
// T4-NEXT:  team of 4
// T4-NEXT:  T0 cpus=[[CPU]]
// T4-NEXT:  T1 cpus=[[CPU]]
// T4-NEXT:  T2 cpus=[[CPU]]
// T4-NEXT:  T3 cpus=[[CPU]]
//
// TWO:        procs=2 places=2 place0={[[CPU0]]}
// TWO2-NEXT:  team of 2
// TWO2-NEXT:  T0 cpus=[[CPU0]]
// TWO2-NEXT:  T1 cpus=[[CPU1]]
// TWO4-NEXT:  team of 4
// TWO4-NEXT:  T0 cpus=[[CPU0]]
// TWO4-NEXT:  T1 cpus=[[CPU0]]
// TWO4-NEXT:  T2 cpus=[[CPU1]]
// TWO4-NEXT:  T3 cpus=[[CPU1]]
// FREE3-NEXT: team of 3
// FREE3-NEXT: T0 cpus=[[CPU0]],[[CPU1]]
// FREE3-NEXT: T1 cpus=[[CPU0]],[[CPU1]]
// FREE3-NEXT: T2 cpus=[[CPU0]],[[CPU1]]
#define _GNU_SOURCE 1 // sched_getaffinity, sched_getcpu
#include "../Inputs/check.h"

#include <hwloc.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 64 };

static cpu_set_t mask; // the process's mask when main starts

struct ctx {
  int nthreads;
  cpu_set_t cpus[MAX_THREADS]; // each thread's affinity in the last region
};

// Writes a set as "0,1,5".
static void set_text(const cpu_set_t *set, char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (int c = 0; c < CPU_SETSIZE && len < size; c++)
    if (CPU_ISSET(c, set))
      len += (size_t)snprintf(buf + len, size - len, "%s%d", len ? "," : "", c);
}

// #pragma omp parallel [num_threads(n)]
static void region(void *data)
{
  struct ctx *ctx = data;
  const int tid = omp_get_thread_num();
  cpu_set_t mine;
  CHECK(sched_getaffinity(0, sizeof mine, &mine) == 0, "sched_getaffinity failed");
  cpu_set_t inside;
  CPU_AND(&inside, &mine, &mask);
  CHECK(CPU_EQUAL(&inside, &mine), "thread %d may run outside the mask", tid);
  const int cpu = sched_getcpu();
  CHECK(cpu >= 0 && CPU_ISSET(cpu, &mask), "thread %d runs on cpu %d, outside the mask", tid,
        cpu);
  if (tid < MAX_THREADS)
    ctx->cpus[tid] = mine;
  if (tid == 0)
    ctx->nthreads = omp_get_num_threads();
}

// #pragma omp parallel num_threads(n + 1) proc_bind(spread), in between
static void region_other(void *data)
{
  (void)data;
  cpu_set_t mine;
  sched_getaffinity(0, sizeof mine, &mine);
  cpu_set_t inside;
  CPU_AND(&inside, &mine, &mask);
  CHECK(CPU_EQUAL(&inside, &mine), "thread %d of another team may run outside the mask",
        omp_get_thread_num());
}

// The first processor of the mask in fill order: the first PU, in hwloc's logical order, of the
// first NUMA node that holds one of the mask.
static int first_in_fill_order(void)
{
  hwloc_topology_t topo;
  hwloc_topology_init(&topo);
  hwloc_topology_load(topo);
  int first = -1;
  const int nnodes = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
  for (int d = 0; d < (nnodes > 0 ? nnodes : 1) && first < 0; d++) {
    hwloc_obj_t node = nnodes > 0 ? hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, d) : NULL;
    const int npus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
    for (int i = 0; i < npus && first < 0; i++) {
      hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, i);
      if ((!node || hwloc_bitmap_isincluded(pu->cpuset, node->cpuset)) &&
          pu->os_index < CPU_SETSIZE && CPU_ISSET(pu->os_index, &mask))
        first = (int)pu->os_index;
    }
  }
  hwloc_topology_destroy(topo);
  return first;
}

int main(int argc, char **argv)
{
  static struct ctx ctx;
  static const struct __omp2numa_region_site site = {"mask.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"mask.c", __LINE__, 0,
                                                        __OMP2NUMA_REGION_NUM_THREADS};
  static const struct __omp2numa_region_site site_spread = {
      "mask.c", __LINE__, __OMP2NUMA_PROC_BIND_SPREAD, __OMP2NUMA_REGION_NUM_THREADS};
  if (argc < 2 || argc > 3)
    return 2;
  const int n = atoi(argv[1]);
  const long run_ms = argc > 2 ? atol(argv[2]) : 0;
  if (n < 0 || n > MAX_THREADS - 1)
    return 2;
  CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0, "sched_getaffinity failed");
  const int nmask = CPU_COUNT(&mask);

  // The processors the runtime plans with are the mask's.
  CHECK(omp_get_num_procs() == nmask, "omp_get_num_procs() = %d, the mask holds %d",
        omp_get_num_procs(), nmask);
  if (!getenv("OMP_NUM_THREADS"))
    CHECK(omp_get_max_threads() == nmask, "omp_get_max_threads() = %d, the mask holds %d",
          omp_get_max_threads(), nmask);
  const int nplaces = omp_get_num_places();
  for (int p = 0; p < nplaces; p++) {
    int ids[CPU_SETSIZE];
    omp_get_place_proc_ids(p, ids);
    for (int i = 0; i < omp_get_place_num_procs(p); i++)
      CHECK(ids[i] >= 0 && ids[i] < CPU_SETSIZE && CPU_ISSET(ids[i], &mask),
            "place %d holds processor %d, outside the mask", p, ids[i]);
  }
  int place0[CPU_SETSIZE];
  omp_get_place_proc_ids(0, place0);
  if (!getenv("OMP_PLACES"))
    CHECK(place0[0] == first_in_fill_order(), "place 0 is processor %d, the mask's first is %d",
          place0[0], first_in_fill_order());
  printf("procs=%d places=%d place0={", omp_get_num_procs(), nplaces);
  for (int i = 0; i < omp_get_place_num_procs(0); i++)
    printf("%s%d", i ? "," : "", place0[i]);
  printf("}\n");

  // Regions of n threads, with other teams in between; for run_ms milliseconds at least.
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (int r = 0;; r++) {
    // (Not under OMP_PROC_BIND=false: the clause would bind the primary thread, which keeps
    // its binding in unbound teams.)
    if (r % 3 == 1 && omp_get_proc_bind() != omp_proc_bind_false)
      __omp2numa_parallel(&site_spread, region_other, NULL, n + 1, 1);
    __omp2numa_parallel(n ? &site_nt : &site, region, &ctx, n, 1);
    clock_gettime(CLOCK_MONOTONIC, &now);
    const long ms = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    if (r >= 20 && ms >= run_ms)
      break;
  }

  // Bound: thread 0 on place 0, the first processor of the mask.
  if (omp_get_proc_bind() != omp_proc_bind_false && !getenv("OMP_PLACES")) {
    cpu_set_t first;
    CPU_ZERO(&first);
    CPU_SET(first_in_fill_order(), &first);
    CHECK(CPU_EQUAL(&ctx.cpus[0], &first), "thread 0 is not bound to the mask's first processor");
  }
  printf("team of %d\n", ctx.nthreads);
  for (int t = 0; t < ctx.nthreads && t < MAX_THREADS; t++) {
    char text[256];
    set_text(&ctx.cpus[t], text, sizeof text);
    printf("T%d cpus=%s\n", t, text);
  }
  return atomic_load(&num_failed);
}
