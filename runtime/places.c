/*
 * places.c -- the place list (OMP_PLACES), and how the threads of a team are placed on it.
 *
 * Places are sets of positions of the planning topology (topology.c).  The default is one place
 * per PU (OMP_PLACES=threads), in fill order, so place p is position p.  Processor numbers in
 * explicit place lists and in omp_get_place_proc_ids() are the OS indices of the planning
 * topology's PUs: the machine's CPU numbers, or the P# numbers of the synthetic topology.  Which
 * real PUs a place binds a thread to is topology.c's business.
 *
 * Positions are only the PUs of the process's affinity mask.  A list is built with processor
 * numbers and turned into positions when it is installed: as libgomp does, a place keeps only
 * its processors inside the mask, and places left empty are left out (with a warning for an
 * explicit list); a processor that does not exist at all is an error.
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

/* ------------------------------------------------------------------------------------------- */
/* Place lists                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/* A place list under construction: one bitmap of processor numbers (OS indices of the planning
   topology) per place. */
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

/* Turns each place's processor numbers into the positions of the affinity mask's PUs among them
   (so a place keeps only its processors in the mask), and leaves out the places left empty.
   Returns how many were left out. */
static unsigned list_to_positions(struct place_list *list)
{
  const unsigned npus = o2n_topology()->npus;
  unsigned kept = 0;
  for (unsigned i = 0; i < list->count; i++) {
    hwloc_bitmap_t positions = o2n_xbitmap_alloc();
    for (unsigned p = 0; p < npus; p++)
      if (hwloc_bitmap_isset(list->sets[i], o2n_topology_pu_os(p)))
        hwloc_bitmap_set(positions, p);
    hwloc_bitmap_free(list->sets[i]);
    if (hwloc_bitmap_iszero(positions))
      hwloc_bitmap_free(positions);
    else
      list->sets[kept++] = positions;
  }
  const unsigned dropped = list->count - kept;
  list->count = kept;
  return dropped;
}

/* Makes the list, already in positions and not empty, the runtime's places. */
static void list_install(struct place_list *list)
{
  struct o2n_place *places = o2n_xmalloc(list->count * sizeof *places);
  unsigned total = 0;
  for (unsigned i = 0; i < list->count; i++)
    total += (unsigned)hwloc_bitmap_weight(list->sets[i]);
  unsigned *pus = o2n_xmalloc(total * sizeof *pus);
  unsigned used = 0;
  for (unsigned i = 0; i < list->count; i++) {
    struct o2n_place *place = &places[i];
    place->pus = pus + used;
    place->npus = 0;
    int p;
    hwloc_bitmap_foreach_begin(p, list->sets[i])
    {
      pus[used + place->npus++] = (unsigned)p;
    }
    hwloc_bitmap_foreach_end();
    used += place->npus;
    place->domain = o2n_topology()->domain[place->pus[0]];
  }
  /* Replaced only during o2n_init, before any thread uses them: the old ones can go. */
  const struct o2n_place *old = o2n_topology()->places;
  o2n_topology_set_places(places, list->count);
  if (old) {
    free((void *)old[0].pus);
    free((void *)old);
  }
  list_free(list);
}

void o2n_places_init(void)
{
  /* The default places: one per PU of the mask, in fill order. */
  struct place_list list = {0};
  for (unsigned p = 0; p < o2n_topology()->npus; p++) {
    hwloc_bitmap_t set = o2n_xbitmap_alloc();
    hwloc_bitmap_set(set, o2n_topology_pu_os(p));
    list_add(&list, set);
  }
  list_to_positions(&list);
  list_install(&list);
}

/* ------------------------------------------------------------------------------------------- */
/* OMP_PLACES                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* The places of an abstract name: one per object of `type` (in hwloc's logical order) that holds
   positions (PUs of the affinity mask), with those PUs; at most `limit` of them.  Returns false
   when the planning topology has no such object. */
static bool list_objects(struct place_list *list, hwloc_obj_type_t type, unsigned limit)
{
  hwloc_topology_t plan = o2n_topology_hwloc();
  const int nobjs = hwloc_get_nbobjs_by_type(plan, type);
  for (int i = 0; i < nobjs && list->count < limit; i++) {
    hwloc_obj_t obj = hwloc_get_obj_by_type(plan, type, (unsigned)i);
    hwloc_bitmap_t set = o2n_xbitmap_alloc();
    for (unsigned p = 0; p < o2n_topology()->npus; p++)
      if (obj->cpuset && hwloc_bitmap_isset(obj->cpuset, o2n_topology_pu_os(p)))
        hwloc_bitmap_set(set, o2n_topology_pu_os(p));
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
    if (hwloc_get_nbobjs_by_type(o2n_topology_hwloc(), levels[i]) > 0) {
      *type = levels[i];
      return true;
    }
  }
  return false;
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
    if (!o2n_topology_pu_exists(id)) {
      snprintf(ps->buf, sizeof ps->buf, "processor %ld does not exist", id);
      return fail(ps, ps->buf);
    }
    if (exclude)
      hwloc_bitmap_clr(set, (unsigned)id);
    else
      hwloc_bitmap_set(set, (unsigned)id);
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
    if (!add_processors(ps, moved, (long)p + offset, 1, 1, false))
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
    hwloc_bitmap_t set = o2n_xbitmap_alloc();
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
      hwloc_bitmap_t moved = o2n_xbitmap_alloc();
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
  static char why[256];
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
  const unsigned listed = list.count, dropped = list_to_positions(&list);
  char mask[128] = "";
  if (dropped > 0)
    o2n_topology_mask_format(mask, sizeof mask);
  if (list.count == 0) {
    list_free(&list);
    snprintf(why, sizeof why, "no place holds a processor of this process's affinity mask (%s)",
             mask);
    return why;
  }
  if (dropped > 0)
    o2n_warn("OMP_PLACES='%s': leaving out %u of the %u places, which hold no processor of "
             "this process's affinity mask (%s)",
             value, dropped, listed, mask);
  list_install(&list);
  return NULL;
}

/* ------------------------------------------------------------------------------------------- */
/* Queries                                                                                     */
/* ------------------------------------------------------------------------------------------- */

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
  const struct o2n_place *pl = &o2n_topology()->places[place];
  if (ids) {
    unsigned *sorted = o2n_xmalloc(pl->npus * sizeof *sorted);
    for (unsigned i = 0; i < pl->npus; i++)
      sorted[i] = o2n_topology_pu_os(pl->pus[i]);
    qsort(sorted, pl->npus, sizeof *sorted, compare_unsigned);
    for (unsigned i = 0; i < pl->npus; i++)
      ids[i] = (int)sorted[i];
    free(sorted);
  }
  return pl->npus;
}

void o2n_places_format(char *buf, size_t size)
{
  const struct o2n_topology *topo = o2n_topology();
  size_t len = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < topo->nplaces; i++) {
    const unsigned n = topo->places[i].npus;
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
/* Thread placement                                                                            */
/* ------------------------------------------------------------------------------------------- */

unsigned o2n_place_assign(unsigned place, struct o2n_partition parent, unsigned tid, unsigned n,
                          int policy, struct o2n_partition *partition)
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
