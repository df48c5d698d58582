/*
 * loop_affinity.c -- the affinity layer: how a loop with affinity(name) hands out its chunks.
 *
 * The layer sits around the schedule's next; the schedules never know about it (DESIGN 3.2).
 * Each thread first runs its mapped iterations, then asks the schedule for residual iterations
 * (those the map does not place, numbered 0..m-1), maps them back to logical iterations through
 * the plan's gaps, and records them for the commit.  Under schedule(adaptive), the mapped
 * iterations are also stolen: each thread's part of the plan's virtual space is its initial
 * range of kind O2N_RANGE_MAPPED, and adaptive's protocol runs over those ranges as over its own;
 * a thread steals mapped iterations only once the residual ones are all gone.  Stolen values are
 * not recorded: the map keeps the first owner.
 *
 * affinity_map.c keeps the maps, builds each execution's plan (struct o2n_affinity_plan) and
 * commits what the threads recorded.  The functions here are the layer's, named layer_*.
 */
#include "internal.h"

/* The site's affinity name, looked up once per site and cached in its record. */
static struct o2n_affinity *layer_map(const struct __omp2numa_loop_site *site)
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

/* Whether the loop's mapped iterations may be stolen. */
static bool layer_steals(const struct o2n_loop *loop)
{
  return loop->sched->ops == &o2n_sched_adaptive;
}

/* Points the thread's cursor at the first run of group grp. */
static void layer_group(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
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
static void layer_seek(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
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
  layer_group(plan, a, g_lo);
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
void o2n_loop_affinity_init(struct o2n_loop *loop, int64_t first, int64_t step)
{
  const struct __omp2numa_loop_site *site = loop->site;
  if (site->flags & __OMP2NUMA_LOOP_ORDERED)
    o2n_fatal_at(site->file, site->line, "affinity(%s) cannot be combined with ordered",
                 site->affinity);
  if (step == 0 && loop->n > 0)
    o2n_fatal_at(site->file, site->line, "affinity(%s): the loop's step is 0", site->affinity);
  const bool steals = layer_steals(loop);
  struct o2n_affinity_plan *plan =
      o2n_affinity_plan(layer_map(site), o2n_self()->team, loop->n, first, step, !steals);
  loop->aff = plan;
  /* genblock's sizes and indirect's entries describe the whole loop: they distribute the loop
     that records the map.  Once the map places some values, the values it leaves run static. */
  const int kind = loop->sched->kind;
  if (plan->m != loop->n &&
      (kind == __OMP2NUMA_SCHED_GENBLOCK || kind == __OMP2NUMA_SCHED_INDIRECT))
    loop->sched = o2n_sched_by_kind(__OMP2NUMA_SCHED_STATIC);
  loop->n = plan->m;
  for (unsigned t = 0; t < loop->nthreads; t++) {
    struct o2n_affinity_thread *a = &loop->threads[t].aff;
    *a = (struct o2n_affinity_thread){0};
    const uint64_t vlo = plan->vstart[plan->first[t]], vhi = plan->vstart[plan->first[t + 1]];
    if (steals)
      o2n_range_init(&loop->threads[t].range[O2N_RANGE_MAPPED], vlo, vhi);
    else if (vlo < vhi)
      layer_seek(plan, a, vlo, vhi);
  }
}

/* Lends the thread's next whole runs of its group to the thread's run cursor (struct
   o2n_thread), when a is at the start of a whole run and the loop calls the layer directly (no
   statistics or ordered count per chunk): __omp2numa_loop_next then hands them out without
   calling the loop's next.  They are taken from a's chunk here, so that a goes on after them. */
static inline void layer_lend(const struct o2n_loop *loop, struct o2n_affinity_thread *a)
{
  if (a->run_left != a->len || a->runs_left < 2 || loop->take != o2n_loop_affinity_next)
    return;
  const uint64_t whole = a->left / a->len, runs = whole < a->runs_left - 1 ? whole
                                                                         : a->runs_left - 1;
  if (runs == 0)
    return;
  struct o2n_thread *self = o2n_current;
  self->cursor = (struct o2n_run_cursor){a->k, a->stride, a->len, runs};
  self->chunk_ws = NULL;
  a->k += runs * a->stride;
  a->left -= runs * a->len;
  a->runs_left -= runs;
}

/* Hands out the next piece of the cursor's virtual chunk, which is not empty: what is left of the
   current run, cut at the chunk's end, then moves to the group's next run or the next group.
   No atomics, no search; the plan is read only to enter a new group. */
static inline void layer_piece(const struct o2n_affinity_plan *plan,
                               struct o2n_affinity_thread *a, uint64_t *lo, uint64_t *hi)
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
    layer_group(plan, a, a->grp + 1);
  }
  *lo = k;
  *hi = k + len;
}

/* The thread's next run in the dense pieces: scans on from where it stopped for entries that
   name it.  Every thread reads every entry, in parallel with the others; that costs less than
   one thread cutting them into everybody's runs while the others wait. */
static bool layer_scan(const struct o2n_affinity_plan *plan, struct o2n_affinity_thread *a,
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
static void layer_record(struct o2n_affinity_thread *a, uint64_t lo, uint64_t hi)
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
static bool layer_residual(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
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
    layer_record(a, *lo, *hi);
  return true;
}

/* Once the cursor's virtual chunk is used up: under adaptive, the next chunk of the thread's own
   mapped range, else its runs in the dense pieces; then residual pieces; then, under adaptive,
   mapped iterations stolen from another thread (the rest of what it steals becomes its own
   range). */
static __attribute__((noinline)) bool layer_next_slow(struct o2n_loop *loop, unsigned tid,
                                                      uint64_t *lo, uint64_t *hi)
{
  const struct o2n_affinity_plan *plan = loop->aff;
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  const bool steals = layer_steals(loop);
  uint64_t vlo, vhi;
  if (steals && !a->own_done) {
    if (o2n_range_take(loop, tid, O2N_RANGE_MAPPED, &vlo, &vhi)) {
      layer_seek(plan, a, vlo, vhi);
      layer_piece(plan, a, lo, hi);
      return true;
    }
    a->own_done = true;
  }
  if (layer_scan(plan, a, tid, lo, hi) || layer_residual(loop, tid, lo, hi))
    return true;
  if (steals && o2n_range_steal(loop, tid, O2N_RANGE_MAPPED, &vlo, &vhi)) {
    a->own_done = false;
    layer_seek(plan, a, vlo, vhi);
    layer_piece(plan, a, lo, hi);
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
 * the ranges as sched_adaptive.c says.  The usual path (a mapped piece) is inlined here, so that
 * loop.c reaches it by one tail call: a piece of one iteration costs a few cycles, and a call
 * and a frame more would be measurable.
 */
bool o2n_loop_affinity_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  struct o2n_affinity_thread *a = &loop->threads[tid].aff;
  if (__builtin_expect(a->left != 0, 1)) {
    layer_piece(loop->aff, a, lo, hi);
    if (a->left != 0)
      layer_lend(loop, a);
    return true;
  }
  return layer_next_slow(loop, tid, lo, hi);
}

void o2n_loop_affinity_fini(struct o2n_loop *loop)
{
  /* The last leaver has acquired every thread's records (o2n_ws_leave's acq_rel). */
  o2n_affinity_commit(loop->aff, loop->threads);
  loop->aff = NULL;
}
