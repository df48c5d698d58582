/*
 * topology.c -- the machine (hwloc), the topology the runtime plans with, and binding.
 *
 * OMP2NUMA_TOPOLOGY may name an hwloc XML file or hold an hwloc synthetic description
 * ("node:2 core:4 pu:1").  The runtime then plans with it (positions, places, NUMA domains, the
 * default number of threads), so NUMA logic can be tested on a one-node machine; but binding to
 * such a topology does nothing (hwloc_topology_is_thissystem() is 0), so threads are bound to the
 * real machine's PUs, position p on real PU p modulo their number, and memory is not bound.
 *
 * Places (OMP_PLACES, places.c) are sets of positions; a thread bound to a place is bound to the
 * union of its positions' real PUs, which this file computes when the place list is installed.
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
static hwloc_topology_t plan;    /* the planning topology: `machine`, or OMP2NUMA_TOPOLOGY's */
static hwloc_obj_t *plan_pus;    /* its PUs in fill order: plan_pus[p] is position p */

/* The real cpuset of each place (the union of its positions' real PUs), for binding. */
static hwloc_bitmap_t *place_cpusets;

/* The place the calling thread is bound to, or -1. */
static _Thread_local int bound_place __attribute__((tls_model(O2N_TLS_MODEL))) = -1;
static atomic_bool bind_warned;

/* Loads a topology: the machine's when spec is NULL, else an XML file or a synthetic string.
   Returns NULL when spec is neither. */
static hwloc_topology_t load(const char *spec)
{
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0)
    return NULL;
  /* NUMA nodes, PUs, cores, packages and data caches (OMP_PLACES=ll_caches) matter; skipping
     instruction caches and I/O devices makes loading faster. */
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
  hwloc_obj_t *pus = o2n_xmalloc(npus * sizeof *pus);
  unsigned *node_of = o2n_xmalloc(npus * sizeof *node_of);
  unsigned *domain = o2n_xmalloc(npus * sizeof *domain);
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

/* ------------------------------------------------------------------------------------------- */
/* Initialisation                                                                              */
/* ------------------------------------------------------------------------------------------- */

void o2n_topology_init(void)
{
  machine = load(NULL);
  if (!machine)
    o2n_fatal("cannot read this machine's topology with hwloc");
  unsigned *machine_domain, machine_ndomains;
  planned.nreal = fill_order(machine, &machine_pus, &machine_domain, &machine_ndomains);

  const char *spec = getenv("OMP2NUMA_TOPOLOGY");
  hwloc_topology_t other = spec && *spec ? load(spec) : NULL;
  if (spec && *spec && !other)
    o2n_warn("OMP2NUMA_TOPOLOGY='%s': neither a readable hwloc XML file nor a valid hwloc "
             "synthetic description; keeping the default (this machine's topology)",
             spec);
  if (other) {
    unsigned *domain;
    plan = other;
    planned.npus = fill_order(other, &plan_pus, &domain, &planned.ndomains);
    planned.domain = domain;
    free(machine_domain);
  } else {
    plan = machine;
    plan_pus = machine_pus;
    planned.npus = planned.nreal;
    planned.ndomains = machine_ndomains;
    planned.domain = machine_domain;
  }
  planned.this_system = plan == machine;
  unsigned *node_os = o2n_xmalloc(planned.ndomains * sizeof *node_os);
  for (unsigned d = 0; d < planned.ndomains; d++) {
    hwloc_obj_t node = hwloc_get_obj_by_type(plan, HWLOC_OBJ_NUMANODE, d);
    node_os[d] = node ? node->os_index : d;
  }
  planned.node_os = node_os;
}

const struct o2n_topology *o2n_topology(void)
{
  return &planned;
}

hwloc_topology_t o2n_topology_hwloc(void)
{
  return plan;
}

unsigned o2n_topology_pu_os(unsigned position)
{
  return plan_pus[position]->os_index;
}

void o2n_topology_set_places(const struct o2n_place *places, unsigned nplaces)
{
  hwloc_bitmap_t *cpusets = o2n_xmalloc(nplaces * sizeof *cpusets);
  for (unsigned i = 0; i < nplaces; i++) {
    cpusets[i] = o2n_xbitmap_alloc();
    for (unsigned k = 0; k < places[i].npus; k++)
      hwloc_bitmap_or(cpusets[i], cpusets[i],
                      machine_pus[places[i].pus[k] % planned.nreal]->cpuset);
  }
  /* Replaced only during o2n_init, before any thread binds: the old ones can go. */
  for (unsigned i = 0; i < planned.nplaces; i++)
    hwloc_bitmap_free(place_cpusets[i]);
  free(place_cpusets);
  planned.places = places;
  planned.nplaces = nplaces;
  place_cpusets = cpusets;
}

/* ------------------------------------------------------------------------------------------- */
/* Thread binding                                                                              */
/* ------------------------------------------------------------------------------------------- */

void o2n_topology_bind(unsigned place)
{
  if ((int)place == bound_place)
    return;
  if (hwloc_set_cpubind(machine, place_cpusets[place], HWLOC_CPUBIND_THREAD) == 0) {
    bound_place = (int)place;
  } else if (!atomic_exchange_explicit(&bind_warned, true, memory_order_relaxed)) {
    char set[64];
    hwloc_bitmap_list_snprintf(set, sizeof set, place_cpusets[place]);
    o2n_warn("cannot bind a thread to processors %s: %s; threads may run anywhere", set,
             strerror(errno));
  }
}

void o2n_topology_unbind(void)
{
  if (bound_place < 0)
    return;
  if (hwloc_set_cpubind(machine, hwloc_topology_get_allowed_cpuset(machine),
                        HWLOC_CPUBIND_THREAD) == 0)
    bound_place = -1;
}

int o2n_topology_bound_place(void)
{
  return bound_place;
}

/* ------------------------------------------------------------------------------------------- */
/* Memory binding                                                                              */
/* ------------------------------------------------------------------------------------------- */

int o2n_topology_membind(void *addr, size_t len, unsigned domain)
{
  if (!planned.this_system || planned.ndomains < 2) {
    errno = ENOSYS;
    return -1;
  }
  hwloc_obj_t node = hwloc_get_obj_by_type(machine, HWLOC_OBJ_NUMANODE, domain);
  if (!node) {
    errno = EINVAL;
    return -1;
  }
  /* Strict: a real MPOL_BIND on Linux.  Plain HWLOC_MEMBIND_BIND is only a preference there. */
  if (hwloc_set_area_membind(machine, addr, len, node->nodeset, HWLOC_MEMBIND_BIND,
                             HWLOC_MEMBIND_BYNODESET | HWLOC_MEMBIND_STRICT) == 0)
    return 0;
  /* Where strict binding is not supported, a preference is better than nothing. */
  return hwloc_set_area_membind(machine, addr, len, node->nodeset, HWLOC_MEMBIND_BIND,
                                HWLOC_MEMBIND_BYNODESET);
}
