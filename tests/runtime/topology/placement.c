// Thread placement: thread t of a team of n runs on the same processor in every region of n
// threads (different processors while there are enough); threads fill one NUMA node before the
// next; OMP2NUMA_TOPOLOGY (synthetic string or XML file) replaces the machine for planning, so
// the NUMA domains below are those of the given topology even on a one-node machine.
// Arguments: the team size, then the expected domain of each thread (or "-" to skip).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t 2 -
// RUN: %o2n-run %t 1 0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 4 0,0,1,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 2 0,0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t 8 0,0,0,0,1,1,1,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_PROC_BIND=spread %o2n-run %t 2 0,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_PROC_BIND=primary %o2n-run %t 4 0,0,0,0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" OMP_PROC_BIND=false %o2n-run %t 4 0,0,0,0
// RUN: env OMP2NUMA_TOPOLOGY="node:4 pu:2" %o2n-run %t 7 0,0,1,1,2,2,3
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 8 0,0,0,0,1,1,1,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 4 0,0,0,0
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=spread %o2n-run %t 4 0,0,1,1
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP_PROC_BIND=spread %o2n-run %t 2 0,1
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 8 0,0,1,1,2,2,3,3
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" %o2n-run %t 3 0,0,1
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_PROC_BIND=spread %o2n-run %t 4 0,1,2,3
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_PROC_BIND=spread %o2n-run %t 3 0,1,2
// RUN: env OMP2NUMA_TOPOLOGY="node:4 core:2 pu:1" OMP_PROC_BIND=spread %o2n-run %t 16 0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3
// RUN: env OMP2NUMA_TOPOLOGY="pack:2 node:2 core:2 pu:2" %o2n-run %t 16 0,0,0,0,1,1,1,1,2,2,2,2,3,3,3,3
// RUN: lstopo-no-graphics --input "node:3 core:1 pu:1" --of xml --force %t.xml
// RUN: env OMP2NUMA_TOPOLOGY=%t.xml %o2n-run %t 3 0,1,2
// RUN: env OMP2NUMA_TOPOLOGY="node:x" %o2n-run %t 2 - 2>&1 | FileCheck %s --check-prefix=BAD
//
// BAD: omp2numa: warning: OMP2NUMA_TOPOLOGY='node:x': neither a readable hwloc XML file nor a valid hwloc synthetic description; keeping the default (this machine's topology)
#define _GNU_SOURCE 1 // sched_getcpu, CPU_COUNT
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 64, REGIONS = 50 };

struct ctx {
  int cpu[REGIONS][MAX_THREADS];
  int domain[MAX_THREADS];
  int ndomains;
  int region;
};

// #pragma omp parallel num_threads(n)
static void region(void *data)
{
  struct ctx *ctx = data;
  int tid = omp_get_thread_num();
  ctx->cpu[ctx->region][tid] = sched_getcpu();
  ctx->domain[tid] = omp_get_locality_domain_num();
  if (tid == 0)
    ctx->ndomains = omp_get_num_locality_domains();
}

int main(int argc, char **argv)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(n) when non-zero
  static const struct __omp2numa_region_site site = {"placement.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"placement.c", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  static struct ctx ctx;
  if (argc < 3)
    return 2;
  const int n = atoi(argv[1]);
  if (n < 1 || n > MAX_THREADS)
    return 2;
  cpu_set_t allowed;
  sched_getaffinity(0, sizeof allowed, &allowed);
  const int nallowed = CPU_COUNT(&allowed);
  const int bound = omp_get_proc_bind() != omp_proc_bind_false;

  for (ctx.region = 0; ctx.region < REGIONS; ctx.region++)
    __omp2numa_parallel(n ? &site_nt : &site, region, &ctx, n, 1);

  // Bound threads never move, and use distinct processors while there are enough.
  for (int t = 0; bound && t < n; t++) {
    for (int r = 1; r < REGIONS; r++)
      CHECK(ctx.cpu[r][t] == ctx.cpu[0][t], "thread %d ran on cpu %d, then on %d", t,
            ctx.cpu[0][t], ctx.cpu[r][t]);
    for (int u = 0; u < t && n <= nallowed && !getenv("OMP2NUMA_TOPOLOGY"); u++)
      CHECK(ctx.cpu[0][t] != ctx.cpu[0][u], "threads %d and %d share cpu %d", u, t,
            ctx.cpu[0][t]);
  }

  if (strcmp(argv[2], "-") != 0) {
    int expected_ndomains = 0;
    const char *p = argv[2];
    for (int t = 0; t < n; t++) {
      int d = (int)strtol(p, (char **)&p, 10);
      p += *p == ',';
      CHECK(ctx.domain[t] == d, "thread %d in domain %d, expected %d", t, ctx.domain[t], d);
      expected_ndomains = d + 1 > expected_ndomains ? d + 1 : expected_ndomains;
    }
    CHECK(ctx.ndomains == expected_ndomains, "%d domains, expected %d", ctx.ndomains,
          expected_ndomains);
  }
  CHECK(omp_get_num_locality_domains() == 1 && omp_get_locality_domain_num() == 0,
        "outside a region: domain %d of %d", omp_get_locality_domain_num(),
        omp_get_num_locality_domains());
  return atomic_load(&num_failed);
}
