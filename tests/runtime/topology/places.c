// Thread placement on places, as OpenMP defines proc_bind close, spread and primary: the place of
// each thread (omp_get_place_num), its place partition (omp_get_partition_place_nums), its
// locality domain, for outer teams and for teams nested in them, under synthetic 2- and 4-node
// topologies and with OMP_PLACES.  Thread ids are contiguous per NUMA node.  The program prints
// one line per thread, in thread order; the arguments are the outer team size and policy, then
// optionally the inner team size and policy ("-" for no proc_bind clause: bind-var decides).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 4 close | FileCheck %s --check-prefix=CLOSE4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 4 - | FileCheck %s --check-prefix=CLOSE4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=true %o2n-run %t 4 - | FileCheck %s --check-prefix=CLOSE4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 4 spread | FileCheck %s --check-prefix=SPREAD4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=spread %o2n-run %t 4 - | FileCheck %s --check-prefix=SPREAD4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 3 spread | FileCheck %s --check-prefix=SPREAD3 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 3 primary | FileCheck %s --check-prefix=PRIMARY3 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=master %o2n-run %t 3 - | FileCheck %s --check-prefix=PRIMARY3 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 16 close | FileCheck %s --check-prefix=CLOSE16 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 16 spread | FileCheck %s --check-prefix=SPREAD16 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 2 spread 2 close | FileCheck %s --check-prefix=NESTED-CLOSE --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 2 spread 2 spread | FileCheck %s --check-prefix=NESTED-SPREAD --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=false %o2n-run %t 3 - | FileCheck %s --check-prefix=FALSE --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PLACES=numa_domains %o2n-run %t 2 spread | FileCheck %s --check-prefix=NUMA-SPREAD --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PLACES=numa_domains %o2n-run %t 4 close | FileCheck %s --check-prefix=NUMA-CLOSE --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PLACES="{4},{5},{0},{1}" %o2n-run %t 4 close | FileCheck %s --check-prefix=EXPLICIT --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 8 close | FileCheck %s --check-prefix=FOUR-CLOSE8 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 4 close | FileCheck %s --check-prefix=FOUR-CLOSE4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 4 spread | FileCheck %s --check-prefix=FOUR-SPREAD4 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 2 spread | FileCheck %s --check-prefix=FOUR-SPREAD2 --match-full-lines
//
// Close: consecutive places from the primary thread's; one NUMA node is filled first.
// CLOSE4:      T0 place=0 partition=0+8 domain=0/1
// CLOSE4-NEXT: T1 place=1 partition=0+8 domain=0/1
// CLOSE4-NEXT: T2 place=2 partition=0+8 domain=0/1
// CLOSE4-NEXT: T3 place=3 partition=0+8 domain=0/1
//
// Spread: T subpartitions of the partition, each thread on the first place of its own.
// SPREAD4:      T0 place=0 partition=0+2 domain=0/2
// SPREAD4-NEXT: T1 place=2 partition=2+2 domain=0/2
// SPREAD4-NEXT: T2 place=4 partition=4+2 domain=1/2
// SPREAD4-NEXT: T3 place=6 partition=6+2 domain=1/2
//
// SPREAD3:      T0 place=0 partition=0+2 domain=0/2
// SPREAD3-NEXT: T1 place=2 partition=2+3 domain=0/2
// SPREAD3-NEXT: T2 place=5 partition=5+3 domain=1/2
//
// PRIMARY3:      T0 place=0 partition=0+8 domain=0/1
// PRIMARY3-NEXT: T1 place=0 partition=0+8 domain=0/1
// PRIMARY3-NEXT: T2 place=0 partition=0+8 domain=0/1
//
// More threads than places: consecutive threads share a place.
// CLOSE16:      T0 place=0 partition=0+8 domain=0/2
// CLOSE16-NEXT: T1 place=0 partition=0+8 domain=0/2
// CLOSE16-NEXT: T2 place=1 partition=0+8 domain=0/2
// CLOSE16:      T7 place=3 partition=0+8 domain=0/2
// CLOSE16-NEXT: T8 place=4 partition=0+8 domain=1/2
// CLOSE16:      T15 place=7 partition=0+8 domain=1/2
//
// SPREAD16:      T0 place=0 partition=0+1 domain=0/2
// SPREAD16-NEXT: T1 place=0 partition=0+1 domain=0/2
// SPREAD16-NEXT: T2 place=1 partition=1+1 domain=0/2
// SPREAD16:      T15 place=7 partition=7+1 domain=1/2
//
// Nested teams stay inside the partition of their primary thread.
// NESTED-CLOSE:      T0 place=0 partition=0+4 domain=0/2
// NESTED-CLOSE-NEXT: T1 place=4 partition=4+4 domain=1/2
// NESTED-CLOSE-NEXT: T0.0 place=0 partition=0+4 domain=0/1
// NESTED-CLOSE-NEXT: T0.1 place=1 partition=0+4 domain=0/1
// NESTED-CLOSE-NEXT: T1.0 place=4 partition=4+4 domain=0/1
// NESTED-CLOSE-NEXT: T1.1 place=5 partition=4+4 domain=0/1
//
// NESTED-SPREAD:      T0.0 place=0 partition=0+2 domain=0/1
// NESTED-SPREAD-NEXT: T0.1 place=2 partition=2+2 domain=0/1
// NESTED-SPREAD-NEXT: T1.0 place=4 partition=4+2 domain=0/1
// NESTED-SPREAD-NEXT: T1.1 place=6 partition=6+2 domain=0/1
//
// Unbound threads have no place.
// FALSE:      T0 place=-1 partition=0+8 domain=0/1
// FALSE-NEXT: T1 place=-1 partition=0+8 domain=0/1
// FALSE-NEXT: T2 place=-1 partition=0+8 domain=0/1
//
// NUMA-SPREAD:      T0 place=0 partition=0+1 domain=0/2
// NUMA-SPREAD-NEXT: T1 place=1 partition=1+1 domain=1/2
//
// NUMA-CLOSE:      T0 place=0 partition=0+2 domain=0/2
// NUMA-CLOSE-NEXT: T1 place=0 partition=0+2 domain=0/2
// NUMA-CLOSE-NEXT: T2 place=1 partition=0+2 domain=1/2
// NUMA-CLOSE-NEXT: T3 place=1 partition=0+2 domain=1/2
//
// Places in the order of the list: {4} and {5} are on node 1, so it is domain 1 of the team.
// EXPLICIT:      T0 place=0 partition=0+4 domain=1/2
// EXPLICIT-NEXT: T1 place=1 partition=0+4 domain=1/2
// EXPLICIT-NEXT: T2 place=2 partition=0+4 domain=0/2
// EXPLICIT-NEXT: T3 place=3 partition=0+4 domain=0/2
//
// FOUR-CLOSE8:      T0 place=0 partition=0+8 domain=0/4
// FOUR-CLOSE8-NEXT: T1 place=1 partition=0+8 domain=0/4
// FOUR-CLOSE8-NEXT: T2 place=2 partition=0+8 domain=1/4
// FOUR-CLOSE8-NEXT: T3 place=3 partition=0+8 domain=1/4
// FOUR-CLOSE8-NEXT: T4 place=4 partition=0+8 domain=2/4
// FOUR-CLOSE8-NEXT: T5 place=5 partition=0+8 domain=2/4
// FOUR-CLOSE8-NEXT: T6 place=6 partition=0+8 domain=3/4
// FOUR-CLOSE8-NEXT: T7 place=7 partition=0+8 domain=3/4
//
// FOUR-CLOSE4:      T0 place=0 partition=0+8 domain=0/2
// FOUR-CLOSE4-NEXT: T1 place=1 partition=0+8 domain=0/2
// FOUR-CLOSE4-NEXT: T2 place=2 partition=0+8 domain=1/2
// FOUR-CLOSE4-NEXT: T3 place=3 partition=0+8 domain=1/2
//
// FOUR-SPREAD4:      T0 place=0 partition=0+2 domain=0/4
// FOUR-SPREAD4-NEXT: T1 place=2 partition=2+2 domain=1/4
// FOUR-SPREAD4-NEXT: T2 place=4 partition=4+2 domain=2/4
// FOUR-SPREAD4-NEXT: T3 place=6 partition=6+2 domain=3/4
//
// FOUR-SPREAD2:      T0 place=0 partition=0+4 domain=0/2
// FOUR-SPREAD2-NEXT: T1 place=4 partition=4+4 domain=1/2
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 64 };

struct where {
  int place, first, count, domain, ndomains;
};

struct ctx {
  int n, policy, inner_n, inner_policy;
  struct where outer[MAX_THREADS];
  struct where inner[MAX_THREADS][MAX_THREADS];
};

static int policy_of(const char *name)
{
  static const char *const names[] = {"-", "", "primary", "close", "spread"};
  for (int i = 0; i < 5; i++)
    if (strcmp(name, names[i]) == 0)
      return i;
  exit(2);
}

// Where the calling thread is; checks that its partition is contiguous.
static struct where here(void)
{
  struct where w = {omp_get_place_num(), -1, omp_get_partition_num_places(),
                    omp_get_locality_domain_num(), omp_get_num_locality_domains()};
  int nums[256];
  CHECK(w.count >= 1 && w.count <= 256, "partition of %d places", w.count);
  omp_get_partition_place_nums(nums);
  w.first = nums[0];
  for (int i = 1; i < w.count; i++)
    CHECK(nums[i] == nums[0] + i, "partition not contiguous at %d: %d", i, nums[i]);
  return w;
}

// #pragma omp parallel num_threads(inner_n) proc_bind(inner_policy)
static void region_inner(void *data)
{
  struct ctx *ctx = data;
  ctx->inner[omp_get_ancestor_thread_num(1)][omp_get_thread_num()] = here();
}

// #pragma omp parallel num_threads(n) proc_bind(policy)
// { record; if (inner_n) <region_inner> }
static void region_outer(void *data)
{
  struct ctx *ctx = data;
  ctx->outer[omp_get_thread_num()] = here();
  if (ctx->inner_n) {
    const struct __omp2numa_region_site site = {"places.c", __LINE__, ctx->inner_policy,
                                                __OMP2NUMA_REGION_NUM_THREADS};
    __omp2numa_parallel(&site, region_inner, ctx, ctx->inner_n, 1);
  }
}

static void print(const char *name, const struct where *w)
{
  printf("%s place=%d partition=%d+%d domain=%d/%d\n", name, w->place, w->first, w->count,
         w->domain, w->ndomains);
}

int main(int argc, char **argv)
{
  static struct ctx ctx;
  if (argc != 3 && argc != 5)
    return 2;
  ctx.n = atoi(argv[1]);
  ctx.policy = policy_of(argv[2]);
  if (argc == 5) {
    ctx.inner_n = atoi(argv[3]);
    ctx.inner_policy = policy_of(argv[4]);
    omp_set_max_active_levels(2);
  }
  if (ctx.n < 1 || ctx.n > MAX_THREADS || ctx.inner_n < 0 || ctx.inner_n > MAX_THREADS)
    return 2;

  // Null case: before any region the initial thread is not bound, and its partition is the
  // whole place list.
  CHECK(omp_get_place_num() == -1, "initial thread bound to place %d", omp_get_place_num());
  CHECK(omp_get_partition_num_places() == omp_get_num_places(), "initial partition of %d",
        omp_get_partition_num_places());

  const struct __omp2numa_region_site site = {"places.c", __LINE__, ctx.policy,
                                              __OMP2NUMA_REGION_NUM_THREADS};
  __omp2numa_parallel(&site, region_outer, &ctx, ctx.n, 1);

  char name[32];
  for (int t = 0; t < ctx.n; t++) {
    snprintf(name, sizeof name, "T%d", t);
    print(name, &ctx.outer[t]);
  }
  for (int t = 0; t < ctx.n && ctx.inner_n; t++)
    for (int u = 0; u < ctx.inner_n; u++) {
      snprintf(name, sizeof name, "T%d.%d", t, u);
      print(name, &ctx.inner[t][u]);
    }
  return atomic_load(&num_failed);
}
