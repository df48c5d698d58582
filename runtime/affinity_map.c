/*
 * affinity_map.c -- affinity(name): program-wide maps from loop-variable values to threads.
 *
 * DESIGN 3.2.  A name's map says, for every value it has recorded, the thread that ran it; the
 * affinity layer (loop_affinity.c) runs a loop with affinity(name) around its schedule: each thread
 * first runs its recorded values, described by strided groups of runs (o2n_affinity_plan computes
 * them), then asks the schedule for work among the unrecorded ones (the "residual" iterations),
 * which it records; the last thread to leave adds them to the map (o2n_affinity_commit).  Schedules
 * never see any of this: they distribute residual iterations 0..m-1 as if the loop had m
 * iterations.
 *
 * Storage.  Values are kept as lattice indices j, value = origin + j * g, where origin and g
 * (|step|) are those of the loop that recorded first; a loop whose values are off that lattice
 * (another phase, or a step that is not a multiple of g) runs by its own schedule and adds
 * nothing.  The map is a sorted array of disjoint segments of j, each one 32-byte record:
 *  - "uniform": a run of at least AFF_RUN_MIN indices on one thread;
 *  - "cyclic": at least AFF_RUN_MIN indices cut into runs of c from its start, dealt to threads
 *    t0, t0 + 1, ... modulo the team size (what static,c records; the last run may be shorter);
 *  - "dense": shorter, irregular runs, one uint16_t thread number per index, with AFF_NONE for the
 *    few unrecorded indices (fewer than AFF_HOLE_MAX in a row) that it bridges.
 * A block or block-cyclic map costs a few records whatever its size; an arbitrary one at most 2
 * bytes per value.
 *
 * Plans.  A uniform segment gives its thread one run, a cyclic segment each thread one strided
 * group per period (plan_cyclic), and a dense segment one run per maximal run of its entries.  So
 * planning a loop over block-cyclic values costs O(threads), not O(values).
 *
 * Commits.  The threads' records (struct recsrc, merged with a heap), the old map (struct mapsrc)
 * and their union are streams of lattice runs in increasing order, so a commit costs O(runs) time
 * but no per-run memory; the builder at the end of the stream recognises cyclic patterns.
 *
 * Locks.  The name table has one lock (lookups are cached in the site's o2n_site_rt record, so a
 * site takes it once).  Each name has a lock for its list of maps, taken once per execution by
 * the first arriver to find its team's map.  Each map has its own lock, taken once per execution
 * by the first arriver (to build the plan) and once by the last leaver (to commit): never by the
 * loop's chunks.
 *
 * Teams.  A name has one map per team that runs its loops: per team size, nesting level and
 * primary thread (the thread numbers of the primary thread and its ancestors up the nest), so
 * that the loops of an inner team never clobber the outer team's map, nor those of another
 * primary thread's inner team (whose thread t runs on another place, and often works on other
 * data).  A team of another size records a map of its own; the old one stays for the next team
 * of its size.
 *
 * Epochs.  omp2numa_affinity_reset empties every map of the name and bumps their epochs; a plan
 * built in an older epoch commits nothing, so a loop that was running meanwhile never writes
 * stale owners into the new map.
 */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Segment records are 32 bytes: uniform and cyclic segments of at least 16 indices cost at most 2
   bytes a value, as dense ones do. */
#ifndef AFF_RUN_MIN
#define AFF_RUN_MIN 16
#endif
/* A dense segment bridges fewer than this many unrecorded indices (2 bytes each) rather than
   ending and paying a new 32-byte record. */
#ifndef AFF_HOLE_MAX
#define AFF_HOLE_MAX 8
#endif
/* A dense entry for an index that is not recorded; thread numbers are below 65535. */
#define AFF_NONE UINT16_MAX

typedef __int128 wide; /* lattice arithmetic: value differences need 65 bits */

enum aff_kind { AFF_UNIFORM, AFF_CYCLIC, AFF_DENSE };

/* A dense segment's thread numbers.  Never changed once its segment is built (a commit builds
   new arrays), and freed when the map and every plan that scans it have dropped it: refs is
   changed under the map's lock only. */
struct o2n_affinity_dense {
  size_t refs;
  uint16_t tids[];
};

struct aff_seg {
  int64_t lo, hi;    /* lattice indices [lo, hi) */
  union {
    struct o2n_affinity_dense *dense; /* dense: hi - lo entries */
    uint64_t c;      /* cyclic: the run length */
  };
  uint16_t tid;      /* uniform: the thread; cyclic: the thread of the first run */
  uint8_t kind;      /* enum aff_kind */
  bool holes;        /* dense: some entries are AFF_NONE */
};

/* The map of one team: its key, then what it recorded. */
struct o2n_affinity_map {
  struct o2n_affinity_map *next; /* the name's list */
  unsigned size, level;      /* key: the team's size and nesting level */
  unsigned *path;            /* key: path[l - 1] is the thread number, in its team of level l,
                                of the primary thread or its ancestor there (l < level) */
  pthread_mutex_t lock;      /* guards everything below */
  unsigned nthreads;         /* the team size it was recorded with; 0: empty */
  uint64_t epoch;
  int64_t origin;            /* lattice, valid while nthreads != 0 */
  uint64_t g;
  struct aff_seg *segs;
  size_t nsegs;
};

/* A name: its maps, one per team that has run its loops (created on first use, never freed). */
struct o2n_affinity {
  struct o2n_affinity *next; /* the name table's list */
  char *name;
  pthread_mutex_t lock;      /* guards the list of maps */
  struct o2n_affinity_map *maps;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct o2n_affinity *table;

struct o2n_affinity *o2n_affinity_lookup(const char *name, bool create)
{
  pthread_mutex_lock(&table_lock);
  struct o2n_affinity *entry = table;
  while (entry && strcmp(entry->name, name) != 0)
    entry = entry->next;
  if (!entry && create) {
    entry = o2n_xcalloc(1, sizeof *entry);
    entry->name = o2n_xstrdup(name);
    pthread_mutex_init(&entry->lock, NULL);
    entry->next = table;
    table = entry;
  }
  pthread_mutex_unlock(&table_lock);
  return entry;
}

/* Whether map is the one of `team`: same size and level, and a primary thread with the same
   thread numbers up the nest. */
static bool map_is_of(const struct o2n_affinity_map *map, const struct o2n_team *team)
{
  if (map->size != team->nthreads || map->level != team->level)
    return false;
  for (const struct o2n_thread *p = team->parent; p && p->team->level > 0; p = p->team->parent)
    if (map->path[p->team->level - 1] != p->tid)
      return false;
  return true;
}

/* The name's map for the team of the calling thread, created empty on first use.  Takes the
   name's lock. */
static struct o2n_affinity_map *map_of_team(struct o2n_affinity *entry,
                                            const struct o2n_team *team)
{
  pthread_mutex_lock(&entry->lock);
  struct o2n_affinity_map *map = entry->maps;
  while (map && !map_is_of(map, team))
    map = map->next;
  if (!map) {
    map = o2n_xcalloc(1, sizeof *map);
    map->size = team->nthreads;
    map->level = team->level;
    map->path = o2n_xcalloc(team->level + 1, sizeof *map->path);
    for (const struct o2n_thread *p = team->parent; p && p->team->level > 0; p = p->team->parent)
      map->path[p->team->level - 1] = p->tid;
    pthread_mutex_init(&map->lock, NULL);
    map->next = entry->maps;
    entry->maps = map;
  }
  pthread_mutex_unlock(&entry->lock);
  return map;
}

/* Drops a reference to a dense array.  Holds the map's lock. */
static void dense_drop(struct o2n_affinity_dense *dense)
{
  if (--dense->refs == 0)
    free(dense);
}

/* A dense array of n entries, referenced once, or the array resized to n entries. */
static struct o2n_affinity_dense *dense_resize(struct o2n_affinity_dense *dense, size_t n)
{
  dense = o2n_xrealloc(dense, sizeof *dense + n * sizeof dense->tids[0]);
  dense->refs = 1;
  return dense;
}

static void segs_free(struct aff_seg *segs, size_t nsegs)
{
  for (size_t i = 0; i < nsegs; i++)
    if (segs[i].kind == AFF_DENSE)
      dense_drop(segs[i].dense);
  free(segs);
}

/* Empties the map; the caller holds its lock. */
static void map_clear(struct o2n_affinity_map *map)
{
  segs_free(map->segs, map->nsegs);
  map->segs = NULL;
  map->nsegs = 0;
  map->nthreads = 0;
  map->epoch++;
}

void o2n_affinity_forget(struct o2n_affinity *entry)
{
  pthread_mutex_lock(&entry->lock);
  for (struct o2n_affinity_map *map = entry->maps; map; map = map->next) {
    pthread_mutex_lock(&map->lock);
    map_clear(map);
    pthread_mutex_unlock(&map->lock);
  }
  pthread_mutex_unlock(&entry->lock);
}

/* Division rounding down and up, by a positive divisor. */
static wide floor_div(wide a, wide b)
{
  wide q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

static wide ceil_div(wide a, wide b)
{
  wide q = a / b;
  return (a % b != 0 && a > 0) ? q + 1 : q;
}

/* The iterations k in [0, n) whose index j0 + k*d falls in [lo, hi), as [*ka, *kb). */
static void seg_iterations(wide j0, wide d, uint64_t n, int64_t lo, int64_t hi, uint64_t *ka,
                           uint64_t *kb)
{
  wide a, b;
  if (d > 0) {
    a = ceil_div(lo - j0, d);
    b = ceil_div(hi - j0, d);
  } else {
    a = floor_div(j0 - hi, -d) + 1;
    b = floor_div(j0 - lo, -d) + 1;
  }
  if (a < 0)
    a = 0;
  if (b > (wide)n)
    b = n;
  if (b < a)
    b = a;
  *ka = (uint64_t)a;
  *kb = (uint64_t)b;
}

/* The thread of lattice index j of cyclic segment seg, for a team of p. */
static unsigned cyclic_tid(const struct aff_seg *seg, unsigned p, wide j)
{
  return (unsigned)(((wide)seg->tid + (j - seg->lo) / (wide)seg->c) % p);
}

static wide gcd(wide a, wide b)
{
  while (b != 0) {
    const wide r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/*
 * Building a plan: a walk over the segments that the loop meets, in increasing k (segments in
 * increasing j when d > 0, decreasing when d < 0), that yields each thread's groups and the gaps.
 * It is done twice under the map's lock: once to count each thread's groups and the gaps, once to
 * fill the arrays, so nothing is sorted and every array has its exact size.  Single runs come in
 * increasing k and join when they touch (walk_add); the strided groups of a cyclic segment cover
 * a span of iterations as a whole (plan_cyclic).
 */
struct walk {
  struct o2n_affinity_plan *plan;
  bool fill;               /* second pass: write groups and gaps; first pass: count them */
  uint64_t *count;         /* first pass: groups per thread; second: next slot per thread */
  uint64_t ngaps;          /* gaps so far */
  uint64_t cursor;         /* end of the mapped iterations so far: where the next gap would start */
  uint64_t m;              /* residual iterations so far */
  uint64_t lo, hi;         /* the pending run, if lo < hi */
  unsigned tid;
  bool scan_dense;         /* dense segments without holes become dense pieces */
  uint64_t ndense;         /* dense pieces so far */
};

/* Iterations [lo, hi), lo >= cursor, are mapped: those between the cursor and lo are a gap. */
static void walk_span(struct walk *w, uint64_t lo, uint64_t hi)
{
  if (lo > w->cursor) {
    if (w->fill)
      w->plan->gaps[w->ngaps] = (struct o2n_affinity_gap){w->cursor, lo, w->m};
    w->ngaps++;
    w->m += lo - w->cursor;
  }
  w->cursor = hi;
}

static void walk_group(struct walk *w, unsigned tid, struct o2n_aff_group group)
{
  if (w->fill)
    w->plan->groups[w->count[tid]++] = group;
  else
    w->count[tid]++;
}

static void walk_flush(struct walk *w)
{
  if (w->lo == w->hi)
    return;
  walk_span(w, w->lo, w->hi);
  walk_group(w, w->tid, (struct o2n_aff_group){w->lo, w->hi - w->lo, w->hi - w->lo, 1});
  w->lo = w->hi;
}

static void walk_add(struct walk *w, uint64_t lo, uint64_t hi, unsigned tid)
{
  if (w->lo < w->hi && w->hi == lo && w->tid == tid) {
    w->hi = hi;
    return;
  }
  walk_flush(w);
  w->lo = lo;
  w->hi = hi;
  w->tid = tid;
}

/* The end (at most limit) of the maximal run of one thread that starts at iteration k of a loop
   over cyclic segment seg: visits the segment's runs that the loop meets one by one. */
static uint64_t cyclic_run_end(const struct o2n_affinity_plan *plan, const struct aff_seg *seg,
                               uint64_t k, uint64_t limit)
{
  const wide j0 = plan->j0, d = plan->d;
  const unsigned tid = cyclic_tid(seg, plan->nthreads, j0 + (wide)k * d);
  for (;;) {
    /* Past the iterations whose indices are in the segment's run of k's index. */
    const wide j = j0 + (wide)k * d;
    const wide rlo = seg->lo + (j - seg->lo) / seg->c * seg->c;
    const wide rhi = rlo + seg->c < seg->hi ? rlo + seg->c : seg->hi;
    uint64_t ka, kb;
    seg_iterations(j0, d, plan->n, (int64_t)rlo, (int64_t)rhi, &ka, &kb);
    if (kb >= limit)
      return limit;
    k = kb;
    if (cyclic_tid(seg, plan->nthreads, j0 + (wide)k * d) != tid)
      return k;
  }
}

/*
 * The iterations [ka, kb) of cyclic segment seg.  Their threads repeat with a period of
 * T = p*c / gcd(|d|, p*c) iterations (T * |d| indices are whole rounds of the p threads), so once
 * the first run is out of the way, each run of the next period stands for a strided group of
 * its repetitions: O(runs per period) whatever the trip count.  The first run and a last one cut
 * by kb go through walk_add, to join touching runs of the neighbouring segments.
 */
static void plan_cyclic(struct walk *w, const struct aff_seg *seg, uint64_t ka, uint64_t kb)
{
  const struct o2n_affinity_plan *plan = w->plan;
  const unsigned p = plan->nthreads;
  const wide j0 = plan->j0, d = plan->d;
  const wide pc = (wide)p * seg->c, period = pc / gcd(d < 0 ? -d : d, pc);
  /* A period of 1: every iteration on one thread. */
  const uint64_t k1 = period == 1 ? kb : cyclic_run_end(plan, seg, ka, kb);
  walk_add(w, ka, k1, cyclic_tid(seg, p, j0 + (wide)ka * d));
  if ((wide)(kb - k1) <= period) {
    /* No whole period and more: the runs one by one. */
    for (uint64_t k = k1; k < kb;) {
      const uint64_t e = cyclic_run_end(plan, seg, k, kb);
      walk_add(w, k, e, cyclic_tid(seg, p, j0 + (wide)k * d));
      k = e;
    }
    return;
  }
  walk_flush(w);
  const uint64_t t = (uint64_t)period; /* below kb - k1 */
  uint64_t cut_lo = kb;
  unsigned cut_tid = 0;
  for (uint64_t k = k1; k < k1 + t;) {
    const uint64_t e = cyclic_run_end(plan, seg, k, k1 + t);
    const unsigned tid = cyclic_tid(seg, p, j0 + (wide)k * d);
    /* Its whole repetitions before kb, then perhaps one that kb cuts. */
    const uint64_t whole = (kb - e) / t + 1;
    walk_group(w, tid, (struct o2n_aff_group){k, e - k, t, whole});
    if ((wide)k + (wide)whole * t < kb) {
      cut_lo = k + whole * t;
      cut_tid = tid;
    }
    k = e;
  }
  walk_span(w, k1, cut_lo);
  if (cut_lo < kb)
    walk_add(w, cut_lo, kb, cut_tid);
}

/* The iterations [ka, kb) of a dense segment without holes, all mapped, as a dense piece that
   the threads scan; the plan takes a reference to the array. */
static void walk_dense(struct walk *w, const struct aff_seg *seg, uint64_t ka, uint64_t kb)
{
  walk_flush(w);
  walk_span(w, ka, kb);
  if (w->fill) {
    const int64_t j = (int64_t)(w->plan->j0 + (wide)ka * w->plan->d);
    w->plan->dense[w->ndense] = (struct o2n_aff_dense){ka, kb, w->plan->d,
                                                       &seg->dense->tids[j - seg->lo],
                                                       seg->dense};
    seg->dense->refs++;
  }
  w->ndense++;
}

/* One pass over the segments that hold the loop's indices.  Holds the lock. */
static void plan_walk(const struct o2n_affinity_map *map, struct walk *w)
{
  const struct o2n_affinity_plan *plan = w->plan;
  const wide j0 = plan->j0, d = plan->d;
  w->ngaps = w->cursor = w->m = w->lo = w->hi = w->ndense = 0;
  if (plan->record) {
    const wide jlast = j0 + (wide)(plan->n - 1) * d;
    const int64_t jmin = (int64_t)(d > 0 ? j0 : jlast), jmax = (int64_t)(d > 0 ? jlast : j0);
    /* Segments [s_lo, s_hi) overlap [jmin, jmax]. */
    size_t lo = 0, hi = map->nsegs;
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      if (map->segs[mid].hi <= jmin)
        lo = mid + 1;
      else
        hi = mid;
    }
    const size_t s_lo = lo;
    size_t s_hi = s_lo;
    while (s_hi < map->nsegs && map->segs[s_hi].lo <= jmax)
      s_hi++;
    for (size_t i = 0; i < s_hi - s_lo; i++) {
      const struct aff_seg *seg = &map->segs[d > 0 ? s_lo + i : s_hi - 1 - i];
      uint64_t ka, kb;
      seg_iterations(j0, d, plan->n, seg->lo, seg->hi, &ka, &kb);
      if (ka == kb)
        continue;
      switch (seg->kind) {
      case AFF_UNIFORM:
        walk_add(w, ka, kb, seg->tid);
        break;
      case AFF_CYCLIC:
        plan_cyclic(w, seg, ka, kb);
        break;
      default:
        if (w->scan_dense && !seg->holes) {
          walk_dense(w, seg, ka, kb);
          break;
        }
        for (uint64_t k = ka; k < kb; k++) {
          const uint16_t tid = seg->dense->tids[(int64_t)(j0 + (wide)k * d) - seg->lo];
          if (tid != AFF_NONE)
            walk_add(w, k, k + 1, tid);
        }
      }
    }
    walk_flush(w);
  }
  walk_span(w, plan->n, plan->n);
}

struct o2n_affinity_plan *o2n_affinity_plan(struct o2n_affinity *entry,
                                            const struct o2n_team *team, uint64_t n,
                                            int64_t first, int64_t step, bool scan_dense)
{
  struct o2n_affinity_map *map = map_of_team(entry, team);
  const unsigned nthreads = team->nthreads;
  struct o2n_affinity_plan *plan = o2n_xmalloc(sizeof *plan);
  memset(plan, 0, sizeof *plan);
  plan->map = map;
  plan->nthreads = nthreads;
  plan->n = n;
  plan->first = o2n_xmalloc((nthreads + 1) * sizeof *plan->first);
  memset(plan->first, 0, (nthreads + 1) * sizeof *plan->first);
  uint64_t *count = o2n_xmalloc(nthreads * sizeof *count);
  memset(count, 0, nthreads * sizeof *count);

  pthread_mutex_lock(&map->lock);
  plan->epoch = map->epoch;
  if (map->nthreads == 0) {
    /* Empty: this loop proposes its own lattice. */
    plan->origin = first;
    plan->g = step < 0 ? -(uint64_t)step : (uint64_t)step;
  } else {
    plan->origin = map->origin;
    plan->g = map->g;
  }
  /* Thread numbers are stored as uint16_t, AFF_NONE excluded. */
  if (n > 0 && step != 0 && nthreads < AFF_NONE) {
    const wide g = plan->g, off = (wide)first - plan->origin;
    if (off % g == 0 && (wide)step % g == 0) {
      const wide j0 = off / g, d = (wide)step / g;
      const wide jlast = j0 + (wide)(n - 1) * d;
      if (j0 >= INT64_MIN && j0 <= INT64_MAX && jlast >= INT64_MIN && jlast <= INT64_MAX) {
        plan->j0 = (int64_t)j0;
        plan->d = (int64_t)d;
        plan->record = true;
      }
    }
  }
  struct walk w = {.plan = plan, .fill = false, .count = count, .scan_dense = scan_dense};
  plan_walk(map, &w);
  /* Thread t's groups go to groups[first[t] .. first[t + 1]). */
  for (unsigned t = 0; t < nthreads; t++) {
    plan->first[t + 1] = plan->first[t] + count[t];
    count[t] = plan->first[t];
  }
  const uint64_t ngroups = plan->first[nthreads];
  plan->groups = o2n_xmalloc(ngroups * sizeof *plan->groups);
  plan->gaps = o2n_xmalloc(w.ngaps * sizeof *plan->gaps);
  plan->dense = o2n_xmalloc(w.ndense * sizeof *plan->dense);
  plan->ndense = w.ndense;
  w.fill = true;
  plan_walk(map, &w);
  pthread_mutex_unlock(&map->lock);

  plan->ngaps = w.ngaps;
  plan->m = w.m;
  plan->vstart = o2n_xmalloc((ngroups + 1) * sizeof *plan->vstart);
  plan->vstart[0] = 0;
  for (uint64_t i = 0; i < ngroups; i++)
    plan->vstart[i + 1] = plan->vstart[i] + plan->groups[i].len * plan->groups[i].count;
  free(count);
  return plan;
}

/* ------------------------------------------------------------------------------------------- */
/* Commit: merging recorded runs into the map, as streams of lattice runs in increasing order  */
/* ------------------------------------------------------------------------------------------- */

/* A run of lattice indices [lo, hi) on one thread. */
struct jrun {
  int64_t lo, hi;
  unsigned tid;
};

/* One thread's record as lattice runs in increasing j.  Its groups are in increasing k (sorted
   first if the thread's runs were not), so they are walked forwards when d > 0 and backwards when
   d < 0; when |d| > 1, each iteration is a run of one index. */
struct recsrc {
  struct o2n_aff_group *groups;
  size_t ngroups;
  bool owned;               /* groups is a sorted copy, to be freed */
  size_t gi;                /* position, counted in increasing j: group, instance, iteration */
  uint64_t inst, off;
  unsigned tid;
  struct jrun head;         /* the next run */
};

static bool recsrc_next(struct recsrc *r, const struct o2n_affinity_plan *plan)
{
  if (r->gi == r->ngroups)
    return false;
  const wide j0 = plan->j0, d = plan->d;
  const bool up = d > 0;
  const struct o2n_aff_group *g = &r->groups[up ? r->gi : r->ngroups - 1 - r->gi];
  const uint64_t ka = g->lo + (up ? r->inst : g->count - 1 - r->inst) * g->stride;
  if (d == 1 || d == -1) {
    const wide a = up ? j0 + ka : j0 - (wide)(ka + g->len) + 1;
    r->head = (struct jrun){(int64_t)a, (int64_t)(a + g->len), r->tid};
    r->off = g->len;
  } else {
    const int64_t j = (int64_t)(j0 + (wide)(ka + (up ? r->off : g->len - 1 - r->off)) * d);
    r->head = (struct jrun){j, j + 1, r->tid};
    r->off++;
  }
  if (r->off == g->len) {
    r->off = 0;
    if (++r->inst == g->count) {
      r->inst = 0;
      r->gi++;
    }
  }
  return true;
}

static int group_cmp(const void *a, const void *b)
{
  const struct o2n_aff_group *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* A thread's record in increasing k: as it is, or its runs sorted (adaptive steals backwards). */
static void recsrc_init(struct recsrc *r, struct o2n_affinity_thread *a, unsigned tid)
{
  *r = (struct recsrc){.groups = a->rec, .ngroups = a->nrec, .tid = tid};
  if (!a->rec_unsorted)
    return;
  size_t nruns = 0;
  for (size_t i = 0; i < a->nrec; i++)
    nruns += a->rec[i].count;
  r->groups = o2n_xmalloc(nruns * sizeof *r->groups);
  r->ngroups = 0;
  r->owned = true;
  for (size_t i = 0; i < a->nrec; i++)
    for (uint64_t c = 0; c < a->rec[i].count; c++)
      r->groups[r->ngroups++] = (struct o2n_aff_group){a->rec[i].lo + c * a->rec[i].stride,
                                                       a->rec[i].len, a->rec[i].len, 1};
  qsort(r->groups, r->ngroups, sizeof *r->groups, group_cmp);
}

/* All threads' records merged into one stream in increasing j: a heap of their sources by the
   start of their next run. */
struct fresh {
  const struct o2n_affinity_plan *plan;
  struct recsrc *src;
  unsigned *heap;
  unsigned nheap;
};

static void fresh_down(struct fresh *f, unsigned i)
{
  for (;;) {
    unsigned min = i;
    for (unsigned c = 2 * i + 1; c <= 2 * i + 2 && c < f->nheap; c++)
      if (f->src[f->heap[c]].head.lo < f->src[f->heap[min]].head.lo)
        min = c;
    if (min == i)
      return;
    const unsigned x = f->heap[i];
    f->heap[i] = f->heap[min];
    f->heap[min] = x;
    i = min;
  }
}

static void fresh_init(struct fresh *f, const struct o2n_affinity_plan *plan,
                       struct o2n_loop_thread *threads)
{
  f->plan = plan;
  f->src = o2n_xmalloc(plan->nthreads * sizeof *f->src);
  f->heap = o2n_xmalloc(plan->nthreads * sizeof *f->heap);
  f->nheap = 0;
  for (unsigned t = 0; t < plan->nthreads; t++) {
    recsrc_init(&f->src[t], &threads[t].aff, t);
    if (recsrc_next(&f->src[t], plan))
      f->heap[f->nheap++] = t;
  }
  for (unsigned i = f->nheap / 2; i-- > 0;)
    fresh_down(f, i);
}

static bool fresh_next(struct fresh *f, struct jrun *out)
{
  if (f->nheap == 0)
    return false;
  struct recsrc *top = &f->src[f->heap[0]];
  *out = top->head;
  if (!recsrc_next(top, f->plan))
    f->heap[0] = f->heap[--f->nheap];
  fresh_down(f, 0);
  return true;
}

static void fresh_free(struct fresh *f)
{
  for (unsigned t = 0; t < f->plan->nthreads; t++)
    if (f->src[t].owned)
      free(f->src[t].groups);
  free(f->src);
  free(f->heap);
}

/* The map's runs in increasing j (maximal within a segment).  Holds the lock. */
struct mapsrc {
  const struct o2n_affinity_map *map;
  size_t s;  /* the segment of j */
  int64_t j; /* the next index to look at */
};

static bool mapsrc_next(struct mapsrc *o, struct jrun *out)
{
  const struct o2n_affinity_map *map = o->map;
  while (o->s < map->nsegs) {
    const struct aff_seg *seg = &map->segs[o->s];
    if (o->j == seg->hi) {
      if (++o->s < map->nsegs)
        o->j = map->segs[o->s].lo;
      continue;
    }
    int64_t end = seg->hi;
    unsigned tid = seg->tid;
    if (seg->kind == AFF_CYCLIC) {
      const wide run_end = seg->lo + ((o->j - seg->lo) / (wide)seg->c + 1) * seg->c;
      end = run_end < seg->hi ? (int64_t)run_end : seg->hi;
      tid = cyclic_tid(seg, map->nthreads, o->j);
    } else if (seg->kind == AFF_DENSE) {
      tid = seg->dense->tids[o->j - seg->lo];
      end = o->j + 1;
      if (tid == AFF_NONE) {
        o->j = end;
        continue;
      }
      while (end < seg->hi && seg->dense->tids[end - seg->lo] == tid)
        end++;
    }
    *out = (struct jrun){o->j, end, tid};
    o->j = end;
    return true;
  }
  return false;
}

/*
 * Building segments from increasing disjoint runs, one at a time: touching runs of one thread
 * join (the pending run), then runs that continue a block-cyclic pattern join a chain (c indices
 * each, on threads t0, t0 + 1, ... mod p, ended by a shorter run), which becomes a cyclic
 * segment if it has two runs and AFF_RUN_MIN indices or more; the other runs become uniform or
 * dense segments.
 */
struct build {
  unsigned p;
  struct aff_seg *segs;
  size_t nsegs, cap;
  bool dense_open;          /* segs[nsegs - 1] is a dense segment that may grow ... */
  size_t dense_cap;         /* ... into this many entries before a realloc */
  bool have_run;
  struct jrun run;          /* the pending run */
  uint64_t ch_runs;         /* the chain: 0 if none */
  int64_t ch_lo, ch_hi;
  uint64_t ch_c;
  unsigned ch_t0;
  bool ch_closed;           /* ended by a shorter run */
};

/* The open dense segment stops growing: give back the slack of its doubling. */
static void close_dense(struct build *b)
{
  if (!b->dense_open)
    return;
  struct aff_seg *last = &b->segs[b->nsegs - 1];
  last->dense = dense_resize(last->dense, (size_t)(last->hi - last->lo));
  b->dense_open = false;
}

static struct aff_seg *store_seg(struct build *b, struct aff_seg seg)
{
  close_dense(b);
  if (b->nsegs == b->cap) {
    b->cap = b->cap ? 2 * b->cap : 16;
    b->segs = o2n_xrealloc(b->segs, b->cap * sizeof *b->segs);
  }
  b->segs[b->nsegs] = seg;
  return &b->segs[b->nsegs++];
}

/* A run that no chain holds: uniform if long, else dense (joining the open dense segment when it
   is near enough, bridging the hole). */
static void store_run(struct build *b, int64_t lo, int64_t hi, unsigned tid)
{
  const uint64_t len = (uint64_t)hi - (uint64_t)lo;
  if (len >= AFF_RUN_MIN) {
    store_seg(b, (struct aff_seg){.lo = lo, .hi = hi, .tid = (uint16_t)tid, .kind = AFF_UNIFORM});
    return;
  }
  struct aff_seg *last = b->dense_open ? &b->segs[b->nsegs - 1] : NULL;
  if (last && (uint64_t)lo - (uint64_t)last->hi < AFF_HOLE_MAX) {
    const size_t need = (size_t)((uint64_t)hi - (uint64_t)last->lo);
    if (need > b->dense_cap) {
      b->dense_cap = need > 2 * b->dense_cap ? need : 2 * b->dense_cap;
      last->dense = dense_resize(last->dense, b->dense_cap);
    }
    last->holes |= lo > last->hi;
    for (int64_t j = last->hi; j < lo; j++)
      last->dense->tids[j - last->lo] = AFF_NONE;
    for (int64_t j = lo; j < hi; j++)
      last->dense->tids[j - last->lo] = (uint16_t)tid;
    last->hi = hi;
    return;
  }
  struct aff_seg *seg = store_seg(b, (struct aff_seg){.lo = lo, .hi = hi, .kind = AFF_DENSE});
  seg->dense = dense_resize(NULL, len);
  for (uint64_t j = 0; j < len; j++)
    seg->dense->tids[j] = (uint16_t)tid;
  b->dense_open = true;
  b->dense_cap = (size_t)len;
}

static void chain_flush(struct build *b)
{
  if (b->ch_runs >= 2 && (uint64_t)b->ch_hi - (uint64_t)b->ch_lo >= AFF_RUN_MIN)
    store_seg(b, (struct aff_seg){.lo = b->ch_lo, .hi = b->ch_hi, .c = b->ch_c,
                                  .tid = (uint16_t)b->ch_t0, .kind = AFF_CYCLIC});
  else
    for (uint64_t i = 0; i < b->ch_runs; i++) {
      const int64_t lo = b->ch_lo + (int64_t)(i * b->ch_c);
      store_run(b, lo, i + 1 < b->ch_runs ? lo + (int64_t)b->ch_c : b->ch_hi,
                (unsigned)((b->ch_t0 + i) % b->p));
    }
  b->ch_runs = 0;
}

static void chain_add(struct build *b, struct jrun r)
{
  const uint64_t len = (uint64_t)r.hi - (uint64_t)r.lo;
  if (b->ch_runs && !b->ch_closed && r.lo == b->ch_hi && len <= b->ch_c &&
      r.tid == (b->ch_t0 + b->ch_runs % b->p) % b->p) {
    b->ch_hi = r.hi;
    b->ch_runs++;
    b->ch_closed = len < b->ch_c;
    return;
  }
  chain_flush(b);
  b->ch_runs = 1;
  b->ch_lo = r.lo;
  b->ch_hi = r.hi;
  b->ch_c = len;
  b->ch_t0 = r.tid;
  b->ch_closed = false;
}

static void build_run(struct build *b, int64_t lo, int64_t hi, unsigned tid)
{
  if (b->have_run && b->run.hi == lo && b->run.tid == tid) {
    b->run.hi = hi;
    return;
  }
  if (b->have_run)
    chain_add(b, b->run);
  b->run = (struct jrun){lo, hi, tid};
  b->have_run = true;
}

static void build_finish(struct build *b)
{
  if (b->have_run)
    chain_add(b, b->run);
  chain_flush(b);
  close_dense(b);
  if (b->segs)
    b->segs = o2n_xrealloc(b->segs, b->nsegs * sizeof *b->segs);
}

/* The old map's runs and the fresh ones, in increasing order, into the builder.  The map keeps
   the first owner: a fresh run loses what an old one covers (another loop may have committed
   since the plan).  Holds the lock. */
static void commit_merge(struct build *b, struct mapsrc *old, struct fresh *fresh)
{
  struct jrun o, f;
  bool ho = mapsrc_next(old, &o), hf = fresh_next(fresh, &f);
  while (ho || hf) {
    if (ho && (!hf || o.lo <= f.lo)) {
      build_run(b, o.lo, o.hi, o.tid);
      while (hf && f.lo < o.hi) {
        if (f.hi > o.hi) {
          f.lo = o.hi;
          break;
        }
        hf = fresh_next(fresh, &f);
      }
      ho = mapsrc_next(old, &o);
    } else {
      const int64_t end = ho && o.lo < f.hi ? o.lo : f.hi;
      build_run(b, f.lo, end, f.tid);
      f.lo = end;
      if (f.lo == f.hi)
        hf = fresh_next(fresh, &f);
    }
  }
}

void o2n_affinity_commit(struct o2n_affinity_plan *plan, struct o2n_loop_thread *threads)
{
  struct o2n_affinity_map *map = plan->map;
  bool any = false;
  for (unsigned t = 0; t < plan->nthreads; t++)
    any |= threads[t].aff.nrec != 0;
  if (plan->record && any) {
    struct fresh fresh;
    fresh_init(&fresh, plan, threads);
    pthread_mutex_lock(&map->lock);
    /* Nothing if the map was reset since the plan, or another execution set another lattice
       meanwhile (two loops with the name recording at once: nowait, or the teams of two initial
       threads). */
    const bool same_epoch = map->epoch == plan->epoch;
    const bool empty = map->nthreads == 0;
    if (same_epoch && (empty || (map->origin == plan->origin && map->g == plan->g))) {
      if (empty) {
        map->nthreads = plan->nthreads;
        map->origin = plan->origin;
        map->g = plan->g;
      }
      struct mapsrc old = {map, 0, map->nsegs ? map->segs[0].lo : 0};
      struct build b = {.p = plan->nthreads};
      commit_merge(&b, &old, &fresh);
      build_finish(&b);
      segs_free(map->segs, map->nsegs);
      map->segs = b.segs;
      map->nsegs = b.nsegs;
    }
    pthread_mutex_unlock(&map->lock);
    fresh_free(&fresh);
  }
  if (plan->ndense) {
    pthread_mutex_lock(&map->lock);
    for (uint64_t i = 0; i < plan->ndense; i++)
      dense_drop(plan->dense[i].array);
    pthread_mutex_unlock(&map->lock);
  }
  for (unsigned t = 0; t < plan->nthreads; t++) {
    free(threads[t].aff.rec);
    threads[t].aff.rec = NULL;
    threads[t].aff.nrec = threads[t].aff.caprec = 0;
  }
  free(plan->first);
  free(plan->groups);
  free(plan->vstart);
  free(plan->dense);
  free(plan->gaps);
  free(plan);
}

int o2n_affinity_footprint(const char *name, size_t *nsegs, size_t *bytes, uint64_t *nvalues,
                           unsigned *nthreads)
{
  struct o2n_affinity *entry = o2n_affinity_lookup(name, false);
  if (!entry)
    return -1;
  *nsegs = *bytes = 0;
  *nvalues = 0;
  *nthreads = 0;
  pthread_mutex_lock(&entry->lock);
  for (struct o2n_affinity_map *map = entry->maps; map; map = map->next) {
    pthread_mutex_lock(&map->lock);
    *nsegs += map->nsegs;
    *bytes += map->nsegs * sizeof *map->segs;
    for (size_t s = 0; s < map->nsegs; s++) {
      const struct aff_seg *seg = &map->segs[s];
      if (seg->kind != AFF_DENSE) {
        *nvalues += (uint64_t)(seg->hi - seg->lo);
        continue;
      }
      *bytes += (size_t)(seg->hi - seg->lo) * sizeof seg->dense->tids[0];
      for (int64_t j = seg->lo; j < seg->hi; j++)
        *nvalues += seg->dense->tids[j - seg->lo] != AFF_NONE;
    }
    *nthreads = map->nthreads > *nthreads ? map->nthreads : *nthreads;
    pthread_mutex_unlock(&map->lock);
  }
  pthread_mutex_unlock(&entry->lock);
  return 0;
}

/* ------------------------------------------------------------------------------------------- */
/* API                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp2numa_affinity_reset(const char *name)
{
  if (!name) {
    errno = EINVAL;
    return -1;
  }
  o2n_init();
  struct o2n_affinity *entry = o2n_affinity_lookup(name, false);
  if (!entry) {
    errno = ENOENT;
    return -1;
  }
  o2n_affinity_forget(entry);
  return 0;
}
