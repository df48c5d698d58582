/*
 * topology.c -- the machine (hwloc), the topology the runtime plans with, and thread binding.
 *
 * OMP2NUMA_TOPOLOGY may name an hwloc XML file or hold an hwloc synthetic description
 * ("node:2 core:4 pu:1").  The runtime then plans with it (positions, NUMA domains, the default
 * number of threads), so NUMA logic can be tested on a one-node machine; but binding to such a
 * topology does nothing (hwloc_topology_is_thissystem() is 0), so threads are bound to the real
 * machine's PUs, position p on real PU p modulo their number.
 */
#include "internal.h"

#include <errno.h>
#include <hwloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct o2n_topology planned;
static hwloc_topology_t machine;
static hwloc_obj_t *machine_pus; /* the real PUs in fill order */

/* The real PU the calling thread is bound to, or -1. */
static _Thread_local int bound_pu __attribute__((tls_model(O2N_TLS_MODEL))) = -1;
static atomic_bool bind_warned;

/* Loads a topology: the machine's when spec is NULL, else an XML file or a synthetic string.
   Returns NULL when spec is neither. */
static hwloc_topology_t load(const char *spec)
{
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0)
    return NULL;
  /* Only NUMA nodes and PUs matter: skipping caches and I/O devices makes loading faster. */
  hwloc_topology_set_cache_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
  hwloc_topology_set_icache_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
  hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
  int err = 0;
  if (spec)
    err = access(spec, R_OK) == 0 ? hwloc_topology_set_xml(topo, spec)
                                   : hwloc_topology_set_synthetic(topo, spec);
  if (err == 0)
    err = hwloc_topology_load(topo);
  if (err == 0 && hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU) > 0)
    return topo;
  hwloc_topology_destroy(topo);
  return NULL;
}

/* The PUs of topo in fill order (NUMA node by node, hwloc's logical order within a node), with
   their nodes.  A PU in several nodes' cpusets (memory-side caches, HBM) counts in the first. */
static unsigned fill_order(hwloc_topology_t topo, hwloc_obj_t **pus_out, unsigned **domain_out,
                           unsigned *ndomains_out)
{
  const unsigned npus = (unsigned)hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
  int nnodes = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);
  const unsigned ndomains = nnodes > 0 ? (unsigned)nnodes : 1;
  hwloc_obj_t *pus = malloc(npus * sizeof *pus);
  unsigned *node_of = malloc(npus * sizeof *node_of), *domain = malloc(npus * sizeof *domain);
  if (!pus || !node_of || !domain)
    o2n_fatal("out of memory for a topology of %u processing units", npus);
  for (unsigned i = 0; i < npus; i++) {
    hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, i);
    node_of[i] = 0;
    for (unsigned d = 0; d < ndomains && nnodes > 0; d++) {
      hwloc_obj_t node = hwloc_get_obj_by_type(topo, HWLOC_OBJ_NUMANODE, d);
      if (hwloc_bitmap_isincluded(pu->cpuset, node->cpuset)) {
        node_of[i] = d;
        break;
      }
    }
  }
  unsigned pos = 0;
  for (unsigned d = 0; d < ndomains; d++) {
    for (unsigned i = 0; i < npus; i++) {
      if (node_of[i] == d) {
        pus[pos] = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, i);
        domain[pos++] = d;
      }
    }
  }
  free(node_of);
  *pus_out = pus;
  *domain_out = domain;
  *ndomains_out = ndomains;
  return npus;
}

void o2n_topology_init(void)
{
  machine = load(NULL);
  if (!machine)
    o2n_fatal("cannot read this machine's topology with hwloc");
  unsigned *machine_domain, machine_ndomains;
  planned.nreal = fill_order(machine, &machine_pus, &machine_domain, &machine_ndomains);

  const char *spec = getenv("OMP2NUMA_TOPOLOGY");
  hwloc_topology_t other = spec ? load(spec) : NULL;
  if (spec && !other)
    o2n_warn("OMP2NUMA_TOPOLOGY='%s': neither a readable hwloc XML file nor a valid hwloc "
             "synthetic description; keeping the default (this machine's topology)",
             spec);
  if (other) {
    hwloc_obj_t *pus;
    unsigned *domain;
    planned.npus = fill_order(other, &pus, &domain, &planned.ndomains);
    planned.domain = domain;
    free(pus);
    free(machine_domain);
    hwloc_topology_destroy(other);
  } else {
    planned.npus = planned.nreal;
    planned.ndomains = machine_ndomains;
    planned.domain = machine_domain;
  }
}

const struct o2n_topology *o2n_topology(void)
{
  return &planned;
}

unsigned o2n_topology_place(unsigned base, unsigned tid, unsigned n, int policy)
{
  const uint64_t p = planned.npus;
  uint64_t offset;
  switch (policy) {
  case omp_proc_bind_primary:
    offset = 0;
    break;
  case omp_proc_bind_spread:
    /* Thread t at the start of the t-th of n equal parts of the positions. */
    offset = (uint64_t)tid * p / n;
    break;
  default: /* true, close */
    /* Consecutive positions; with more threads than positions, consecutive threads share one,
       so that a node's threads still have consecutive numbers. */
    offset = n <= p ? tid : (uint64_t)tid * p / n;
    break;
  }
  return (unsigned)((base + offset) % p);
}

void o2n_topology_bind(unsigned pos)
{
  const int pu = (int)(pos % planned.nreal);
  if (pu == bound_pu)
    return;
  if (hwloc_set_cpubind(machine, machine_pus[pu]->cpuset, HWLOC_CPUBIND_THREAD) == 0) {
    bound_pu = pu;
  } else if (!atomic_exchange_explicit(&bind_warned, true, memory_order_relaxed)) {
    o2n_warn("cannot bind a thread to processing unit %u: %s; threads may run anywhere",
             machine_pus[pu]->os_index, strerror(errno));
  }
}
