// libomp2numa replaces libnuma's numa_warn and numa_error hooks, so that libnuma calls that fail
// and fall back on a machine with one NUMA node (numa_alloc_onnode on a node that does not exist,
// numa_run_on_node likewise) print nothing, when the runtime comes before libnuma in the link
// (as here, and with static linking).  A program that defines the hooks itself keeps its own.
//
// REQUIRES: !numa-multinode
// RUN: %rt-cc %s %rt-link -lnuma -o %t
// RUN: %o2n-run %t 2>&1 | FileCheck %s --implicit-check-not=mbind --implicit-check-not=libnuma
// RUN: %rt-cc -DOWN_HOOKS %s %rt-link -lnuma -o %t.own
// RUN: %o2n-run %t.own 2>&1 | FileCheck %s --check-prefix=OWN
//
// CHECK: omp_get_num_locality_domains: 1
// OWN: own numa_error: mbind
#include <numa.h>
#include <omp2numa.h>
#include <stdio.h>

#ifdef OWN_HOOKS
void numa_error(char *where)
{
  fprintf(stderr, "own numa_error: %s\n", where);
}
#endif

int main(void)
{
  if (numa_available() < 0)
    return 0;
  void *p = numa_alloc_onnode(1 << 20, numa_max_node() + 1);
  if (p) {
    ((char *)p)[0] = 1;
    numa_free(p, 1 << 20);
  }
  numa_run_on_node(numa_max_node() + 2);
  printf("omp_get_num_locality_domains: %d\n", omp_get_num_locality_domains());
  return 0;
}
