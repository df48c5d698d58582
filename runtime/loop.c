/*
 * loop.c -- worksharing loops: the work-share ring, schedule resolution, and the loop ABI.
 *
 * The first thread of the team to reach a loop initialises it in the next work-share slot; the
 * others find it initialised; the last one to leave frees the slot for the construct that will
 * use it O2N_WS_RING constructs later (see struct o2n_ws).  Schedules (sched_*.c) only compute
 * chunks of the logical iteration space 0..n-1.
 *
 * Chunk argument: the ABI passes the schedule clause's chunk as an int64_t, 0 when the clause has
 * none.  A negative value is the program's error and stops it with the loop's file:line; a
 * positive one is the chunk size (for static, dynamic and guided as OpenMP defines it).  The
 * translator passes the user's expression unchanged, so schedule(dynamic, 0) cannot be told from
 * schedule(dynamic) here: both get the kind's default.
 *
 * affinity(name) is a layer here, around the schedule's next (the "affinity layer" below); the
 * schedules never know about it.  affinity_map.c keeps the maps.
 */
#include "internal.h"

#include <inttypes.h>
#include <stdlib.h>

/* States of a work-share slot, in the low two bits of its seq value (above them: the construct
   number modulo 2^29, which is enough because a slot only ever holds construct k or k - RING). */
enum { WS_FREE = 0, WS_INIT = 1, WS_READY = 2 };

static uint32_t ws_seq(uint64_t construct, unsigned state)
{
  return (uint32_t)((construct << 2) | state) & O2N_FUTEX_VALUE_MASK;
}

/* Picks the loop's schedule and chunk size; stops the program when they are invalid. */
static const struct o2n_sched *loop_schedule(const struct __omp2numa_loop_site *site,
                                             const struct o2n_icv *icv, uint64_t n,
                                             unsigned nthreads, int64_t *chunk)
{
  int kind = site->kind;
  /* OpenMP: the monotonic modifier, or an ordered clause, makes the loop monotonic. */
  bool monotonic = site->flags & (__OMP2NUMA_LOOP_MONOTONIC | __OMP2NUMA_LOOP_ORDERED);
  if (kind == __OMP2NUMA_SCHED_RUNTIME) {
    kind = icv->run_sched;
    *chunk = icv->run_chunk;
    monotonic |= icv->run_monotonic;
  }
  else if ((site->flags & __OMP2NUMA_LOOP_CHUNK) && *chunk <= 0)
    o2n_fatal_at(site->file, site->line, "the schedule's chunk size (%" PRId64
                 ") must be positive", *chunk);
  const struct o2n_sched *sched =
      o2n_sched_by_kind(o2n_sched_resolve(kind, monotonic, n, nthreads, chunk));
  if (!sched)
    o2n_fatal_at(site->file, site->line, "unknown schedule kind %d", kind);
  if (!sched->ops)
    o2n_fatal_at(site->file, site->line, "schedule '%s' is not implemented yet", sched->name);
  return sched;
}

struct o2n_site_rt *o2n_site_rt(const struct __omp2numa_loop_site *site)
{
  /* The emitted site structs are writable (only the runtime writes their __rt). */
  void **slot = &((struct __omp2numa_loop_site *)site)->__rt;
  /* Acquire: a record published by another thread comes initialised. */
  struct o2n_site_rt *rt = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (__builtin_expect(rt != NULL, 1))
    return rt;
  struct o2n_site_rt *fresh = calloc(1, sizeof *fresh);
  if (!fresh)
    o2n_fatal("out of memory for a loop site");
  void *expected = NULL;
  /* Release on success: publishes the zeroed record; acquire on failure: the winner's. */
  if (!__atomic_compare_exchange_n(slot, &expected, fresh, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE)) {
    free(fresh);
    return expected;
  }
  return fresh;
}

/* The map of the site's affinity name, looked up once per site and cached in its record. */
static struct o2n_affinity *site_affinity(const struct __omp2numa_loop_site *site)
{
  _Atomic(struct o2n_affinity *) *slot = &o2n_site_rt(site)->affinity;
  struct o2n_affinity *map = atomic_load_explicit(slot, memory_order_acquire);
  if (!map) {
    /* Every thread that gets here finds the same map (the name table's lock orders them). */
    map = o2n_affinity_lookup(site->affinity, true);
    atomic_store_explicit(slot, map, memory_order_release);
  }
  return map;
}

/* The arguments of __omp2numa_loop_start(_affinity), for loop_init. */
struct loop_args {
  const struct __omp2numa_loop_site *site;
  uint64_t n;
  int64_t chunk;
  const void *map;
  bool affinity;       /* key the site's affinity map by first + k * step */
  int64_t first, step;
};

/* Initialises the loop in slot ws (the first arriver only; an o2n_ws_init_fn). */
static void loop_init(struct o2n_ws *ws, struct o2n_thread *self, void *arg)
{
  const struct loop_args *args = arg;
  const struct __omp2numa_loop_site *site = args->site;
  const uint64_t n = args->n;
  int64_t chunk = args->chunk;
  const void *map = args->map;
  struct o2n_team *team = self->team;
  struct o2n_loop *loop = &ws->loop;
  ws->kind = O2N_WS_LOOP;
  loop->sched = loop_schedule(site, &self->icv, n, team->nthreads, &chunk);
  loop->n = n;
  loop->chunk = (uint64_t)chunk;
  loop->nthreads = team->nthreads;
  loop->site = site;
  loop->map = map;
  loop->aff = NULL;
  if (args->affinity) {
    if (site->flags & __OMP2NUMA_LOOP_ORDERED)
      o2n_fatal_at(site->file, site->line, "affinity(%s) cannot be combined with ordered",
                   site->affinity);
    if (args->step == 0 && n > 0)
      o2n_fatal_at(site->file, site->line, "affinity(%s): the loop's step is 0",
                   site->affinity);
    /* The schedule distributes only the iterations the map does not place. */
    struct o2n_affinity_plan *plan =
        o2n_affinity_plan(site_affinity(site), team->nthreads, n, args->first, args->step);
    loop->aff = plan;
    loop->n = plan->m;
    for (unsigned t = 0; t < team->nthreads; t++)
      loop->threads[t].aff = (struct o2n_affinity_thread){
          .run = plan->first[t], .run_end = plan->first[t + 1]};
  }
  /* Statistics: the first loop of the program reads OMP2NUMA_STATS. */
  o2n_stats_init();
  loop->stats = o2n_stats_enabled ? o2n_stats_site(site) : NULL;
  if (loop->stats)
    o2n_stats_execution(loop->stats, loop->sched);
  loop->sched->ops->init(loop, team);
}

/* Enters the calling thread's next worksharing construct: waits until its slot is free, and
   initialises it if this thread arrives first.  Returns the slot, READY. */
struct o2n_ws *o2n_ws_enter(struct o2n_thread *self, o2n_ws_init_fn *init, void *arg)
{
  struct o2n_team *team = self->team;
  const uint64_t construct = self->ws_count++;
  struct o2n_ws *ws = &team->ws[construct % O2N_WS_RING];
  const uint32_t free_seq = ws_seq(construct, WS_FREE), ready_seq = ws_seq(construct, WS_READY);
  /* Acquire: a READY value comes with the initialised loop. */
  uint32_t seq = o2n_futex_value(&ws->seq, memory_order_acquire);
  for (;;) {
    if (seq == ready_seq)
      return ws;
    /* The CAS acquires the previous construct's release of the slot, so its last users are done
       with the loop before we overwrite it. */
    if (seq == free_seq && o2n_futex_cas(&ws->seq, free_seq, ws_seq(construct, WS_INIT))) {
      /* Published with the slot by the READY store.  Nobody waits on the futexes of a free
         slot, so plain resets are safe. */
      atomic_store_explicit(&ws->left, team->nthreads, memory_order_relaxed);
      atomic_store_explicit(&ws->ordered.word, 0, memory_order_relaxed);
      atomic_store_explicit(&ws->copied.word, 0, memory_order_relaxed);
      init(ws, self, arg);
      /* Release: publishes the loop to the threads that read READY. */
      o2n_futex_store(&ws->seq, ready_seq);
      return ws;
    }
    /* The previous construct still holds the slot (this thread ran ahead through nowait loops),
       or another thread is initialising it. */
    seq = o2n_futex_wait(&ws->seq, seq, team->spins);
  }
}

/* Leaves the calling thread's current construct; the last thread out frees the slot. */
void o2n_ws_leave(struct o2n_thread *self)
{
  struct o2n_ws *ws = self->ws;
  self->ws = NULL;
  /* acq_rel: every leaver releases its use of the loop; the last one acquires them all (the
     decrements form one release sequence), so fini and the next initialiser come after them. */
  if (atomic_fetch_sub_explicit(&ws->left, 1, memory_order_acq_rel) == 1) {
    if (ws->kind == O2N_WS_LOOP && ws->loop.sched->ops->fini)
      ws->loop.sched->ops->fini(&ws->loop);
    /* The last leaver has acquired every thread's records (above). */
    if (ws->kind == O2N_WS_LOOP && ws->loop.aff) {
      o2n_affinity_commit(ws->loop.aff, ws->loop.threads);
      ws->loop.aff = NULL;
    }
    /* Release: hands the slot to the construct O2N_WS_RING later. */
    o2n_futex_store(&ws->seq, ws_seq(self->ws_count - 1 + O2N_WS_RING, WS_FREE));
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Statistics (OMP2NUMA_STATS): each thread counts in its own loop state, a cache line that no  */
/* other thread writes, and adds its counts to the site's record when it leaves the loop.       */
/* ------------------------------------------------------------------------------------------- */

static void stats_enter(struct o2n_loop_thread *t)
{
  t->stats = (struct o2n_loop_stats){.start_ns = o2n_stats_now()};
}

static void stats_chunk(struct o2n_loop_thread *t, bool got, uint64_t lo, uint64_t hi)
{
  if (got) {
    t->stats.chunks++;
    t->stats.iterations += hi - lo;
  } else {
    t->stats.busy_ns = o2n_stats_now() - t->stats.start_ns;
  }
}

/* Leaves the loop (o2n_ws_leave), then, for __omp2numa_loop_end, waits in the team's barrier and
   counts that time.  The thread's counts are copied first: the slot may be reused as soon as the
   last thread has left it. */
static void stats_leave(struct o2n_thread *self, bool barrier)
{
  const struct o2n_loop *loop = &self->ws->loop;
  struct o2n_stats_site *stats = loop->stats;
  const struct o2n_loop_stats counts = loop->threads[self->tid].stats;
  o2n_ws_leave(self);
  uint64_t wait_ns = 0;
  if (barrier) {
    const uint64_t start = o2n_stats_now();
    o2n_team_barrier(self);
    wait_ns = o2n_stats_now() - start;
  }
  o2n_stats_add(stats, self->tid, self->domain, &counts, wait_ns);
}

/* ------------------------------------------------------------------------------------------- */
/* The affinity layer (affinity(name)): each thread first runs its mapped runs, then asks the  */
/* schedule for residual iterations (those the map does not place, numbered 0..m-1), maps them */
/* back to logical iterations through the plan's gaps, and records them for the commit.        */
/* ------------------------------------------------------------------------------------------- */

/* Appends [lo, hi) to the thread's record, extending its last run when they touch. */
static void aff_record(struct o2n_affinity_thread *a, uint64_t lo, uint64_t hi)
{
  if (a->nrec && a->rec[a->nrec - 1].hi == lo) {
    a->rec[a->nrec - 1].hi = hi;
    return;
  }
  if (a->nrec == a->caprec) {
    a->caprec = a->caprec ? 2 * a->caprec : 16;
    a->rec = realloc(a->rec, a->caprec * sizeof *a->rec);
    if (!a->rec)
      o2n_fatal("out of memory for an affinity map");
  }
  a->rec[a->nrec++] = (struct o2n_map_run){lo, hi};
}

/*
 * Thread tid's next chunk of an affinity loop, as ops->next's contract says: true and [*lo, *hi)
 * in logical space, or false when it gets no more work.  A mapped run costs no atomic and no
 * lookup; a residual chunk costs the schedule's next and one binary search over the gaps, and is
 * cut where a gap ends (the pieces are handed out by later calls).  Touches the plan (read-only,
 * published with the loop) and the thread's own private state only.
 */
static bool aff_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  const struct o2n_affinity_plan *plan = loop->aff;
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  if (a->run < a->run_end) {
    *lo = plan->runs[a->run].lo;
    *hi = plan->runs[a->run].hi;
    a->run++;
    return true;
  }
  if (a->rlo == a->rhi) {
    uint64_t rlo, rhi;
    if (!loop->sched->ops->next(loop, tid, &rlo, &rhi))
      return false;
    /* The last gap that starts at or before residual iteration rlo. */
    uint64_t g_lo = 0, g_hi = plan->ngaps;
    while (g_hi - g_lo > 1) {
      const uint64_t mid = g_lo + (g_hi - g_lo) / 2;
      if (plan->gaps[mid].residual <= rlo)
        g_lo = mid;
      else
        g_hi = mid;
    }
    a->gap = g_lo;
    a->rlo = rlo;
    a->rhi = rhi;
  }
  const struct o2n_affinity_gap *gap = &plan->gaps[a->gap];
  const uint64_t k = gap->lo + (a->rlo - gap->residual);
  const uint64_t len = a->rhi - a->rlo < gap->hi - k ? a->rhi - a->rlo : gap->hi - k;
  *lo = k;
  *hi = k + len;
  a->rlo += len;
  a->gap++; /* where rlo now is, if anything of the chunk is left */
  if (plan->record)
    aff_record(a, *lo, *hi);
  return true;
}

/* ops->next, counted. */
static __attribute__((noinline)) bool stats_next(struct o2n_loop *loop, unsigned tid,
                                                 uint64_t *lo, uint64_t *hi)
{
  const bool got = loop->sched->ops->next(loop, tid, lo, hi);
  stats_chunk(&loop->threads[tid], got, *lo, *hi);
  return got;
}

/* The affinity layer, counted. */
static __attribute__((noinline)) bool aff_next_counted(struct o2n_loop *loop, unsigned tid,
                                                       uint64_t *lo, uint64_t *hi)
{
  const bool got = aff_next(loop, tid, lo, hi);
  if (loop->stats)
    stats_chunk(&loop->threads[tid], got, *lo, *hi);
  return got;
}

static int loop_next(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop *loop = &self->ws->loop;
  /* Tested before the call, so that the usual path keeps nothing live across it. */
  const int got = __builtin_expect(loop->aff != NULL, 0)
                      ? aff_next_counted(loop, self->tid, lo, hi)
                  : __builtin_expect(loop->stats != NULL, 0)
                      ? stats_next(loop, self->tid, lo, hi)
                      : loop->sched->ops->next(loop, self->tid, lo, hi);
  /* ordered.c counts the iterations of the chunk from its first. */
  if (__builtin_expect(got && (loop->site->flags & __OMP2NUMA_LOOP_ORDERED), 0)) {
    self->ordered_iter = *lo;
    self->ordered_done = false;
  }
  return got;
}

static struct o2n_thread *self_in_loop(const char *entry)
{
  struct o2n_thread *self = o2n_self();
  if (!self->ws)
    o2n_fatal("%s called outside a worksharing loop", entry);
  return self;
}

/* ------------------------------------------------------------------------------------------- */
/* ABI                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI int __omp2numa_loop_start(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                                  const void *map, uint64_t *lo, uint64_t *hi)
{
  struct o2n_thread *self = o2n_self();
  if (self->ws)
    o2n_fatal_at(site->file, site->line,
                 "worksharing loop nested in another worksharing loop of the same team");
  /* A site with a name keys its map by logical iteration when it comes without its bounds. */
  struct loop_args args = {site, n, chunk, map, site->affinity != NULL, 0, 1};
  self->ws = o2n_ws_enter(self, loop_init, &args);
  if (__builtin_expect(self->ws->loop.stats != NULL, 0))
    stats_enter(&self->ws->loop.threads[self->tid]);
  return loop_next(self, lo, hi);
}

O2N_ABI int __omp2numa_loop_start_affinity(struct __omp2numa_loop_site *site, uint64_t n,
                                           int64_t chunk, const void *map, int64_t first_value,
                                           int64_t step, uint64_t *lo, uint64_t *hi)
{
  struct o2n_thread *self = o2n_self();
  if (self->ws)
    o2n_fatal_at(site->file, site->line,
                 "worksharing loop nested in another worksharing loop of the same team");
  struct loop_args args = {site, n, chunk, map, site->affinity != NULL, first_value, step};
  self->ws = o2n_ws_enter(self, loop_init, &args);
  if (__builtin_expect(self->ws->loop.stats != NULL, 0))
    stats_enter(&self->ws->loop.threads[self->tid]);
  return loop_next(self, lo, hi);
}

O2N_ABI int __omp2numa_loop_next(uint64_t *lo, uint64_t *hi)
{
  return loop_next(self_in_loop("__omp2numa_loop_next"), lo, hi);
}

O2N_ABI void __omp2numa_loop_end(void)
{
  struct o2n_thread *self = self_in_loop("__omp2numa_loop_end");
  if (__builtin_expect(self->ws->loop.stats != NULL, 0)) {
    stats_leave(self, true);
    return;
  }
  o2n_ws_leave(self);
  o2n_team_barrier(self);
}

O2N_ABI void __omp2numa_loop_end_nowait(void)
{
  struct o2n_thread *self = self_in_loop("__omp2numa_loop_end_nowait");
  if (__builtin_expect(self->ws->loop.stats != NULL, 0)) {
    stats_leave(self, false);
    return;
  }
  o2n_ws_leave(self);
}
