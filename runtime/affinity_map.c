/*
 * affinity_map.c -- affinity(name): program-wide maps from loop-variable values to threads.
 *
 * DESIGN 3.2.  A name's map says, for every value it has recorded, the thread that ran it; loop.c
 * runs a loop with affinity(name) as a layer around its schedule: each thread first runs its
 * recorded values, in runs of consecutive iterations (o2n_affinity_plan computes them), then
 * asks the schedule for work among the unrecorded ones (the "residual" iterations), which it
 * records; the last thread to leave adds them to the map (o2n_affinity_commit).  Schedules never
 * see any of this: they distribute residual iterations 0..m-1 as if the loop had m iterations.
 *
 * Storage.  Values are kept as lattice indices j, value = origin + j * g, where origin and g
 * (|step|) are those of the loop that recorded first; a loop whose values are off that lattice
 * (another phase, or a step that is not a multiple of g) runs by its own schedule and adds
 * nothing.  The map is a sorted array of disjoint segments of j: a "uniform" segment is a run of
 * at least AFF_RUN_MIN indices on one thread (one 32-byte record, so at most 2 bytes per value);
 * shorter runs are packed into "dense" segments, one uint16_t thread number per index, with
 * AFF_NONE for the few unrecorded indices (fewer than AFF_HOLE_MAX in a row) that a dense segment
 * bridges.  A block map costs a few records in all, a cyclic one 2 bytes per value.
 *
 * Locks.  The name table has one lock (lookups are cached in the site's o2n_site_rt record, so a
 * site takes it once).  Each map has its own lock, taken once per execution by the first arriver
 * (to build the plan) and once by the last leaver (to commit): never by the loop's chunks.
 *
 * Epochs.  A team of another size, or omp2numa_affinity_reset, empties the map and bumps its
 * epoch; a plan built in an older epoch commits nothing, so a loop that was running meanwhile
 * never writes stale owners into the new map.
 */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Uniform segments are 32 bytes: a run of at least 16 indices costs at most 2 bytes a value. */
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

struct aff_seg {
  int64_t lo, hi;  /* lattice indices [lo, hi) */
  uint16_t *tids;  /* dense: hi - lo entries; NULL: uniform, all on tid */
  uint16_t tid;
};

struct o2n_affinity {
  struct o2n_affinity *next; /* the name table's list */
  char *name;
  pthread_mutex_t lock;      /* guards everything below */
  unsigned nthreads;         /* the team size it was recorded with; 0: empty */
  uint64_t epoch;
  int64_t origin;            /* lattice, valid while nthreads != 0 */
  uint64_t g;
  struct aff_seg *segs;
  size_t nsegs;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct o2n_affinity *table;

static void *aff_alloc(size_t size)
{
  void *p = malloc(size ? size : 1);
  if (!p)
    o2n_fatal("out of memory for an affinity map");
  return p;
}

static void *aff_realloc(void *p, size_t size)
{
  p = realloc(p, size ? size : 1);
  if (!p)
    o2n_fatal("out of memory for an affinity map");
  return p;
}

struct o2n_affinity *o2n_affinity_lookup(const char *name, bool create)
{
  pthread_mutex_lock(&table_lock);
  struct o2n_affinity *map = table;
  while (map && strcmp(map->name, name) != 0)
    map = map->next;
  if (!map && create) {
    map = aff_alloc(sizeof *map);
    memset(map, 0, sizeof *map);
    map->name = aff_alloc(strlen(name) + 1);
    strcpy(map->name, name);
    pthread_mutex_init(&map->lock, NULL);
    map->next = table;
    table = map;
  }
  pthread_mutex_unlock(&table_lock);
  return map;
}

/* Empties the map; the caller holds its lock. */
static void map_clear(struct o2n_affinity *map)
{
  for (size_t i = 0; i < map->nsegs; i++)
    free(map->segs[i].tids);
  free(map->segs);
  map->segs = NULL;
  map->nsegs = 0;
  map->nthreads = 0;
  map->epoch++;
}

void o2n_affinity_forget(struct o2n_affinity *map)
{
  pthread_mutex_lock(&map->lock);
  map_clear(map);
  pthread_mutex_unlock(&map->lock);
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

/*
 * Building a plan: a walk over the segments that the loop meets, in increasing k (segments in
 * increasing j when d > 0, decreasing when d < 0), that yields maximal runs of one thread.  It is
 * done twice under the map's lock: once to count each thread's runs and the gaps, once to fill
 * the arrays, so nothing is sorted and every array has its exact size.
 */
struct walk {
  struct o2n_affinity_plan *plan;
  bool fill;               /* second pass: write runs and gaps; first pass: count them */
  uint64_t *count;         /* first pass: runs per thread; second: next slot per thread */
  uint64_t ngaps;          /* gaps so far */
  uint64_t cursor;         /* end of the last run: where the next gap would start */
  uint64_t m;              /* residual iterations so far */
  uint64_t lo, hi;         /* the pending run, if lo < hi */
  unsigned tid;
};

static void walk_flush(struct walk *w)
{
  if (w->lo == w->hi)
    return;
  struct o2n_affinity_plan *plan = w->plan;
  if (w->lo > w->cursor) {
    if (w->fill)
      plan->gaps[w->ngaps] = (struct o2n_affinity_gap){w->cursor, w->lo, w->m};
    w->ngaps++;
    w->m += w->lo - w->cursor;
  }
  if (w->fill)
    plan->runs[w->count[w->tid]++] = (struct o2n_map_run){w->lo, w->hi};
  else
    w->count[w->tid]++;
  w->cursor = w->hi;
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

/* One pass over the segments that hold the loop's indices.  Holds the lock. */
static void plan_walk(const struct o2n_affinity *map, struct walk *w)
{
  const struct o2n_affinity_plan *plan = w->plan;
  const wide j0 = plan->j0, d = plan->d;
  w->ngaps = w->cursor = w->m = w->lo = w->hi = 0;
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
      if (!seg->tids) {
        if (ka < kb && seg->tid < plan->nthreads)
          walk_add(w, ka, kb, seg->tid);
        continue;
      }
      for (uint64_t k = ka; k < kb; k++) {
        const uint16_t tid = seg->tids[(int64_t)(j0 + (wide)k * d) - seg->lo];
        if (tid != AFF_NONE && tid < plan->nthreads)
          walk_add(w, k, k + 1, tid);
      }
    }
    walk_flush(w);
  }
  if (plan->n > w->cursor) {
    if (w->fill)
      plan->gaps[w->ngaps] = (struct o2n_affinity_gap){w->cursor, plan->n, w->m};
    w->ngaps++;
    w->m += plan->n - w->cursor;
  }
}

struct o2n_affinity_plan *o2n_affinity_plan(struct o2n_affinity *map, unsigned nthreads,
                                            uint64_t n, int64_t first, int64_t step)
{
  struct o2n_affinity_plan *plan = aff_alloc(sizeof *plan);
  memset(plan, 0, sizeof *plan);
  plan->map = map;
  plan->nthreads = nthreads;
  plan->n = n;
  plan->first = aff_alloc((nthreads + 1) * sizeof *plan->first);
  memset(plan->first, 0, (nthreads + 1) * sizeof *plan->first);
  uint64_t *count = aff_alloc(nthreads * sizeof *count);
  memset(count, 0, nthreads * sizeof *count);

  pthread_mutex_lock(&map->lock);
  if (map->nthreads != 0 && map->nthreads != nthreads)
    map_clear(map); /* recorded by another team size: re-record */
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
  struct walk w = {.plan = plan, .fill = false, .count = count};
  plan_walk(map, &w);
  /* Thread t's runs go to runs[first[t] .. first[t + 1]), in increasing order. */
  for (unsigned t = 0; t < nthreads; t++) {
    plan->first[t + 1] = plan->first[t] + count[t];
    count[t] = plan->first[t];
  }
  plan->runs = aff_alloc(plan->first[nthreads] * sizeof *plan->runs);
  plan->gaps = aff_alloc(w.ngaps * sizeof *plan->gaps);
  w.fill = true;
  plan_walk(map, &w);
  pthread_mutex_unlock(&map->lock);

  plan->ngaps = w.ngaps;
  plan->m = w.m;
  free(count);
  return plan;
}

/* ------------------------------------------------------------------------------------------- */
/* Commit: merging recorded runs into the map                                                  */
/* ------------------------------------------------------------------------------------------- */

/* A run of lattice indices [lo, hi) on one thread. */
struct jrun {
  int64_t lo, hi;
  unsigned tid;
};

struct jruns {
  struct jrun *v;
  size_t n, cap;
};

static void jruns_add(struct jruns *r, int64_t lo, int64_t hi, unsigned tid)
{
  if (lo >= hi)
    return;
  if (r->n && r->v[r->n - 1].hi == lo && r->v[r->n - 1].tid == tid) {
    r->v[r->n - 1].hi = hi;
    return;
  }
  if (r->n == r->cap) {
    r->cap = r->cap ? 2 * r->cap : 64;
    r->v = aff_realloc(r->v, r->cap * sizeof *r->v);
  }
  r->v[r->n++] = (struct jrun){lo, hi, tid};
}

static int jrun_cmp(const void *a, const void *b)
{
  const struct jrun *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The map's recorded runs, increasing.  Holds the lock. */
static void map_runs(const struct o2n_affinity *map, struct jruns *out)
{
  for (size_t s = 0; s < map->nsegs; s++) {
    const struct aff_seg *seg = &map->segs[s];
    if (!seg->tids) {
      jruns_add(out, seg->lo, seg->hi, seg->tid);
      continue;
    }
    for (int64_t j = seg->lo; j < seg->hi; j++)
      if (seg->tids[j - seg->lo] != AFF_NONE)
        jruns_add(out, j, j + 1, seg->tids[j - seg->lo]);
  }
}

/* Rebuilds the map's segments from increasing disjoint runs.  Holds the lock. */
static void map_build(struct o2n_affinity *map, const struct jruns *runs)
{
  struct aff_seg *segs = NULL;
  size_t nsegs = 0, cap = 0, dense_cap = 0;
  bool dense_open = false; /* segs[nsegs - 1] is a dense segment that may grow */
  for (size_t i = 0; i < runs->n; i++) {
    const struct jrun *r = &runs->v[i];
    const uint64_t len = (uint64_t)r->hi - (uint64_t)r->lo;
    struct aff_seg *last = nsegs ? &segs[nsegs - 1] : NULL;
    if (len < AFF_RUN_MIN && dense_open && (uint64_t)r->lo - (uint64_t)last->hi < AFF_HOLE_MAX) {
      /* A short run near the open dense segment: it grows, bridging the hole. */
      const size_t need = (size_t)((uint64_t)r->hi - (uint64_t)last->lo);
      if (need > dense_cap) {
        dense_cap = need > 2 * dense_cap ? need : 2 * dense_cap;
        last->tids = aff_realloc(last->tids, dense_cap * sizeof *last->tids);
      }
      for (int64_t j = last->hi; j < r->lo; j++)
        last->tids[j - last->lo] = AFF_NONE;
      for (int64_t j = r->lo; j < r->hi; j++)
        last->tids[j - last->lo] = (uint16_t)r->tid;
      last->hi = r->hi;
      continue;
    }
    if (dense_open) {
      /* It closes: give back the slack of its doubling. */
      last->tids = aff_realloc(last->tids, (size_t)(last->hi - last->lo) * sizeof *last->tids);
      dense_open = false;
    }
    if (len >= AFF_RUN_MIN && last && !last->tids && last->tid == r->tid && last->hi == r->lo) {
      last->hi = r->hi;
      continue;
    }
    if (nsegs == cap) {
      cap = cap ? 2 * cap : 16;
      segs = aff_realloc(segs, cap * sizeof *segs);
    }
    struct aff_seg *seg = &segs[nsegs++];
    *seg = (struct aff_seg){r->lo, r->hi, NULL, (uint16_t)r->tid};
    if (len < AFF_RUN_MIN) {
      dense_open = true;
      dense_cap = (size_t)len;
      seg->tids = aff_alloc(dense_cap * sizeof *seg->tids);
      for (uint64_t j = 0; j < len; j++)
        seg->tids[j] = (uint16_t)r->tid;
    }
  }
  if (dense_open && dense_cap > (size_t)(segs[nsegs - 1].hi - segs[nsegs - 1].lo))
    segs[nsegs - 1].tids = aff_realloc(segs[nsegs - 1].tids,
                                       (size_t)(segs[nsegs - 1].hi - segs[nsegs - 1].lo) *
                                           sizeof *segs[nsegs - 1].tids);
  for (size_t s = 0; s < map->nsegs; s++)
    free(map->segs[s].tids);
  free(map->segs);
  map->segs = segs ? aff_realloc(segs, nsegs * sizeof *segs) : NULL;
  map->nsegs = nsegs;
}

/* The lattice runs of the iterations the threads recorded, sorted. */
static void plan_recorded(const struct o2n_affinity_plan *plan,
                          const struct o2n_loop_thread *threads, struct jruns *out)
{
  const wide j0 = plan->j0, d = plan->d;
  size_t nrec = 0;
  for (unsigned t = 0; t < plan->nthreads; t++)
    nrec += threads[t].aff.nrec;
  if (nrec >= plan->n / 8) {
    /* Many short runs (a cyclic recording): write each iteration's thread into an array of the
       loop's n iterations and read the runs off it in order, rather than sorting them. */
    uint16_t *tid = aff_alloc(plan->n * sizeof *tid);
    for (uint64_t k = 0; k < plan->n; k++)
      tid[k] = AFF_NONE;
    for (unsigned t = 0; t < plan->nthreads; t++)
      for (size_t i = 0; i < threads[t].aff.nrec; i++)
        for (uint64_t k = threads[t].aff.rec[i].lo; k < threads[t].aff.rec[i].hi; k++)
          tid[k] = (uint16_t)t;
    for (uint64_t i = 0; i < plan->n; i++) {
      const uint64_t k = d > 0 ? i : plan->n - 1 - i; /* increasing j */
      if (tid[k] != AFF_NONE) {
        const int64_t j = (int64_t)(j0 + (wide)k * d);
        jruns_add(out, j, j + 1, tid[k]);
      }
    }
    free(tid);
    return;
  }
  for (unsigned t = 0; t < plan->nthreads; t++) {
    const struct o2n_affinity_thread *a = &threads[t].aff;
    for (size_t i = 0; i < a->nrec; i++) {
      const uint64_t ka = a->rec[i].lo, kb = a->rec[i].hi;
      if (d == 1)
        jruns_add(out, (int64_t)(j0 + ka), (int64_t)(j0 + kb), t);
      else if (d == -1)
        jruns_add(out, (int64_t)(j0 - (wide)kb + 1), (int64_t)(j0 - (wide)ka + 1), t);
      else
        for (uint64_t k = ka; k < kb; k++) {
          const int64_t j = (int64_t)(j0 + (wide)k * d);
          jruns_add(out, j, j + 1, t);
        }
    }
  }
  qsort(out->v, out->n, sizeof *out->v, jrun_cmp);
}

void o2n_affinity_commit(struct o2n_affinity_plan *plan, struct o2n_loop_thread *threads)
{
  struct o2n_affinity *map = plan->map;
  bool any = false;
  for (unsigned t = 0; t < plan->nthreads; t++)
    any |= threads[t].aff.nrec != 0;
  if (plan->record && any) {
    struct jruns fresh = {0}, old = {0}, all = {0};
    plan_recorded(plan, threads, &fresh);
    pthread_mutex_lock(&map->lock);
    /* Nothing if the map was reset or re-recorded since the plan, or another team set another
       lattice or team size meanwhile (two teams recording one name at once). */
    const bool same_epoch = map->epoch == plan->epoch;
    const bool empty = map->nthreads == 0;
    if (same_epoch && (empty || (map->origin == plan->origin && map->g == plan->g &&
                                 map->nthreads == plan->nthreads))) {
      if (empty) {
        map->nthreads = plan->nthreads;
        map->origin = plan->origin;
        map->g = plan->g;
      }
      map_runs(map, &old);
      /* The map keeps the first owner: fresh runs minus what is recorded already. */
      size_t e = 0;
      for (size_t i = 0; i < fresh.n; i++) {
        const struct jrun *r = &fresh.v[i];
        while (e < old.n && old.v[e].hi <= r->lo)
          e++;
        int64_t cur = r->lo;
        for (size_t x = e; x < old.n && old.v[x].lo < r->hi; x++) {
          if (old.v[x].lo > cur)
            jruns_add(&all, cur, old.v[x].lo, r->tid);
          if (old.v[x].hi > cur)
            cur = old.v[x].hi;
        }
        if (cur < r->hi)
          jruns_add(&all, cur, r->hi, r->tid);
      }
      if (all.n) {
        /* Merge the two sorted disjoint lists; jruns_add joins touching runs of one thread. */
        struct jruns merged = {0};
        size_t a = 0, b = 0;
        while (a < all.n || b < old.n) {
          const struct jrun *r =
              b == old.n || (a < all.n && all.v[a].lo < old.v[b].lo) ? &all.v[a++] : &old.v[b++];
          jruns_add(&merged, r->lo, r->hi, r->tid);
        }
        map_build(map, &merged);
        free(merged.v);
      }
    }
    pthread_mutex_unlock(&map->lock);
    free(fresh.v);
    free(old.v);
    free(all.v);
  }
  for (unsigned t = 0; t < plan->nthreads; t++) {
    free(threads[t].aff.rec);
    threads[t].aff.rec = NULL;
    threads[t].aff.nrec = threads[t].aff.caprec = 0;
  }
  free(plan->first);
  free(plan->runs);
  free(plan->gaps);
  free(plan);
}

int o2n_affinity_footprint(const char *name, size_t *nsegs, size_t *bytes, uint64_t *nvalues,
                           unsigned *nthreads)
{
  struct o2n_affinity *map = o2n_affinity_lookup(name, false);
  if (!map)
    return -1;
  pthread_mutex_lock(&map->lock);
  *nsegs = map->nsegs;
  *bytes = map->nsegs * sizeof *map->segs;
  *nvalues = 0;
  for (size_t s = 0; s < map->nsegs; s++) {
    const struct aff_seg *seg = &map->segs[s];
    if (!seg->tids) {
      *nvalues += (uint64_t)(seg->hi - seg->lo);
      continue;
    }
    *bytes += (size_t)(seg->hi - seg->lo) * sizeof *seg->tids;
    for (int64_t j = seg->lo; j < seg->hi; j++)
      *nvalues += seg->tids[j - seg->lo] != AFF_NONE;
  }
  *nthreads = map->nthreads;
  pthread_mutex_unlock(&map->lock);
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
  struct o2n_affinity *map = o2n_affinity_lookup(name, false);
  if (!map) {
    errno = ENOENT;
    return -1;
  }
  o2n_affinity_forget(map);
  return 0;
}
