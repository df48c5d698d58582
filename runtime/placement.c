/*
 * placement.c -- the placement API (DESIGN.md 3.3): memory placed block by block on the NUMA
 * domains of a team.
 *
 * An allocation is one anonymous mapping, cut into units: one block per domain for bloc1d,
 * blocs of `blocsize` bytes dealt round-robin for bloc1dcyclic.  Unit i is bound to its domain's
 * NUMA node before anything touches it, so pages land there whoever touches them first.
 *
 * Huge pages.  A transparent huge page (2 MiB) lives wholly on one node, so a unit that is not a
 * whole number of huge pages must not share one with its neighbours.  Units are therefore either
 * multiples of the huge page size, with the mapping aligned to it (bloc1d blocks of at least
 * O2N_PLACEMENT_HUGE_BLOCK huge pages are rounded up to huge pages; a blocsize that is a multiple
 * of 2 MiB stays one), or else the whole mapping is marked MADV_NOHUGEPAGE and units are whole
 * base pages.  Placement is then exact at the unit's granularity in both cases.
 *
 * Binding is strict (MPOL_BIND through hwloc's HWLOC_MEMBIND_STRICT), because a mere preference
 * is silently ignored when the node is short of memory, which is when placement matters most.
 * Where it cannot bind (one NUMA node, a synthetic OMP2NUMA_TOPOLOGY, no kernel support) the
 * memory is simply not bound: the calls still return page-aligned memory and work.
 *
 * Errors follow the project's (hwloc's) convention: NULL with errno.  Every allocation is
 * registered, so that omp_locality_domain_free() can check its argument and
 * omp2numa_get_planned_domain() can answer for any address.
 */
#include "internal.h"

#include <errno.h>
#include <numa.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* One allocation of the placement API. */
struct allocation {
  struct allocation *next;
  char *base;         /* the mapping, aligned to `align` */
  size_t length;      /* its length: the requested size rounded up to pages */
  size_t size;        /* the size the program asked for */
  size_t unit;        /* bytes of one block (bloc1d) or bloc (bloc1dcyclic) */
  bool cyclic;
  unsigned ndomains;
  unsigned node[];    /* node[d]: the planning topology's NUMA node of domain d */
};

static struct {
  pthread_mutex_t lock;
  struct allocation *list; /* under the lock */
} registry = {.lock = PTHREAD_MUTEX_INITIALIZER};

static atomic_bool bind_warned;

/* The transparent huge page size, 2 MiB unless the kernel says otherwise. */
static size_t huge_page_size(void)
{
  /* Racing first callers store the same value. */
  static _Atomic size_t cached;
  size_t size = atomic_load_explicit(&cached, memory_order_relaxed);
  if (!size) {
    size_t found = 2u << 20;
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", "r");
    if (f) {
      unsigned long long v;
      if (fscanf(f, "%llu", &v) == 1 && v > 0 && (v & (v - 1)) == 0)
        found = (size_t)v;
      fclose(f);
    }
    size = found;
    atomic_store_explicit(&cached, size, memory_order_relaxed);
  }
  return size;
}

/* Rounds size up to a multiple of align (a power of two); 0 on overflow. */
static size_t round_up(size_t size, size_t align)
{
  if (size > SIZE_MAX - (align - 1))
    return 0;
  return (size + align - 1) & ~(align - 1);
}

/* Inside a parallel region: the current team's domains.  Outside any region: those of the team
   that a parallel region without clauses would get here, since that is the team that will use
   the memory. */
unsigned o2n_placement_domains(struct o2n_thread *self, unsigned *node)
{
  const struct o2n_team *team = self->team;
  if (team->parent || team->nthreads > 1) {
    for (unsigned d = 0; d < team->ndomains; d++)
      node[d] = team->domain_node[d];
    return team->ndomains;
  }
  const struct o2n_topology *topo = o2n_topology();
  unsigned n = self->icv.nthreads;
  const unsigned limit = o2n_group_limit(team->group);
  if (n > limit)
    n = limit;
  bool *used = calloc(topo->ndomains, sizeof *used);
  if (!used)
    return 0;
  for (unsigned t = 0; t < n; t++) {
    struct o2n_partition partition;
    const unsigned place = self->icv.bind == omp_proc_bind_false
                               ? self->place
                               : o2n_place_assign(self->place, self->partition, t, n,
                                                  self->icv.bind, &partition);
    used[topo->places[place].domain] = true;
  }
  unsigned ndomains = 0;
  for (unsigned d = 0; d < topo->ndomains; d++)
    if (used[d])
      node[ndomains++] = d;
  free(used);
  return ndomains;
}

size_t o2n_placement_block(size_t size, unsigned ndomains)
{
  const size_t page = (size_t)sysconf(_SC_PAGESIZE), huge = huge_page_size();
  const size_t block = round_up(size / ndomains + (size % ndomains != 0), page);
  return block >= (size_t)O2N_PLACEMENT_HUGE_BLOCK * huge ? round_up(block, huge) : block;
}

/* The domain of unit i. */
static unsigned unit_domain(const struct allocation *a, size_t i)
{
  return a->cyclic ? (unsigned)(i % a->ndomains) : (unsigned)i;
}

/* Binds each unit to its node.  Silent when there is nothing to bind to; otherwise one warning
   for the program, and the rest of the allocation is left to first touch. */
static void bind_units(const struct allocation *a)
{
  for (size_t offset = 0, i = 0; offset < a->length; offset += a->unit, i++) {
    const size_t len = a->length - offset < a->unit ? a->length - offset : a->unit;
    if (o2n_topology_membind(a->base + offset, len, a->node[unit_domain(a, i)]) == 0)
      continue;
    if (errno != ENOSYS &&
        !atomic_exchange_explicit(&bind_warned, true, memory_order_relaxed))
      o2n_warn("cannot bind memory to NUMA node %u: %s; it is placed by first touch",
               o2n_topology()->node_os[a->node[unit_domain(a, i)]], strerror(errno));
    return;
  }
}

/* Maps `length` bytes aligned to `align` (a power of two, at least a page). */
static char *map_aligned(size_t length, size_t align, size_t page)
{
  const size_t extra = align > page ? align - page : 0;
  if (length > SIZE_MAX - extra) {
    errno = ENOMEM;
    return NULL;
  }
  char *raw = mmap(NULL, length + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
  if (raw == MAP_FAILED)
    return NULL; /* errno from mmap: ENOMEM */
  char *base = (char *)round_up((size_t)raw, align);
  if (base > raw)
    munmap(raw, (size_t)(base - raw));
  if (raw + length + extra > base + length)
    munmap(base + length, (size_t)(raw + length + extra - (base + length)));
  return base;
}

void *o2n_placement_alloc(size_t size, size_t blocsize, bool cyclic, int node)
{
  if (size == 0 || (cyclic && blocsize == 0)) {
    errno = EINVAL;
    return NULL;
  }
  struct o2n_thread *self = o2n_self();
  const struct o2n_topology *topo = o2n_topology();
  const size_t page = (size_t)sysconf(_SC_PAGESIZE), huge = huge_page_size();
  struct allocation *a = malloc(sizeof *a + topo->ndomains * sizeof a->node[0]);
  if (!a) {
    errno = ENOMEM;
    return NULL;
  }
  a->size = size;
  a->cyclic = cyclic;
  if (node >= 0)
    a->node[0] = (unsigned)node;
  a->ndomains = node >= 0 ? 1 : o2n_placement_domains(self, a->node);
  a->length = round_up(size, page);
  if (a->ndomains == 0 || a->length == 0) {
    free(a);
    errno = ENOMEM;
    return NULL;
  }
  if (cyclic) {
    a->unit = round_up(blocsize, page);
  } else {
    a->unit = o2n_placement_block(size, a->ndomains);
  }
  if (a->unit == 0) {
    free(a);
    errno = ENOMEM;
    return NULL;
  }
  const bool huge_units = a->unit % huge == 0;
  a->base = map_aligned(a->length, huge_units ? huge : page, page);
  if (!a->base) {
    free(a);
    return NULL;
  }
  /* Failure only means that the kernel has no transparent huge pages: nothing to avoid. */
  if (!huge_units)
    madvise(a->base, a->length, MADV_NOHUGEPAGE);
  bind_units(a);

  pthread_mutex_lock(&registry.lock);
  a->next = registry.list;
  registry.list = a;
  pthread_mutex_unlock(&registry.lock);
  return a->base;
}

/* The allocation that contains addr (exactly starts at it when `start`), under the lock. */
static struct allocation **find(const void *addr, bool start)
{
  struct allocation **link = &registry.list;
  for (; *link; link = &(*link)->next) {
    const char *base = (*link)->base, *p = addr;
    if (start ? p == base : p >= base && p < base + (*link)->length)
      break;
  }
  return link;
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp_get_num_locality_domains(void)
{
  return (int)o2n_self()->team->ndomains;
}

O2N_API int omp_get_locality_domain_num(void)
{
  return (int)o2n_self()->domain;
}

O2N_API void *omp_locality_domain_allocate_bloc1d(size_t size)
{
  return o2n_placement_alloc(size, 0, false, -1);
}

O2N_API void *omp_locality_domain_allocate_bloc1dcyclic(size_t size, size_t blocsize)
{
  return o2n_placement_alloc(size, blocsize, true, -1);
}

O2N_API void omp_locality_domain_free(void *p, size_t size)
{
  if (!p)
    return;
  pthread_mutex_lock(&registry.lock);
  struct allocation **link = find(p, true), *a = *link;
  if (a)
    *link = a->next;
  pthread_mutex_unlock(&registry.lock);
  if (!a) {
    o2n_warn("omp_locality_domain_free(%p, %zu): not memory from "
             "omp_locality_domain_allocate_*(); ignored",
             p, size);
    return;
  }
  if (size != a->size)
    o2n_warn("omp_locality_domain_free(%p, %zu): the allocation has %zu bytes; freeing it all",
             p, size, a->size);
  munmap(a->base, a->length);
  free(a);
}

O2N_API int omp2numa_get_planned_domain(const void *addr, int *node)
{
  int domain = -1;
  pthread_mutex_lock(&registry.lock);
  const struct allocation *a = *find(addr, false);
  if (a) {
    domain = (int)unit_domain(a, (size_t)((const char *)addr - a->base) / a->unit);
    if (node)
      *node = (int)o2n_topology()->node_os[a->node[domain]];
  }
  pthread_mutex_unlock(&registry.lock);
  if (domain < 0)
    errno = EINVAL;
  return domain;
}

/* ------------------------------------------------------------------------------------------- */
/* libnuma's diagnostics                                                                       */
/* ------------------------------------------------------------------------------------------- */

/* libnuma reports through these two functions, which it defines weak so that programs can
   replace them.  On a machine with one NUMA node, several of its calls (numa_alloc_onnode() with
   another node, for instance) print "mbind: Invalid argument" and then fall back correctly;
   omp2numa's placement works on such machines by design, so these messages are noise.  A program
   that defines its own versions keeps them: the executable's definitions come first. */
O2N_API void numa_error(char *where)
{
  (void)where;
}

O2N_API void numa_warn(int num, char *fmt, ...)
{
  (void)num, (void)fmt;
}
