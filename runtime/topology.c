/*
 * topology.c -- the machine (hwloc), the topology the runtime plans with, places, and binding.
 *
 * OMP2NUMA_TOPOLOGY may name an hwloc XML file or hold an hwloc synthetic description
 * ("node:2 core:4 pu:1").  The runtime then plans with it (positions, places, NUMA domains, the
 * default number of threads), so NUMA logic can be tested on a one-node machine; but binding to
 * such a topology does nothing (hwloc_topology_is_thissystem() is 0), so threads are bound to the
 * real machine's PUs, position p on real PU p modulo their number, and memory is not bound.
 *
 * Places (OMP_PLACES) are sets of positions.  The default is one place per PU (OMP_PLACES=threads),
 * in fill order, so place p is position p.  Processor numbers in explicit place lists and in
 * omp_get_place_proc_ids() are the OS indices of the planning topology's PUs: the machine's CPU
 * numbers, or the P# numbers of the synthetic topology.
 */
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <hwloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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
/* Place lists                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/* A place list under construction: one bitmap of positions per place. */
struct place_list {
  hwloc_bitmap_t *sets;
  unsigned count, capacity;
};

static void list_free(struct place_list *list)
{
  for (unsigned i = 0; i < list->count; i++)
    hwloc_bitmap_free(list->sets[i]);
  free(list->sets);
  *list = (struct place_list){0};
}

/* Appends a place (the list takes the bitmap). */
static void list_add(struct place_list *list, hwloc_bitmap_t set)
{
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 16;
    list->sets = o2n_xrealloc(list->sets, list->capacity * sizeof *list->sets);
  }
  list->sets[list->count++] = set;
}

static hwloc_bitmap_t bitmap_new(void)
{
  hwloc_bitmap_t set = hwloc_bitmap_alloc();
  if (!set)
    o2n_fatal("out of memory for a place");
  return set;
}

/* Makes the list the runtime's places: the planned places and their real cpusets. */
static void list_install(struct place_list *list)
{
  struct o2n_place *places = o2n_xmalloc(list->count * sizeof *places);
  hwloc_bitmap_t *cpusets = o2n_xmalloc(list->count * sizeof *cpusets);
  unsigned total = 0;
  for (unsigned i = 0; i < list->count; i++)
    total += (unsigned)hwloc_bitmap_weight(list->sets[i]);
  unsigned *pus = o2n_xmalloc(total * sizeof *pus);
  unsigned used = 0;
  for (unsigned i = 0; i < list->count; i++) {
    struct o2n_place *place = &places[i];
    place->pus = pus + used;
    place->npus = 0;
    cpusets[i] = bitmap_new();
    int p;
    hwloc_bitmap_foreach_begin(p, list->sets[i])
    {
      pus[used + place->npus++] = (unsigned)p;
      hwloc_bitmap_or(cpusets[i], cpusets[i], machine_pus[(unsigned)p % planned.nreal]->cpuset);
    }
    hwloc_bitmap_foreach_end();
    used += place->npus;
    place->domain = planned.domain[place->pus[0]];
  }
  /* Replaced only during o2n_init, before any thread uses them: the old ones can go. */
  if (planned.places) {
    free((void *)planned.places[0].pus);
    free((void *)planned.places);
    for (unsigned i = 0; i < planned.nplaces; i++)
      hwloc_bitmap_free(place_cpusets[i]);
    free(place_cpusets);
  }
  planned.places = places;
  planned.nplaces = list->count;
  place_cpusets = cpusets;
  list_free(list);
}

/* The places of an abstract name: one per object of `type` (in hwloc's logical order) that holds
   positions, with the positions of its PUs; at most `limit` of them.  Returns false when the
   planning topology has no such object. */
static bool list_objects(struct place_list *list, hwloc_obj_type_t type, unsigned limit)
{
  const int nobjs = hwloc_get_nbobjs_by_type(plan, type);
  for (int i = 0; i < nobjs && list->count < limit; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(plan, type, (unsigned)i);
    hwloc_bitmap_t set = bitmap_new();
    for (unsigned p = 0; p < planned.npus; p++)
      if (obj->cpuset && hwloc_bitmap_isset(obj->cpuset, plan_pus[p]->os_index))
        hwloc_bitmap_set(set, p);
    if (hwloc_bitmap_iszero(set))
      hwloc_bitmap_free(set);
    else
      list_add(list, set);
  }
  return list->count > 0;
}

/* The deepest data (or unified) cache level that the planning topology has, as a type. */
static bool last_level_cache(hwloc_obj_type_t *type)
{
  static const hwloc_obj_type_t levels[] = {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE,
                                            HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE,
                                            HWLOC_OBJ_L1CACHE};
  for (unsigned i = 0; i < sizeof levels / sizeof *levels; i++) {
    if (hwloc_get_nbobjs_by_type(plan, levels[i]) > 0) {
      *type = levels[i];
      return true;
    }
  }
  return false;
}

/* The position of the planned PU with OS index os, or -1. */
static int position_of(long os)
{
  for (unsigned p = 0; p < planned.npus; p++)
    if ((long)plan_pus[p]->os_index == os)
      return (int)p;
  return -1;
}

/* A parser over an OMP_PLACES value; `why` receives the first error. */
struct parser {
  const char *s;
  const char *why;
  char buf[96]; /* for formatted reasons */
};

static void skip(struct parser *ps)
{
  while (isspace((unsigned char)*ps->s))
    ps->s++;
}

static bool eat(struct parser *ps, char c)
{
  skip(ps);
  if (*ps->s != c)
    return false;
  ps->s++;
  return true;
}

static bool fail(struct parser *ps, const char *why)
{
  if (!ps->why)
    ps->why = why;
  return false;
}

/* An integer, signed if `sign`. */
static bool number(struct parser *ps, bool sign, long *out)
{
  skip(ps);
  const char *p = ps->s;
  if (!(isdigit((unsigned char)*p) || (sign && (*p == '-' || *p == '+') &&
                                       isdigit((unsigned char)p[1]))))
    return fail(ps, "expected a number");
  char *end;
  errno = 0;
  long v = strtol(p, &end, 10);
  if (errno == ERANGE || v > INT32_MAX || v < -INT32_MAX)
    return fail(ps, "number out of range");
  ps->s = end;
  *out = v;
  return true;
}

/* [:count[:stride]] after a resource or a place; count is positive. */
static bool count_stride(struct parser *ps, long *count, long *stride)
{
  *count = 1;
  *stride = 1;
  if (!eat(ps, ':'))
    return true;
  if (!number(ps, false, count) || *count < 1)
    return fail(ps, "a count must be a positive integer");
  if (eat(ps, ':') && !number(ps, true, stride))
    return false;
  return true;
}

/* Adds processor `os` + i * stride, i < count, to set (or removes them when `exclude`). */
static bool add_processors(struct parser *ps, hwloc_bitmap_t set, long os, long count,
                           long stride, bool exclude)
{
  for (long i = 0; i < count; i++) {
    const long id = os + i * stride;
    const int p = position_of(id);
    if (p < 0) {
      snprintf(ps->buf, sizeof ps->buf, "processor %ld does not exist", id);
      return fail(ps, ps->buf);
    }
    if (exclude)
      hwloc_bitmap_clr(set, (unsigned)p);
    else
      hwloc_bitmap_set(set, (unsigned)p);
  }
  return true;
}

/* '{' res-interval (',' res-interval)* '}', res-interval being [!]res[:count[:stride]]. */
static bool place(struct parser *ps, hwloc_bitmap_t set)
{
  if (!eat(ps, '{'))
    return fail(ps, "expected '{' or an abstract name");
  do {
    const bool exclude = eat(ps, '!');
    long os, count = 1, stride = 1;
    if (!number(ps, false, &os))
      return false;
    if (!exclude && !count_stride(ps, &count, &stride))
      return false;
    if (!add_processors(ps, set, os, count, stride, exclude))
      return false;
  } while (eat(ps, ','));
  if (!eat(ps, '}'))
    return fail(ps, "expected '}'");
  if (hwloc_bitmap_iszero(set))
    return fail(ps, "a place is empty");
  return true;
}

/* The place `set` moved by `offset` processor numbers, into `moved`. */
static bool shift_place(struct parser *ps, hwloc_bitmap_t set, long offset, hwloc_bitmap_t moved)
{
  int p;
  hwloc_bitmap_zero(moved);
  hwloc_bitmap_foreach_begin(p, set)
  {
    if (!add_processors(ps, moved, (long)plan_pus[p]->os_index + offset, 1, 1, false))
      return false;
  }
  hwloc_bitmap_foreach_end();
  return true;
}

/* p-interval (',' p-interval)*, p-interval being place[:count[:stride]] or !place. */
static bool explicit_list(struct parser *ps, struct place_list *list)
{
  do {
    const bool exclude = eat(ps, '!');
    hwloc_bitmap_t set = bitmap_new();
    long count = 1, stride = 1;
    if (!place(ps, set) || (!exclude && !count_stride(ps, &count, &stride))) {
      hwloc_bitmap_free(set);
      return false;
    }
    if (exclude) {
      /* Removes the places equal to this one listed so far. */
      unsigned kept = 0;
      for (unsigned i = 0; i < list->count; i++) {
        if (hwloc_bitmap_isequal(list->sets[i], set))
          hwloc_bitmap_free(list->sets[i]);
        else
          list->sets[kept++] = list->sets[i];
      }
      list->count = kept;
      hwloc_bitmap_free(set);
      continue;
    }
    /* place:count:stride is `count` places, the i-th one moved by i * stride processors. */
    list_add(list, set);
    for (long i = 1; i < count; i++) {
      hwloc_bitmap_t moved = bitmap_new();
      if (!shift_place(ps, set, i * stride, moved)) {
        hwloc_bitmap_free(moved);
        return false;
      }
      list_add(list, moved);
    }
  } while (eat(ps, ','));
  skip(ps);
  if (*ps->s != '\0')
    return fail(ps, "expected ',' between places");
  if (list->count == 0)
    return fail(ps, "no place is left");
  return true;
}

/* An abstract name with an optional (count). */
static bool abstract_name(struct parser *ps, struct place_list *list)
{
  skip(ps);
  const char *word = ps->s;
  while (isalnum((unsigned char)*ps->s) || *ps->s == '_')
    ps->s++;
  const size_t len = (size_t)(ps->s - word);
  long limit = INT32_MAX;
  if (eat(ps, '(')) {
    if (!number(ps, false, &limit) || limit < 1)
      return fail(ps, "the number of places must be a positive integer");
    if (!eat(ps, ')'))
      return fail(ps, "expected ')'");
  }
  skip(ps);
  if (*ps->s != '\0')
    return fail(ps, "expected an abstract name (threads, cores, ll_caches, numa_domains, "
                    "sockets) or a list of places");
  static const struct {
    const char *name;
    hwloc_obj_type_t type;
  } names[] = {
      {"threads", HWLOC_OBJ_PU},          {"cores", HWLOC_OBJ_CORE},
      {"sockets", HWLOC_OBJ_PACKAGE},     {"numa_domains", HWLOC_OBJ_NUMANODE},
      {"ll_caches", HWLOC_OBJ_TYPE_MAX}, /* resolved below */
  };
  for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
    if (strlen(names[i].name) != len || strncasecmp(word, names[i].name, len) != 0)
      continue;
    hwloc_obj_type_t type = names[i].type;
    if (type == HWLOC_OBJ_TYPE_MAX && !last_level_cache(&type))
      return fail(ps, "the topology has no caches");
    if (!list_objects(list, type, (unsigned)limit)) {
      snprintf(ps->buf, sizeof ps->buf, "the topology has no %s", names[i].name);
      return fail(ps, ps->buf);
    }
    return true;
  }
  return fail(ps, "expected an abstract name (threads, cores, ll_caches, numa_domains, sockets) "
                  "or a list of places");
}

const char *o2n_places_parse(const char *value)
{
  static char why[160];
  struct parser ps = {.s = value};
  struct place_list list = {0};
  skip(&ps);
  const bool ok = (*ps.s == '{' || *ps.s == '!') ? explicit_list(&ps, &list)
                                                 : abstract_name(&ps, &list);
  if (!ok) {
    list_free(&list);
    snprintf(why, sizeof why, "%s", ps.why ? ps.why : "malformed");
    return why;
  }
  list_install(&list);
  return NULL;
}

/* Appends to buf (of size `size`, holding `len` characters) without overflowing it. */
static size_t append(char *buf, size_t size, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static size_t append(char *buf, size_t size, size_t len, const char *fmt, ...)
{
  if (len >= size)
    return len;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + len, size - len, fmt, ap);
  va_end(ap);
  return n < 0 ? len : len + (size_t)n;
}

static int compare_unsigned(const void *a, const void *b)
{
  const unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

unsigned o2n_place_proc_ids(unsigned place, int *ids)
{
  const struct o2n_place *pl = &planned.places[place];
  if (ids) {
    unsigned *sorted = o2n_xmalloc(pl->npus * sizeof *sorted);
    for (unsigned i = 0; i < pl->npus; i++)
      sorted[i] = plan_pus[pl->pus[i]]->os_index;
    qsort(sorted, pl->npus, sizeof *sorted, compare_unsigned);
    for (unsigned i = 0; i < pl->npus; i++)
      ids[i] = (int)sorted[i];
    free(sorted);
  }
  return pl->npus;
}

void o2n_places_format(char *buf, size_t size)
{
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < planned.nplaces; i++) {
    const unsigned n = planned.places[i].npus;
    int *ids = o2n_xmalloc(n * sizeof *ids);
    o2n_place_proc_ids(i, ids);
    len = append(buf, size, len, "%s{", i ? "," : "");
    /* Runs of consecutive numbers as first:count, as OMP_PLACES writes them. */
    for (unsigned j = 0; j < n;) {
      unsigned k = j + 1;
      while (k < n && ids[k] == ids[k - 1] + 1)
        k++;
      len = append(buf, size, len, "%s%d", j ? "," : "", ids[j]);
      if (k - j > 1)
        len = append(buf, size, len, ":%u", k - j);
      j = k;
    }
    len = append(buf, size, len, "}");
    free(ids);
  }
  if (len >= size && size > 4)
    memcpy(buf + size - 4, "...", 4);
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

  /* The default places: one per PU, in fill order. */
  struct place_list list = {0};
  for (unsigned p = 0; p < planned.npus; p++) {
    hwloc_bitmap_t set = bitmap_new();
    hwloc_bitmap_set(set, p);
    list_add(&list, set);
  }
  list_install(&list);
}

const struct o2n_topology *o2n_topology(void)
{
  return &planned;
}

/* ------------------------------------------------------------------------------------------- */
/* Thread placement and binding                                                                */
/* ------------------------------------------------------------------------------------------- */

unsigned o2n_topology_place(unsigned place, struct o2n_partition parent, unsigned tid,
                            unsigned n, int policy, struct o2n_partition *partition)
{
  const uint64_t P = parent.count, T = n;
  /* The parent's place, relative to its partition (0 if it is not in it, as when unbound). */
  const uint64_t b = place >= parent.first && place - parent.first < P ? place - parent.first : 0;
  *partition = parent;
  switch (policy) {
  case omp_proc_bind_primary:
    return parent.first + (unsigned)b;
  case omp_proc_bind_spread:
    if (T <= P) {
      /* T subpartitions of floor or ceil(P / T) consecutive places; subpartition i starts at
         floor(i * P / T).  Thread 0 stays on the parent's place, in the subpartition s0 holding
         it; thread t takes the first place of subpartition (s0 + t) mod T. */
      const uint64_t s0 = ((b + 1) * T + P - 1) / P - 1;
      const uint64_t s = (s0 + tid) % T, start = s * P / T, end = (s + 1) * P / T;
      partition->first = parent.first + (unsigned)start;
      partition->count = (unsigned)(end - start);
      return tid == 0 ? parent.first + (unsigned)b : partition->first;
    } else {
      /* More threads than places: consecutive threads share a place, which is also their
         partition. */
      const unsigned p = parent.first + (unsigned)((b + (uint64_t)tid * P / T) % P);
      *partition = (struct o2n_partition){p, 1};
      return p;
    }
  default: /* true, close */
    /* Consecutive places from the parent's; with more threads than places, consecutive threads
       share one, so that a node's threads still have consecutive numbers. */
    return parent.first + (unsigned)((b + (T <= P ? tid : (uint64_t)tid * P / T)) % P);
  }
}

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
