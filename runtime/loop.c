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
  struct o2n_site_rt *fresh = o2n_xcalloc(1, sizeof *fresh);
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

static void aff_init(struct o2n_loop *loop, struct o2n_affinity *map, int64_t first,
                     int64_t step);

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
    aff_init(loop, site_affinity(site), args->first, args->step);
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
/* The affinity layer (affinity(name)): each thread first runs its mapped iterations, then asks */
/* the schedule for residual iterations (those the map does not place, numbered 0..m-1), maps  */
/* them back to logical iterations through the plan's gaps, and records them for the commit.   */
/* Under schedule(adaptive), the mapped iterations are also stolen: each thread's part of the  */
/* plan's virtual space is its initial range of kind O2N_RANGE_MAPPED, and adaptive's protocol */
/* runs over those ranges as over its own; a thread steals mapped iterations only once the     */
/* residual ones are all gone.  Stolen values are not recorded: the map keeps the first owner. */
/* ------------------------------------------------------------------------------------------- */

/* Whether the loop's mapped iterations may be stolen. */
static bool aff_steals(const struct o2n_loop *loop)
{
  return loop->sched->ops == &o2n_sched_adaptive;
}

/* Points the thread's cursor at the first run of group grp. */
static void aff_group(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
                      uint64_t grp)
{
  const struct o2n_aff_group *g = &plan->groups[grp];
  a->grp = grp;
  a->k = g->lo;
  a->run_left = a->len = g->len;
  a->runs_left = g->count;
  a->stride = g->stride;
}

/* Points the thread's cursor at the virtual chunk [vlo, vhi), vlo < vhi, which lies in one
   thread's part of the virtual space: finds vlo's group (binary search) and logical iteration. */
static void aff_seek(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
                     uint64_t vlo, uint64_t vhi)
{
  /* The last group that starts at or before vlo (groups are never empty). */
  uint64_t g_lo = 0, g_hi = plan->first[plan->nthreads];
  while (g_hi - g_lo > 1) {
    const uint64_t mid = g_lo + (g_hi - g_lo) / 2;
    if (plan->vstart[mid] <= vlo)
      g_lo = mid;
    else
      g_hi = mid;
  }
  aff_group(plan, a, g_lo);
  const uint64_t off = vlo - plan->vstart[g_lo], run = off / a->len, pos = off % a->len;
  a->k += run * a->stride + pos;
  a->run_left -= pos;
  a->runs_left -= run;
  a->left = vhi - vlo;
}

/* The loop's plan and every thread's affinity state, by the first arriver (before the
   schedule's init: the schedule distributes only the iterations the map does not place).
   Without stealing, each thread's cursor covers its whole part of the virtual space and it scans
   the dense pieces itself; with it, that part is its initial range, and the plan has no dense
   pieces (every mapped iteration must be in a range to be stolen). */
static void aff_init(struct o2n_loop *loop, struct o2n_affinity *map, int64_t first,
                     int64_t step)
{
  const bool steals = aff_steals(loop);
  struct o2n_affinity_plan *plan =
      o2n_affinity_plan(map, loop->nthreads, loop->n, first, step, !steals);
  loop->aff = plan;
  loop->n = plan->m;
  for (unsigned t = 0; t < loop->nthreads; t++) {
    struct o2n_affinity_thread *a = &loop->threads[t].aff;
    *a = (struct o2n_affinity_thread){0};
    const uint64_t vlo = plan->vstart[plan->first[t]], vhi = plan->vstart[plan->first[t + 1]];
    if (steals)
      o2n_range_init(&loop->threads[t].range[O2N_RANGE_MAPPED], vlo, vhi);
    else if (vlo < vhi)
      aff_seek(plan, a, vlo, vhi);
  }
}

/* Hands out the next piece of the cursor's virtual chunk, which is not empty: what is left of the
   current run, cut at the chunk's end, then moves to the group's next run or the next group.
   No atomics, no search; the plan is read only to enter a new group. */
static inline void aff_piece(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
                             uint64_t *lo, uint64_t *hi)
{
  const uint64_t k = a->k, run_left = a->run_left, left = a->left;
  if (__builtin_expect(run_left == a->len && run_left <= left && a->runs_left > 1, 1)) {
    /* The usual case: a whole run, then the group's next run.  k, which each call reads back
       from the previous call's store, goes through one addition only. */
    *lo = k;
    *hi = k + run_left;
    a->left = left - run_left;
    a->runs_left--;
    a->k = k + a->stride;
    return;
  }
  /* The chunk ends in the run, or the run was entered in its middle (a chunk of the virtual
     space), or it is the group's last (then the chunk's next piece, if any, is in the next
     group). */
  const uint64_t len = run_left < left ? run_left : left;
  a->left = left - len;
  if (len < run_left) {
    a->k = k + len;
    a->run_left = run_left - len;
  } else if (a->runs_left > 1) {
    a->runs_left--;
    a->k = k + len - a->len + a->stride;
    a->run_left = a->len;
  } else if (left > len) {
    aff_group(plan, a, a->grp + 1);
  }
  *lo = k;
  *hi = k + len;
}

/* The thread's next run in the dense pieces: scans on from where it stopped for entries that
   name it.  Every thread reads every entry, in parallel with the others; that costs less than
   one thread cutting them into everybody's runs while the others wait. */
static bool aff_scan(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
                     unsigned tid, uint64_t *lo, uint64_t *hi)
{
  for (; a->dense < plan->ndense; a->dense++) {
    const struct o2n_aff_dense *piece = &plan->dense[a->dense];
    const int64_t stride = piece->stride;
    /* dk is at most the piece's start until the thread has found something in it. */
    uint64_t k = a->dk > piece->lo ? a->dk : piece->lo;
    const uint16_t *e = piece->tids + (int64_t)(k - piece->lo) * stride;
    while (k < piece->hi && *e != tid) {
      k++;
      e += stride;
    }
    if (k < piece->hi) {
      uint64_t end = k + 1;
      for (e += stride; end < piece->hi && *e == tid; e += stride)
        end++;
      *lo = k;
      *hi = a->dk = end;
      return true;
    }
  }
  return false;
}

/* Appends residual iterations [lo, hi) to the thread's record: its last group's single run grows
   when they touch, the group gets one more run when they repeat its stride (so a block-cyclic
   schedule records one group per thread), else a group starts. */
static void aff_record(struct o2n_affinity_thread *a, uint64_t lo, uint64_t hi)
{
  if (a->nrec) {
    struct o2n_aff_group *g = &a->rec[a->nrec - 1];
    const uint64_t last = g->lo + (g->count - 1) * g->stride; /* its last run */
    if (g->count == 1 && last + g->len == lo) {
      g->len += hi - lo;
      g->stride = g->len;
      return;
    }
    if (hi - lo == g->len && lo > last + g->len && (g->count == 1 || lo - last == g->stride)) {
      g->stride = lo - last;
      g->count++;
      return;
    }
    /* The commit sorts the runs of a thread that went back (adaptive steals). */
    a->rec_unsorted |= lo < last + g->len;
  }
  if (a->nrec == a->caprec) {
    a->caprec = a->caprec ? 2 * a->caprec : 16;
    a->rec = o2n_xrealloc(a->rec, a->caprec * sizeof *a->rec);
  }
  a->rec[a->nrec++] = (struct o2n_aff_group){lo, hi - lo, hi - lo, 1};
}

/* The thread's next residual piece: the rest of the schedule's last chunk, or a new chunk (one
   binary search over the gaps), cut where a gap ends; recorded for the commit.  False once the
   schedule has no more for the thread. */
static bool aff_residual(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  const struct o2n_affinity_plan *plan = loop->aff;
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  if (a->rlo == a->rhi) {
    uint64_t rlo, rhi;
    if (a->residual_done || !loop->sched->ops->next(loop, tid, &rlo, &rhi)) {
      a->residual_done = true;
      return false;
    }
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

/* Once the cursor's virtual chunk is used up: under adaptive, the next chunk of the thread's own
   mapped range, else its runs in the dense pieces; then residual pieces; then, under adaptive,
   mapped iterations stolen from another thread (the rest of what it steals becomes its own
   range). */
static __attribute__((noinline)) bool aff_next_slow(struct o2n_loop *loop, unsigned tid,
                                                    uint64_t *lo, uint64_t *hi)
{
  const struct o2n_affinity_plan *plan = loop->aff;
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  const bool steals = aff_steals(loop);
  uint64_t vlo, vhi;
  if (steals && !a->own_done) {
    if (o2n_range_take(loop, tid, O2N_RANGE_MAPPED, &vlo, &vhi)) {
      aff_seek(plan, a, vlo, vhi);
      aff_piece(plan, a, lo, hi);
      return true;
    }
    a->own_done = true;
  }
  if (aff_scan(plan, a, tid, lo, hi) || aff_residual(loop, tid, lo, hi))
    return true;
  if (steals && o2n_range_steal(loop, tid, O2N_RANGE_MAPPED, &vlo, &vhi)) {
    a->own_done = false;
    aff_seek(plan, a, vlo, vhi);
    aff_piece(plan, a, lo, hi);
    return true;
  }
  return false;
}

/*
 * Thread tid's next chunk of an affinity loop, as ops->next's contract says: true and [*lo, *hi)
 * in logical space, or false when it gets no more work.  A mapped piece costs no atomic and no
 * lookup, unless adaptive's protocol hands out a new chunk of the virtual space; a residual
 * chunk costs the schedule's next and one binary search over the gaps.  Touches the plan
 * (read-only, published with the loop), the thread's own private state and, under adaptive,
 * the ranges as sched_adaptive.c says.
 */
static inline bool aff_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  if (__builtin_expect(a->left != 0, 1)) {
    aff_piece(loop->aff, a, lo, hi);
    return true;
  }
  return aff_next_slow(loop, tid, lo, hi);
}

/* The next chunk (affinity layer or schedule), counted. */
static __attribute__((noinline)) bool stats_next(struct o2n_loop *loop, unsigned tid,
                                                 uint64_t *lo, uint64_t *hi)
{
  const bool got = loop->aff ? aff_next(loop, tid, lo, hi)
                             : loop->sched->ops->next(loop, tid, lo, hi);
  stats_chunk(&loop->threads[tid], got, *lo, *hi);
  return got;
}

/* The next chunk of a loop with affinity(name), which is never ordered (loop_init refuses
   that).  Reached by a tail call, with the layer's usual path inlined: a mapped piece of one
   iteration costs a few cycles, so a call and a frame more are measurable. */
static __attribute__((noinline)) int aff_loop_next(struct o2n_loop *loop, unsigned tid,
                                                   uint64_t *lo, uint64_t *hi)
{
  return __builtin_expect(loop->stats != NULL, 0) ? stats_next(loop, tid, lo, hi)
                                                  : aff_next(loop, tid, lo, hi);
}

static int loop_next(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop *loop = &self->ws->loop;
  if (__builtin_expect(loop->aff != NULL, 0))
    return aff_loop_next(loop, self->tid, lo, hi);
  /* Tested before the call, so that the usual path keeps nothing live across it. */
  const int got = __builtin_expect(loop->stats != NULL, 0)
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
