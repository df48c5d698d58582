// A synthetic topology restricted by a mask (OMP2NUMA_TOPOLOGY_MASK, in the topology's processor
// numbers, as taskset -c or taskset take them): the runtime plans as a process given only those
// processors would.  The program prints the number of processors, the place list, and one line
// per thread of a team (its place, that place's processors, its locality domain); arguments: the
// team size and the proc_bind policy of the region ("-": bind-var decides).
//
// RUN: %rt-cc %s %rt-link -o %t
//
// The second node only: four places, one domain (node 1 is the team's only node).
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4-7 %o2n-run %t 4 - 2>&1 | FileCheck %s --check-prefix=NODE1 --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=0xf0 %o2n-run %t 4 - 2>&1 | FileCheck %s --check-prefix=NODE1 --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=" 4-7 " %o2n-run %t 4 - 2>&1 | FileCheck %s --check-prefix=NODE1 --match-full-lines --implicit-check-not=warning
//
// Across the nodes: close fills node 0's processors of the mask first; spread spreads over the
// mask's processors only; more threads than processors share them.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=2-5 %o2n-run %t 4 close 2>&1 | FileCheck %s --check-prefix=ACROSS --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=1,3,5,7 %o2n-run %t 2 spread 2>&1 | FileCheck %s --check-prefix=SPREAD --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=6,7 %o2n-run %t 5 close 2>&1 | FileCheck %s --check-prefix=OVER --match-full-lines --implicit-check-not=warning
//
// Abstract names keep the objects that hold processors of the mask, with those processors only.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:2" OMP2NUMA_TOPOLOGY_MASK=1-5 OMP_PLACES=cores %o2n-run %t 3 close 2>&1 | FileCheck %s --check-prefix=CORES --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:2" OMP2NUMA_TOPOLOGY_MASK=1-5 OMP_PLACES=numa_domains %o2n-run %t 2 spread 2>&1 | FileCheck %s --check-prefix=NUMA --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:2 pu:2" OMP2NUMA_TOPOLOGY_MASK=1-5 OMP_PLACES="cores(2)" %o2n-run %t 2 close 2>&1 | FileCheck %s --check-prefix=CORES2 --match-full-lines --implicit-check-not=warning
//
// Explicit lists: a place keeps its processors in the mask; places left empty are left out with
// a warning; a list with no processor of the mask is replaced by the default; a processor that
// does not exist is still an error.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4-7 OMP_PLACES="{2:3},{6:2}" %o2n-run %t 2 close 2>&1 | FileCheck %s --check-prefix=SHRUNK --match-full-lines --implicit-check-not=warning
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4-7 OMP_PLACES="{0}:8" %o2n-run %t 2 close 2>&1 | FileCheck %s --check-prefix=DROPPED --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4-7 OMP_PLACES="{0:4}" %o2n-run %t 4 - 2>&1 | FileCheck %s --check-prefixes=NOPLACE,NODE1 --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4-7 OMP_PLACES="{8}" %o2n-run %t 4 - 2>&1 | FileCheck %s --check-prefixes=NOPU,NODE1 --match-full-lines
//
// OMP_DISPLAY_ENV=verbose shows the mask in use, and the variable as it was set.
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=0xf0 OMP_DISPLAY_ENV=verbose %o2n-run %t 1 - 2>&1 | FileCheck %s --check-prefix=DISPLAY
//
// Values that cannot be used get a warning and the whole topology; without OMP2NUMA_TOPOLOGY the
// variable is ignored (the machine's processors are those of the process's real mask).
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=8-15 %o2n-run %t 2 - 2>&1 | FileCheck %s --check-prefixes=BAD-NONE,ALL --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=cpu3 %o2n-run %t 2 - 2>&1 | FileCheck %s --check-prefixes=BAD-SYNTAX,ALL --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" OMP2NUMA_TOPOLOGY_MASK=4- %o2n-run %t 2 - 2>&1 | FileCheck %s --check-prefixes=BAD-OPEN,ALL --match-full-lines
// RUN: env OMP2NUMA_TOPOLOGY_MASK=0 %o2n-run %t 1 - 2>&1 | FileCheck %s --check-prefix=BAD-ALONE
//
// Warnings come first.
// NOPLACE: omp2numa: warning: OMP_PLACES='{0:4}': no place holds a processor of this process's affinity mask (4-7); keeping the default threads
// NOPU:    omp2numa: warning: OMP_PLACES='{8}': processor 8 does not exist; keeping the default threads
//
// NODE1:      procs=4 places={4},{5},{6},{7}
// NODE1-NEXT: T0 place=0 cpus=4 domain=0/1
// NODE1-NEXT: T1 place=1 cpus=5 domain=0/1
// NODE1-NEXT: T2 place=2 cpus=6 domain=0/1
// NODE1-NEXT: T3 place=3 cpus=7 domain=0/1
//
// ACROSS:      procs=4 places={2},{3},{4},{5}
// ACROSS-NEXT: T0 place=0 cpus=2 domain=0/2
// ACROSS-NEXT: T1 place=1 cpus=3 domain=0/2
// ACROSS-NEXT: T2 place=2 cpus=4 domain=1/2
// ACROSS-NEXT: T3 place=3 cpus=5 domain=1/2
//
// SPREAD:      procs=4 places={1},{3},{5},{7}
// SPREAD-NEXT: T0 place=0 cpus=1 domain=0/2
// SPREAD-NEXT: T1 place=2 cpus=5 domain=1/2
//
// OVER:      procs=2 places={6},{7}
// OVER-NEXT: T0 place=0 cpus=6 domain=0/1
// OVER-NEXT: T1 place=0 cpus=6 domain=0/1
// OVER-NEXT: T2 place=0 cpus=6 domain=0/1
// OVER-NEXT: T3 place=1 cpus=7 domain=0/1
// OVER-NEXT: T4 place=1 cpus=7 domain=0/1
//
// CORES:      procs=5 places={1},{2,3},{4,5}
// CORES-NEXT: T0 place=0 cpus=1 domain=0/2
// CORES-NEXT: T1 place=1 cpus=2,3 domain=0/2
// CORES-NEXT: T2 place=2 cpus=4,5 domain=1/2
// NUMA:       procs=5 places={1,2,3},{4,5}
// NUMA-NEXT:  T0 place=0 cpus=1,2,3 domain=0/2
// NUMA-NEXT:  T1 place=1 cpus=4,5 domain=1/2
// CORES2:      procs=5 places={1},{2,3}
//
// SHRUNK:      procs=4 places={4},{6,7}
// SHRUNK-NEXT: T0 place=0 cpus=4 domain=0/1
// SHRUNK-NEXT: T1 place=1 cpus=6,7 domain=0/1
// DROPPED:      omp2numa: warning: OMP_PLACES='{0}:8': leaving out 4 of the 8 places, which hold no processor of this process's affinity mask (4-7)
// DROPPED-NEXT: procs=4 places={4},{5},{6},{7}
//
// DISPLAY:      OMP_NUM_THREADS = '4'
// DISPLAY:      OMP_PLACES = '{4},{5},{6},{7}'
// DISPLAY:      OMP2NUMA_AFFINITY_MASK = '4-7'
// DISPLAY-NEXT: OMP2NUMA_TOPOLOGY = 'node:2 core:4 pu:1'
// DISPLAY-NEXT: OMP2NUMA_TOPOLOGY_MASK = '0xf0'
//
// BAD-NONE:   omp2numa: warning: OMP2NUMA_TOPOLOGY_MASK='8-15': holds none of the processors of OMP2NUMA_TOPOLOGY; keeping the default (all of them)
// BAD-SYNTAX: omp2numa: warning: OMP2NUMA_TOPOLOGY_MASK='cpu3': expected a list of processors (0-3,8) or a hexadecimal mask (0xf); keeping the default (all of them)
// BAD-OPEN:   omp2numa: warning: OMP2NUMA_TOPOLOGY_MASK='4-': expected a list of processors (0-3,8) or a hexadecimal mask (0xf); keeping the default (all of them)
// ALL:        procs=8 places={0},{1},{2},{3},{4},{5},{6},{7}
// ALL-NEXT:   T0 place=0 cpus=0 domain=0/1
// ALL-NEXT:   T1 place=1 cpus=1 domain=0/1
// BAD-ALONE:  omp2numa: warning: OMP2NUMA_TOPOLOGY_MASK='0': only read with OMP2NUMA_TOPOLOGY; this machine's processors are those of the process's affinity mask (taskset, numactl)
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_THREADS = 64 };

struct ctx {
  int nthreads;
  int place[MAX_THREADS], domain[MAX_THREADS], ndomains;
};

static void region(void *data)
{
  struct ctx *ctx = data;
  const int t = omp_get_thread_num();
  ctx->place[t] = omp_get_place_num();
  ctx->domain[t] = omp_get_locality_domain_num();
  if (t == 0) {
    ctx->nthreads = omp_get_num_threads();
    ctx->ndomains = omp_get_num_locality_domains();
  }
}

static void print_procs(int place)
{
  int ids[256];
  const int n = omp_get_place_num_procs(place);
  omp_get_place_proc_ids(place, ids);
  for (int i = 0; i < n; i++)
    printf("%s%d", i ? "," : "", ids[i]);
}

int main(int argc, char **argv)
{
  static struct ctx ctx;
  if (argc != 3)
    return 2;
  const int n = atoi(argv[1]);
  if (n < 1 || n > MAX_THREADS)
    return 2;
  int policy = __OMP2NUMA_PROC_BIND_NONE;
  if (strcmp(argv[2], "close") == 0)
    policy = __OMP2NUMA_PROC_BIND_CLOSE;
  else if (strcmp(argv[2], "spread") == 0)
    policy = __OMP2NUMA_PROC_BIND_SPREAD;
  const struct __omp2numa_region_site site = {"mask-synthetic.c", __LINE__, policy,
                                              __OMP2NUMA_REGION_NUM_THREADS};

  // Every processor of every place is one the runtime plans with: their number is
  // omp_get_num_procs(), and the default team is that large.
  printf("procs=%d places=", omp_get_num_procs());
  for (int p = 0; p < omp_get_num_places(); p++) {
    printf("%s{", p ? "," : "");
    print_procs(p);
    printf("}");
  }
  printf("\n");
  if (!getenv("OMP_NUM_THREADS"))
    CHECK(omp_get_max_threads() == omp_get_num_procs(), "%d threads by default, %d processors",
          omp_get_max_threads(), omp_get_num_procs());

  __omp2numa_parallel(&site, region, &ctx, n, 1);
  for (int t = 0; t < ctx.nthreads; t++) {
    printf("T%d place=%d cpus=", t, ctx.place[t]);
    print_procs(ctx.place[t]);
    printf(" domain=%d/%d\n", ctx.domain[t], ctx.ndomains);
  }
  return atomic_load(&num_failed);
}
