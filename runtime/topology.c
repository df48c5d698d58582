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
 *
 * The process's affinity mask.  A launcher (taskset, numactl, mpirun --bind-to, srun --cpu-bind,
 * hwloc-bind) gives a process a set of processors; as libgomp does, the mask is read when the
 * library is loaded, before the program can change it, and the runtime then plans with, binds
 * to and counts only those processors (intersected with the cgroup's, which hwloc's topology
 * already is).  Positions are the PUs of the mask, so the default places, OMP_PLACES, the
 * default number of threads, omp_get_num_procs and OMP_DYNAMIC all live inside it, and an
 * "unbound" thread is bound to the whole mask.  Under OMP2NUMA_TOPOLOGY, OMP2NUMA_TOPOLOGY_MASK
 * gives the mask in that topology's processor numbers; the real mask still decides which real
 * PUs the positions are bound to.
 */
#include "internal.h"

#include <errno.h>
#include <hwloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct o2n_topology planned;
static hwloc_topology_t machine;
static hwloc_obj_t *machine_pus; /* the real PUs of the mask, in fill order */
static hwloc_bitmap_t machine_mask; /* their cpuset: what an unbound thread is bound to */
static hwloc_topology_t plan;    /* the planning topology: `machine`, or OMP2NUMA_TOPOLOGY's */
static hwloc_obj_t *plan_pus;    /* its PUs of the mask in fill order: plan_pus[p] is position p */
static hwloc_bitmap_t plan_mask; /* their OS indices */

/* The loading thread's affinity mask, read by the constructor below; NULL if it could not be. */
static hwloc_bitmap_t start_mask;

/* The real cpuset of each place (the union of its positions' real PUs), for binding. */
static hwloc_bitmap_t *place_cpusets;

_Thread_local int o2n_bound_place __attribute__((tls_model(O2N_TLS_MODEL))) = -1;
static atomic_bool bind_warned;

/* The hwloc plugins the runtime has no use for: I/O discovery (the topology keeps no I/O object)
   and libxml2 (hwloc's own reader takes OMP2NUMA_TOPOLOGY's XML files).  hwloc loads every
   installed plugin with its libraries (libxml2 with ICU, X11, the OpenCL loader) at its first
   topology: on Debian 12 that was 3 ms of a program's start-up, more than all the rest of the
   runtime's.  hwloc reads the list from the environment at that moment only. */
static const char unused_plugins[] = "hwloc_pci,hwloc_opencl,hwloc_gl,hwloc_xml_libxml,"
                                     "hwloc_cuda,hwloc_nvml,hwloc_rsmi,hwloc_levelzero";

/* hwloc_topology_init without the unused plugins, unless the user chose plugins or components:
   the variable is set for the call and removed after it, so that programs the process starts do
   not inherit it. */
static int init_without_unused_plugins(hwloc_topology_t *topo)
{
  const bool chosen = getenv("HWLOC_PLUGINS_BLACKLIST") || getenv("HWLOC_PLUGINS_PATH") ||
                      getenv("HWLOC_COMPONENTS");
  if (!chosen)
    setenv("HWLOC_PLUGINS_BLACKLIST", unused_plugins, 0);
  const int err = hwloc_topology_init(topo);
  if (!chosen)
    unsetenv("HWLOC_PLUGINS_BLACKLIST");
  return err;
}

/* Loads a topology: the machine's when spec is NULL, else an XML file or a synthetic string.
   Returns NULL when spec is neither. */
static hwloc_topology_t load(const char *spec)
{
  hwloc_topology_t topo;
  if (init_without_unused_plugins(&topo) != 0)
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

/* The PUs of topo whose OS index is in `mask`, in fill order (NUMA node by node, hwloc's logical
   order within a node), with their nodes; returns their number (at least 1: the caller checked
   that the mask holds a PU).  A PU in several nodes' cpusets (memory-side caches, HBM) counts in
   the first.  Nodes keep their numbers, whether or not the mask holds PUs of theirs. */
static unsigned fill_order(hwloc_topology_t topo, hwloc_const_bitmap_t mask,
                           hwloc_obj_t **pus_out, unsigned **domain_out, unsigned *ndomains_out)
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
      hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, i);
      if (node_of[i] == d && hwloc_bitmap_isset(mask, pu->os_index)) {
        pus[pos] = pu;
        domain[pos++] = d;
      }
    }
  }
  free(node_of);
  *pus_out = pus;
  *domain_out = domain;
  *ndomains_out = ndomains;
  return pos;
}

/* ------------------------------------------------------------------------------------------- */
/* The affinity mask                                                                           */
/* ------------------------------------------------------------------------------------------- */

/* Reads the calling thread's affinity mask when the library is loaded, as libgomp does: the
   launcher's mask, before the program or a library it calls (MPI_Init) changes the thread's own
   binding.  One system call; the topology is loaded only when the runtime is first used.  Also
   called by o2n_topology_init, in case its constructor has not run yet (the order of
   constructors is not specified). */
__attribute__((constructor)) static void read_start_mask(void)
{
  if (start_mask)
    return;
  for (size_t ncpus = 1024; ncpus <= (1u << 20); ncpus *= 2) {
    cpu_set_t *set = CPU_ALLOC(ncpus);
    if (!set)
      return;
    const size_t size = CPU_ALLOC_SIZE(ncpus);
    const int err = sched_getaffinity(0, size, set) == 0 ? 0 : errno;
    if (err == 0) {
      hwloc_bitmap_t mask = hwloc_bitmap_alloc();
      for (size_t cpu = 0; mask && cpu < ncpus; cpu++)
        if (CPU_ISSET_S(cpu, size, set))
          hwloc_bitmap_set(mask, (unsigned)cpu);
      CPU_FREE(set);
      start_mask = mask;
      return;
    }
    CPU_FREE(set);
    if (err != EINVAL) /* EINVAL: the kernel's mask is larger than ncpus */
      return;
  }
}

/* The real PUs the process may use: its mask at start-up (the whole process's binding, if that
   could not be read) within the PUs hwloc reports, which are the cgroup's allowed ones.  A mask
   that holds none of them (hardly possible) gets a warning and the allowed set is used. */
static hwloc_bitmap_t real_mask(void)
{
  read_start_mask();
  hwloc_bitmap_t mask = o2n_xbitmap_alloc();
  if (start_mask)
    hwloc_bitmap_copy(mask, start_mask);
  else if (hwloc_get_cpubind(machine, mask, HWLOC_CPUBIND_PROCESS) != 0)
    hwloc_bitmap_copy(mask, hwloc_topology_get_allowed_cpuset(machine));
  hwloc_bitmap_and(mask, mask, hwloc_topology_get_allowed_cpuset(machine));
  hwloc_bitmap_and(mask, mask, hwloc_topology_get_topology_cpuset(machine));
  if (hwloc_bitmap_iszero(mask)) {
    char *text = NULL;
    if (start_mask)
      hwloc_bitmap_list_asprintf(&text, start_mask);
    o2n_warn("the process's affinity mask (%s) holds none of the processors hwloc reports; "
             "using all of them",
             text ? text : "unknown");
    free(text);
    hwloc_bitmap_copy(mask, hwloc_topology_get_allowed_cpuset(machine));
  }
  return mask;
}

/* The mask in the planning topology `other` (OMP2NUMA_TOPOLOGY): OMP2NUMA_TOPOLOGY_MASK, a list
   of its processor numbers as taskset -c takes them ("2-5,8"), or a hexadecimal mask as taskset
   takes it ("0x3c"); all of its PUs when unset.  A value that is malformed or holds none of the
   topology's PUs gets a warning, and all PUs are used. */
static hwloc_bitmap_t planning_mask(hwloc_topology_t other)
{
  hwloc_bitmap_t mask = o2n_xbitmap_alloc();
  hwloc_const_bitmap_t all = hwloc_topology_get_topology_cpuset(other);
  const char *spec = getenv("OMP2NUMA_TOPOLOGY_MASK");
  if (!spec || !*spec) {
    hwloc_bitmap_copy(mask, all);
    return mask;
  }
  const char *s = spec;
  while (*s == ' ' || *s == '\t')
    s++;
  const bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  int err = hex ? hwloc_bitmap_taskset_sscanf(mask, s) : hwloc_bitmap_list_sscanf(mask, s);
  /* hwloc's list parser stops at the first character it does not understand. */
  const char *bad = s + strspn(s, hex ? "0123456789abcdefABCDEFxX, \t" : "0123456789,- \t");
  if (err == 0 && *bad == '\0' && hwloc_bitmap_last(mask) >= 0) { /* not "2-": infinite */
    hwloc_bitmap_and(mask, mask, all);
    if (!hwloc_bitmap_iszero(mask))
      return mask;
    o2n_warn("OMP2NUMA_TOPOLOGY_MASK='%s': holds none of the processors of OMP2NUMA_TOPOLOGY; "
             "keeping the default (all of them)",
             spec);
  } else {
    o2n_warn("OMP2NUMA_TOPOLOGY_MASK='%s': expected a list of processors (0-3,8) or a "
             "hexadecimal mask (0xf); keeping the default (all of them)",
             spec);
  }
  hwloc_bitmap_copy(mask, all);
  return mask;
}

/* ------------------------------------------------------------------------------------------- */
/* Initialisation                                                                              */
/* ------------------------------------------------------------------------------------------- */

void o2n_topology_init(void)
{
  machine = load(NULL);
  if (!machine)
    o2n_fatal("cannot read this machine's topology with hwloc");
  machine_mask = real_mask();
  unsigned *machine_domain, machine_ndomains;
  planned.nreal =
      fill_order(machine, machine_mask, &machine_pus, &machine_domain, &machine_ndomains);

  const char *spec = getenv("OMP2NUMA_TOPOLOGY");
  hwloc_topology_t other = spec && *spec ? load(spec) : NULL;
  if (spec && *spec && !other)
    o2n_warn("OMP2NUMA_TOPOLOGY='%s': neither a readable hwloc XML file nor a valid hwloc "
             "synthetic description; keeping the default (this machine's topology)",
             spec);
  const char *other_mask = getenv("OMP2NUMA_TOPOLOGY_MASK");
  if (!other && other_mask && *other_mask)
    o2n_warn("OMP2NUMA_TOPOLOGY_MASK='%s': only read with OMP2NUMA_TOPOLOGY; this machine's "
             "processors are those of the process's affinity mask (taskset, numactl)",
             other_mask);
  if (other) {
    unsigned *domain;
    plan = other;
    plan_mask = planning_mask(other);
    planned.npus = fill_order(other, plan_mask, &plan_pus, &domain, &planned.ndomains);
    planned.domain = domain;
    free(machine_domain);
  } else {
    plan = machine;
    plan_mask = machine_mask;
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

bool o2n_topology_pu_exists(long os)
{
  return os >= 0 && os <= INT32_MAX &&
         hwloc_bitmap_isset(hwloc_topology_get_complete_cpuset(plan), (unsigned)os);
}

void o2n_topology_mask_format(char *buf, size_t size)
{
  hwloc_bitmap_list_snprintf(buf, size, plan_mask);
}

void o2n_topology_thread_affinity(char *buf, size_t size)
{
  hwloc_bitmap_t set = o2n_xbitmap_alloc();
  if (hwloc_get_cpubind(machine, set, HWLOC_CPUBIND_THREAD) != 0)
    hwloc_bitmap_copy(set, machine_mask);
  hwloc_bitmap_list_snprintf(buf, size, set);
  hwloc_bitmap_free(set);
}

void o2n_topology_thread_attr(void *attr)
{
  /* Only when the mask is known: a cpuset the kernel rejects would fail pthread_create. */
  if (!machine_mask)
    return;
  cpu_set_t set;
  CPU_ZERO(&set);
  int cpu;
  hwloc_bitmap_foreach_begin(cpu, machine_mask)
  {
    if (cpu >= CPU_SETSIZE)
      return; /* a machine larger than cpu_set_t: workers inherit their creator's binding */
    CPU_SET(cpu, &set);
  }
  hwloc_bitmap_foreach_end();
  pthread_attr_setaffinity_np(attr, sizeof set, &set);
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

void o2n_topology_rebind(unsigned place)
{
  if (hwloc_set_cpubind(machine, place_cpusets[place], HWLOC_CPUBIND_THREAD) == 0) {
    o2n_bound_place = (int)place;
  } else if (!atomic_exchange_explicit(&bind_warned, true, memory_order_relaxed)) {
    char set[64];
    hwloc_bitmap_list_snprintf(set, sizeof set, place_cpusets[place]);
    o2n_warn("cannot bind a thread to processors %s: %s; threads may run anywhere", set,
             strerror(errno));
  }
}

void o2n_topology_unbind(void)
{
  if (o2n_bound_place < 0)
    return;
  /* Unbound is bound to the whole mask: a thread never leaves the processors the launcher gave
     the process. */
  if (hwloc_set_cpubind(machine, machine_mask, HWLOC_CPUBIND_THREAD) == 0)
    o2n_bound_place = -1;
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
