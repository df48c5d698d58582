// Thread binding on the real machine: thread t of a team of n is bound to the processors of its
// place (hwloc_get_cpubind equals omp_get_place_proc_ids of omp_get_place_num) and runs there
// (sched_getcpu, hwloc_get_last_cpu_location) in every region of n threads, whatever regions of
// other sizes come in between.  With OMP_PROC_BIND=false no thread is bound: each may run on any
// allowed processor and has no place; a worker bound by an earlier region with a proc_bind clause
// is unbound again (the primary thread keeps its own binding, as OpenMP allows).  The argument is
// the team size.
//
// RUN: %rt-cc %s %rt-link -lhwloc -o %t
// RUN: %o2n-run %t 2
// RUN: %o2n-run %t 1
// RUN: %o2n-run %t 3
// RUN: env OMP_PLACES=cores %o2n-run %t 2
// RUN: env OMP_PLACES=sockets %o2n-run %t 2
// RUN: env OMP_PLACES="{0:2}" %o2n-run %t 2
// RUN: env OMP_PROC_BIND=spread %o2n-run %t 2
// RUN: env OMP_PROC_BIND=false %o2n-run %t 2
// RUN: env OMP_PROC_BIND=false %o2n-run %t 3
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 8
// Under a mask, "unbound" is the whole mask (mask.c tests the mask itself).
// RUN: %if taskset %{ taskset -c %mask-cpu1 %o2n-run %t 3 %}
// RUN: %if taskset %{ env OMP_PROC_BIND=false taskset -c %mask-cpu0,%mask-cpu1 %o2n-run %t 3 %}
#define _GNU_SOURCE 1 // sched_getcpu
#include "../Inputs/check.h"

#include <hwloc.h>
#include <omp.h>
#include <omp2numa-abi.h>
#include <sched.h>
#include <stdlib.h>

enum { MAX_THREADS = 64, REGIONS = 40 };

static hwloc_topology_t topo;
static hwloc_bitmap_t start_mask; // the process's processors when main starts

struct sample {
  int place;
  int cpu;      // sched_getcpu()
  int last_cpu; // hwloc_get_last_cpu_location(), the first processor of the set
  int bound_ok; // the binding is the place's processors (or everything when unbound)
};

struct ctx {
  int expect_bound;
  struct sample s[REGIONS][MAX_THREADS];
  int region;
};

// What the calling thread's binding should be: its place's processors, or every processor of
// the process's mask.
static hwloc_bitmap_t expected_set(int place)
{
  hwloc_bitmap_t set = hwloc_bitmap_alloc();
  if (place < 0) {
    hwloc_bitmap_and(set, start_mask, hwloc_topology_get_allowed_cpuset(topo));
    return set;
  }
  int ids[256], n = omp_get_place_num_procs(place);
  omp_get_place_proc_ids(place, ids);
  const int nreal = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
  // Under a synthetic topology, position p is bound to real PU p modulo the real count; its
  // processor numbers are the synthetic ones (here equal to the positions).
  for (int i = 0; i < n; i++)
    hwloc_bitmap_set(set, getenv("OMP2NUMA_TOPOLOGY")
                              ? hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, ids[i] % nreal)->os_index
                              : (unsigned)ids[i]);
  return set;
}

// #pragma omp parallel num_threads(n)
static void region(void *data)
{
  struct ctx *ctx = data;
  const int tid = omp_get_thread_num();
  struct sample *s = &ctx->s[ctx->region][tid];
  s->place = omp_get_place_num();
  s->cpu = sched_getcpu();
  hwloc_bitmap_t where = hwloc_bitmap_alloc(), bound = hwloc_bitmap_alloc();
  hwloc_get_last_cpu_location(topo, where, HWLOC_CPUBIND_THREAD);
  s->last_cpu = hwloc_bitmap_first(where);
  hwloc_get_cpubind(topo, bound, HWLOC_CPUBIND_THREAD);
  hwloc_bitmap_t expected = expected_set(s->place);
  s->bound_ok = hwloc_bitmap_isequal(bound, expected);
  // Workers are unbound when the team is; the primary thread keeps the binding that the task
  // encountering the region had (here: from the proc_bind(close) regions).
  CHECK(tid == 0 ? !ctx->expect_bound || s->place >= 0 : ctx->expect_bound == (s->place >= 0),
        "thread %d: place %d", tid, s->place);
  if (s->place >= 0)
    CHECK(hwloc_bitmap_isset(bound, (unsigned)s->cpu), "thread %d runs on cpu %d, outside its "
          "binding", tid, s->cpu);
  hwloc_bitmap_free(expected);
  hwloc_bitmap_free(where);
  hwloc_bitmap_free(bound);
}

// #pragma omp parallel num_threads(n) proc_bind(close)
static void region_bound(void *data)
{
  (void)data;
  CHECK(omp_get_place_num() >= 0, "thread %d not bound under proc_bind(close)",
        omp_get_thread_num());
}

// #pragma omp parallel num_threads(1)
static void region_noop(void *data)
{
  (void)data;
}

int main(int argc, char **argv)
{
  static struct ctx ctx;
  static const struct __omp2numa_region_site site = {"binding.c", __LINE__, 0,
                                                     __OMP2NUMA_REGION_NUM_THREADS};
  static const struct __omp2numa_region_site site_close = {
      "binding.c", __LINE__, __OMP2NUMA_PROC_BIND_CLOSE, __OMP2NUMA_REGION_NUM_THREADS};
  if (argc != 2)
    return 2;
  const int n = atoi(argv[1]);
  if (n < 1 || n > MAX_THREADS)
    return 2;
  hwloc_topology_init(&topo);
  hwloc_topology_load(topo);
  start_mask = hwloc_bitmap_alloc();
  hwloc_get_cpubind(topo, start_mask, HWLOC_CPUBIND_PROCESS);
  ctx.expect_bound = omp_get_proc_bind() != omp_proc_bind_false;

  for (ctx.region = 0; ctx.region < REGIONS; ctx.region++) {
    // Regions of other sizes in between, some of them bound by a clause, do not move the
    // threads of the regions of n.
    if (ctx.region % 5 == 4)
      __omp2numa_parallel(&site_close, region_bound, NULL, n + 1, 1);
    if (ctx.region % 7 == 3)
      __omp2numa_parallel(&site, region_noop, NULL, 1, 1);
    __omp2numa_parallel(&site, region, &ctx, n, 1);
  }

  for (int t = 0; t < n; t++) {
    for (int r = 0; r < REGIONS; r++) {
      const struct sample *s = &ctx.s[r][t], *first = &ctx.s[0][t];
      CHECK(s->bound_ok, "region %d: thread %d (place %d) has the wrong binding", r, t,
            s->place);
      if (!ctx.expect_bound)
        continue;
      CHECK(s->place == first->place, "region %d: thread %d on place %d, first on %d", r, t,
            s->place, first->place);
      if (omp_get_place_num_procs(s->place) == 1 && !getenv("OMP2NUMA_TOPOLOGY")) {
        CHECK(s->cpu == first->cpu, "region %d: thread %d on cpu %d, first on %d", r, t,
              s->cpu, first->cpu);
        CHECK(s->last_cpu == s->cpu, "region %d: thread %d: hwloc says cpu %d, sched_getcpu %d",
              r, t, s->last_cpu, s->cpu);
      }
    }
  }
  hwloc_topology_destroy(topo);
  return atomic_load(&num_failed);
}
