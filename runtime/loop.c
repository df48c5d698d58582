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
 */
#include "internal.h"

#include <inttypes.h>

/* States of a work-share slot, in the low two bits of its seq value (above them: the construct
   number modulo 2^29, which is enough because a slot only ever holds construct k or k - RING). */
enum { WS_FREE = 0, WS_INIT = 1, WS_READY = 2 };

static uint32_t ws_seq(uint64_t construct, unsigned state)
{
  return (uint32_t)((construct << 2) | state) & O2N_FUTEX_VALUE_MASK;
}

/* Picks the loop's schedule and chunk size; stops the program when they are invalid. */
static const struct o2n_sched *loop_schedule(const struct __omp2numa_loop_site *site,
                                             const struct o2n_icv *icv, int64_t *chunk)
{
  int kind = site->kind;
  if (kind == __OMP2NUMA_SCHED_RUNTIME) {
    kind = icv->run_sched;
    *chunk = icv->run_chunk;
  }
  else if ((site->flags & __OMP2NUMA_LOOP_CHUNK) && *chunk <= 0)
    o2n_fatal_at(site->file, site->line, "the schedule's chunk size (%" PRId64
                 ") must be positive", *chunk);
  const struct o2n_sched *sched = o2n_sched_by_kind(o2n_sched_resolve(kind));
  if (!sched)
    o2n_fatal_at(site->file, site->line, "unknown schedule kind %d", kind);
  if (!sched->ops)
    o2n_fatal_at(site->file, site->line, "schedule '%s' is not implemented yet", sched->name);
  return sched;
}

/* The arguments of __omp2numa_loop_start, for loop_init. */
struct loop_args {
  const struct __omp2numa_loop_site *site;
  uint64_t n;
  int64_t chunk;
  const void *map;
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
  loop->sched = loop_schedule(site, &self->icv, &chunk);
  loop->n = n;
  loop->chunk = (uint64_t)chunk;
  loop->nthreads = team->nthreads;
  loop->site = site;
  loop->map = map;
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

/* ops->next, counted. */
static __attribute__((noinline)) bool stats_next(struct o2n_loop *loop, unsigned tid,
                                                 uint64_t *lo, uint64_t *hi)
{
  const bool got = loop->sched->ops->next(loop, tid, lo, hi);
  stats_chunk(&loop->threads[tid], got, *lo, *hi);
  return got;
}

static int loop_next(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop *loop = &self->ws->loop;
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
  struct loop_args args = {site, n, chunk, map};
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
