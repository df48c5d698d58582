/*
 * loop.c -- worksharing loops: the loop ABI (__omp2numa_loop_*), over the work-share ring.
 *
 * The first thread of the team to reach a loop initialises it in the next work-share slot
 * (work.c): it picks the schedule, sets up the affinity layer and the statistics, and runs the
 * schedule's init.  Schedules (sched_*.c) only compute chunks of the logical iteration space
 * 0..n-1.
 *
 * Chunk argument: the ABI passes the schedule clause's chunk as an int64_t, 0 when the clause has
 * none.  A negative value is the program's error and stops it with the loop's file:line; a
 * positive one is the chunk size (for static, dynamic and guided as OpenMP defines it).  The
 * translator passes the user's expression unchanged, so schedule(dynamic, 0) cannot be told from
 * schedule(dynamic) here: both get the kind's default.
 *
 * affinity(name) is a layer around the schedule's next (loop_affinity.c); the schedules never
 * know about it.
 */
#include "internal.h"

#include <inttypes.h>
#include <stdlib.h>

/* The kind a loop runs, resolved (o2n_sched_resolve), and its chunk argument: the site's, or
   run-sched-var's for schedule(runtime). */
static inline int loop_kind(const struct __omp2numa_loop_site *site, const struct o2n_icv *icv,
                            int64_t *chunk)
{
  int kind = site->kind;
  /* OpenMP: the monotonic modifier, or an ordered clause, makes the loop monotonic (doacross.c
     relies on it as ordered.c does). */
  bool monotonic = site->flags & (__OMP2NUMA_LOOP_MONOTONIC | __OMP2NUMA_LOOP_ORDERED |
                                  __OMP2NUMA_LOOP_DOACROSS);
  if (kind == __OMP2NUMA_SCHED_RUNTIME) {
    kind = icv->run_sched;
    *chunk = icv->run_chunk;
    monotonic |= icv->run_monotonic;
  }
  return o2n_sched_resolve(kind, monotonic);
}

/* Picks the loop's schedule and chunk size; stops the program when they are invalid. */
static const struct o2n_sched *loop_schedule(const struct __omp2numa_loop_site *site,
                                             const struct o2n_icv *icv, int64_t *chunk)
{
  if (site->kind != __OMP2NUMA_SCHED_RUNTIME && (site->flags & __OMP2NUMA_LOOP_CHUNK) &&
      *chunk <= 0)
    o2n_fatal_at(site->file, site->line, "the schedule's chunk size (%" PRId64
                 ") must be positive", *chunk);
  const int kind = loop_kind(site, icv, chunk);
  const struct o2n_sched *sched = o2n_sched_by_kind(kind);
  if (!sched)
    o2n_fatal_at(site->file, site->line, "unknown schedule kind %d", kind);
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

/* The arguments of __omp2numa_loop_start(_affinity), for loop_init. */
struct loop_args {
  const struct __omp2numa_loop_site *site;
  uint64_t n;
  int64_t chunk;
  const void *map;
  bool affinity;       /* key the site's affinity map by first + k * step */
  int64_t first, step;
  unsigned ndims;          /* ordered(n): n and the n loops' trip counts, else 0 */
  const uint64_t *counts;
};

static bool take_layered(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi);

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
  loop->aff = NULL;
  if (args->affinity)
    o2n_loop_affinity_init(loop, args->first, args->step);
  loop->doacross = NULL;
  if (args->ndims)
    o2n_doacross_init(loop, args->ndims, args->counts);
  /* Statistics: the first loop of the program reads OMP2NUMA_STATS. */
  o2n_stats_init();
  loop->stats = o2n_stats_enabled ? o2n_stats_site(site) : NULL;
  if (loop->stats)
    o2n_stats_execution(loop->stats, loop->sched);
  loop->block_runs = 0;
  loop->sched->ops->init(loop, team);
  /* A thread's next chunk is one indirect call (loop_next): the usual loop calls its schedule's
     next directly, a loop with affinity(name) its layer (itself a tail call to the schedule's
     next for residual iterations), and only loops with statistics or ordered pay for more. */
  loop->take = loop->stats || (site->flags & __OMP2NUMA_LOOP_ORDERED) ? take_layered
               : loop->aff                                            ? o2n_loop_affinity_next
                                                                      : loop->sched->ops->next;
}

/* Out of line (cold): inlined, its loops made every loop's fini save registers. */
static __attribute__((noinline, cold)) void stats_execution_end(const struct o2n_loop *loop);

void o2n_loop_fini(struct o2n_loop *loop)
{
  if (loop->stats)
    stats_execution_end(loop);
  if (loop->sched->ops->fini)
    loop->sched->ops->fini(loop);
  if (loop->aff)
    o2n_loop_affinity_fini(loop);
  if (loop->doacross)
    o2n_doacross_fini(loop);
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

/* When the thread ran out of work: the end of its busy time, where its waiting starts. */
static uint64_t stats_idle_from(const struct o2n_loop_stats *counts)
{
  return counts->start_ns + counts->busy_ns;
}

/* Leaves the loop (o2n_ws_leave), then, for __omp2numa_loop_end, waits in the team's barrier.
   The waiting time runs from the thread's running out of work (so it includes a reduction's
   combining, which waits for the other threads too) to the end of the barrier.  A loop whose
   barrier is the region's join (parallel for) has its waits counted by its last leaver
   (stats_execution_end); a nowait loop waits for nothing.  The thread's counts are copied first:
   the slot may be reused as soon as the last thread has left it.  Out of line (cold): inlined, it
   made every loop's end save registers. */
static __attribute__((noinline, cold)) void stats_leave(struct o2n_thread *self, bool barrier)
{
  struct o2n_loop *loop = &self->ws->loop;
  struct o2n_stats_site *stats = loop->stats;
  struct o2n_loop_stats *mine = &loop->threads[self->tid].stats;
  mine->leave_ns = o2n_stats_now();
  mine->joined = !barrier && !(loop->site->flags & __OMP2NUMA_LOOP_NOWAIT);
  const struct o2n_loop_stats counts = *mine;
  o2n_ws_leave(self);
  uint64_t wait_ns = 0;
  if (barrier) {
    o2n_team_barrier(self);
    wait_ns = o2n_stats_now() - stats_idle_from(&counts);
  }
  o2n_stats_add(stats, self, &counts, wait_ns);
}

/* The last thread to leave an execution (o2n_loop_fini, after every thread's stats_leave): its
   imbalance, and for a loop whose barrier is the region's join, each thread's wait, until the
   last thread left (the join itself ends a moment later, in __omp2numa_parallel). */
static __attribute__((noinline, cold)) void stats_execution_end(const struct o2n_loop *loop)
{
  uint64_t last = 0, busy_max = 0, busy_sum = 0;
  for (unsigned tid = 0; tid < loop->nthreads; tid++) {
    const struct o2n_loop_stats *t = &loop->threads[tid].stats;
    last = t->leave_ns > last ? t->leave_ns : last;
    busy_max = t->busy_ns > busy_max ? t->busy_ns : busy_max;
    busy_sum += t->busy_ns;
  }
  if (busy_sum > 0)
    o2n_stats_imbalance(loop->stats, (double)busy_max * loop->nthreads / (double)busy_sum);
  for (unsigned tid = 0; tid < loop->nthreads; tid++) {
    const struct o2n_loop_stats *t = &loop->threads[tid].stats;
    const uint64_t idle_from = stats_idle_from(t);
    if (t->joined && last > idle_from)
      o2n_stats_add_wait(loop->stats, tid, last - idle_from);
  }
}

/* loop->take of a loop with statistics or the ordered clause: the next chunk from the affinity
   layer or the schedule, counted; in an ordered loop (never one with affinity(name):
   o2n_loop_affinity_init refuses it), ordered.c counts the chunk's iterations from its first. */
static bool take_layered(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  const bool got = loop->aff ? o2n_loop_affinity_next(loop, tid, lo, hi)
                             : loop->sched->ops->next(loop, tid, lo, hi);
  if (loop->stats)
    stats_chunk(&loop->threads[tid], got, *lo, *hi);
  if (got && (loop->site->flags & __OMP2NUMA_LOOP_ORDERED)) {
    struct o2n_thread *self = o2n_current;
    self->ordered_iter = *lo;
    self->ordered_done = false;
  }
  return got;
}

static noreturn __attribute__((noinline, cold)) void not_in_loop(const char *entry)
{
  o2n_fatal("%s called outside a worksharing loop", entry);
}

/* The calling thread, which must be in a loop.  A thread without a descriptor is in none. */
static inline struct o2n_thread *self_in_loop(const char *entry)
{
  struct o2n_thread *self = o2n_current;
  if (__builtin_expect(!self || !self->ws, 0))
    not_in_loop(entry);
  return self;
}

/* ------------------------------------------------------------------------------------------- */
/* Loops without a slot                                                                         */
/* ------------------------------------------------------------------------------------------- */

/* Whether the threads of the loop of args share nothing but its iterations: no ordered clause,
   no affinity(name), no doacross, no statistics. */
static inline bool shares_only_iterations(const struct loop_args *args)
{
  if (args->affinity || args->ndims || (args->site->flags & __OMP2NUMA_LOOP_ORDERED))
    return false;
  o2n_stats_init();
  return !o2n_stats_enabled;
}

/* The calling thread's entry for a site in its table of tiny loops (struct o2n_loop_block). */
static inline struct o2n_loop_block *block_entry(struct o2n_thread *self,
                                                 const struct __omp2numa_loop_site *site)
{
  return &self->loop_blocks[(uintptr_t)site / sizeof *site % O2N_LOOP_BLOCK_SITES];
}

/* What a loop needs: a work-share slot, or none, each thread taking its one block or its
   chunks of a static chunk size, or only its slot's counter (a dynamic loop). */
enum slot_need { WITH_SLOT, BLOCK, CHUNKS, COUNTER };

/* Whether a dynamic loop of n iterations in chunks of `chunk` may run on a bare counter: a
   fetch-add that may overshoot n, by at most (team size + 1) chunks (o2n_sched_claim), without
   wrapping around.  Shifts, not sched_dynamic.c's division: every dynamic loop asks. */
static inline bool counter_fits(uint64_t n, uint64_t chunk, unsigned nthreads)
{
  return ((n | chunk) >> 40) == 0 && nthreads < (1u << 23);
}

/* Whether the loop of args needs a work-share slot: it does not when its threads share only its
   iterations, and it runs static (as a loop without a schedule clause does, and
   schedule(runtime) when run-sched-var says so), or it runs adaptive without a chunk size and
   an earlier execution of the site with a slot found it tiny (sched_adaptive.c; counted here).
   Each thread then computes its own block, or its chunks, from the team's size and its number,
   as gcc's inline code does for a static loop, and the loop costs no more than its barrier.  A
   dynamic loop needs only its slot's counter, which a free slot holds at 0: nobody initialises
   the slot.  A chunk clause whose value is not positive goes to the slot's init, which stops
   the program.
   Sets *chunk to the loop's chunk argument (the site's, or run-sched-var's).  With
   counter_only, only a counter loop or a slot (the GOMP entry points: their loops keep
   reductions and blocks in a slot).
   Every thread of the team decides the same: from the site, the statistics switch, its table of
   tiny loops, which every thread changes alike, and, for schedule(runtime), its run-sched-var,
   which is the same in every thread of the team unless only some of them changed it in the
   region (then the threads would not even agree on the loop's schedule: libgomp, which also
   reads each thread's own, mixes schedules too).  Inlined: as a call it costs half again. */
static inline __attribute__((always_inline)) enum slot_need
slot_need(struct o2n_thread *self, const struct loop_args *args, int64_t *chunk,
          bool counter_only)
{
  const struct __omp2numa_loop_site *site = args->site;
  int64_t chunk_arg = args->chunk;
  const int kind = loop_kind(site, &self->icv, &chunk_arg);
  *chunk = chunk_arg;
  /* A schedule(runtime) site has no chunk clause, and run-sched-var's chunk is never negative:
     a chunk of 0 or less is the clause's error. */
  if (chunk_arg < 0 || (chunk_arg == 0 && (site->flags & __OMP2NUMA_LOOP_CHUNK)))
    return WITH_SLOT;
  enum slot_need need;
  if (kind == __OMP2NUMA_SCHED_STATIC && !counter_only)
    need = chunk_arg ? CHUNKS : BLOCK;
  else if (kind == __OMP2NUMA_SCHED_DYNAMIC &&
           counter_fits(args->n, (uint64_t)chunk_arg, self->team->nthreads))
    need = COUNTER;
  else if (kind == __OMP2NUMA_SCHED_ADAPTIVE && chunk_arg == 0 && !counter_only)
    need = BLOCK;
  else
    return WITH_SLOT;
  if (!shares_only_iterations(args))
    return WITH_SLOT;
  if (kind != __OMP2NUMA_SCHED_ADAPTIVE)
    return need;
  struct o2n_loop_block *block = block_entry(self, args->site);
  if (block->site != args->site || block->n != args->n || block->runs == 0)
    return WITH_SLOT;
  block->runs--;
  return BLOCK;
}

/* After the thread entered the slot of the loop of args: notes a grant of the schedule's init
   for the site's next executions (a slot's loop is the same for every thread).  An entry stays
   until its runs are used up or another grant takes its place. */
static inline void block_note(struct o2n_thread *self, const struct loop_args *args,
                              const struct o2n_loop *loop)
{
  if (__builtin_expect(loop->block_runs != 0, 0) && shares_only_iterations(args))
    *block_entry(self, args->site) =
        (struct o2n_loop_block){args->site, args->n, loop->block_runs};
}

/* The next run of the thread's cursor, which has one.  After the last run, lo has passed the
   loop (and may have wrapped around): nothing reads it before the cursor is set again. */
static inline int cursor_take(struct o2n_run_cursor *cursor, uint64_t *lo, uint64_t *hi)
{
  const uint64_t first = cursor->lo;
  *lo = first;
  *hi = first + cursor->len;
  cursor->lo = first + cursor->stride;
  cursor->runs--;
  return 1;
}

/* The calling thread's chunk of a loop without a slot after its cursor's runs (the whole
   chunks): the loop's last, partial chunk if it is the thread's, else none. */
static inline int block_chunk(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  if (self->block_n == 0)
    return 0;
  *lo = self->block_lo;
  *hi = self->block_n;
  self->block_n = 0;
  return 1;
}

/* Starts the calling thread's chunks of a loop without a slot with a static chunk size (the
   site's, or run-sched-var's), dealt round-robin as sched_static.c deals them: its whole chunks
   (numbers tid, tid + P, ... below n / c) through its cursor, then the partial one (number
   n / c) if it is its own.  A product that wraps around is never used: the first chunk's when
   the thread has no whole chunk, the stride's when it has one at most.  Out of line: inlined,
   it made every loop's start save more registers. */
static __attribute__((noinline)) int chunks_start(struct o2n_thread *self,
                                                  const struct __omp2numa_loop_site *site,
                                                  uint64_t n, uint64_t chunk, uint64_t *lo,
                                                  uint64_t *hi)
{
  self->block_site = site;
  const uint64_t nthreads = self->team->nthreads, tid = self->tid, whole = n / chunk;
  self->cursor = (struct o2n_run_cursor){
      .lo = tid * chunk,
      .stride = nthreads * chunk,
      .len = chunk,
      .runs = whole > tid ? (whole - 1 - tid) / nthreads + 1 : 0};
  const bool partial = n % chunk != 0 && whole % nthreads == tid;
  self->block_lo = whole * chunk;
  self->block_n = partial ? n : 0;
  return self->cursor.runs ? cursor_take(&self->cursor, lo, hi) : block_chunk(self, lo, hi);
}

/* Runs the calling thread's loop on the counter of its slot ws, uninitialised, in chunks of
   `chunk` (its kind's default, 1, when 0). */
static inline int counter_join(struct o2n_thread *self, struct o2n_ws *ws, uint64_t n,
                               uint64_t chunk, uint64_t *lo, uint64_t *hi)
{
  self->counter = (struct o2n_counter_loop){.next = &ws->loop.next, .n = n,
                                            .chunk = chunk ? chunk : 1};
  return o2n_counter_take(&self->counter, lo, hi);
}

/* Starts the calling thread's dynamic loop on its slot's counter, which it finds at 0 in the free
   slot (struct o2n_ws): the slot is not initialised, so no thread waits for another here.  A
   team-mate that took the loop for another schedule (its own run-sched-var) and initialised the
   slot first has its schedule run by all. */
static inline int counter_start(struct o2n_thread *self, uint64_t n, uint64_t chunk,
                                uint64_t *lo, uint64_t *hi)
{
  struct o2n_ws *ws = o2n_ws_enter_counter(self);
  self->ws = ws;
  if (__builtin_expect(ws->kind == O2N_WS_LOOP, 0)) {
    self->chunk_ws = ws;
    return o2n_loop_take(self, lo, hi);
  }
  return counter_join(self, ws, n, chunk, lo, hi);
}

/* Starts the calling thread's block of a loop without a slot (its first and only chunk). */
static inline int block_start(struct o2n_thread *self, const struct __omp2numa_loop_site *site,
                              uint64_t n, uint64_t *lo, uint64_t *hi)
{
  self->block_site = site;
  const uint64_t nthreads = self->team->nthreads;
  o2n_static_block(self->tid, n / nthreads, n % nthreads, lo, hi);
  self->block_n = 0;
  return *lo < *hi;
}

/* The next chunk of a thread whose loop's schedule does not hand it out (chunk_ws is NULL): in
   a counter loop, the counter's next chunk; in a loop without a slot, a whole chunk from its
   cursor or the last, partial one; in a loop with a slot, a run that the affinity layer lent to
   its cursor, then the slot's chunks again. */
static int next_off_schedule(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  if (self->counter.next)
    return o2n_counter_take(&self->counter, lo, hi);
  /* A loop without a slot: a whole chunk, else its last, partial chunk if it has a chunk size
     (without one, its start gave its one block, and block_n is 0). */
  if (self->block_site)
    return self->cursor.runs ? cursor_take(&self->cursor, lo, hi) : block_chunk(self, lo, hi);
  if (self->cursor.runs) {
    cursor_take(&self->cursor, lo, hi);
    if (self->cursor.runs == 0)
      self->chunk_ws = self->ws;
    return 1;
  }
  if (self->ws) {
    self->chunk_ws = self->ws;
    return o2n_loop_take(self, lo, hi);
  }
  not_in_loop("__omp2numa_loop_next");
}

/* A thread that came to its slot for a schedule of its own and found the loop taken as a counter
   loop by a team-mate that decided for dynamic (their run-sched-vars differ): runs the counter
   loop too, in chunks of its own size when the counter takes them (any size hands out disjoint
   chunks), else of 1.  A slot that a team-mate took for another construct than a loop (the
   threads disagree on the sequence of constructs) stops the program. */
static __attribute__((noinline, cold)) int counter_rejoin(struct o2n_thread *self,
                                                        const struct loop_args *args,
                                                        uint64_t *lo, uint64_t *hi)
{
  if (self->ws->kind != O2N_WS_UNCLAIMED)
    o2n_fatal_at(args->site->file, args->site->line, "the threads of the team met different "
                 "worksharing constructs here (a loop, single or sections that only some of "
                 "them reach?)");
  self->chunk_ws = NULL;
  int64_t chunk = args->chunk;
  loop_kind(args->site, &self->icv, &chunk);
  const uint64_t size = chunk > 0 && counter_fits(args->n, (uint64_t)chunk, self->team->nthreads)
                            ? (uint64_t)chunk
                            : 1;
  return counter_join(self, self->ws, args->n, size, lo, hi);
}

/* Enters the loop that args describes in its work-share slot (initialising it if first).  Out of
   line, given a copy of args made on this path only: the paths without a slot then never store
   args in memory. */
static __attribute__((noinline)) int slot_start(struct o2n_thread *self,
                                                const struct loop_args *args, uint64_t *lo,
                                                uint64_t *hi, bool may_skip_slot)
{
  self->ws = self->chunk_ws = o2n_ws_enter(self, loop_init, (void *)args);
  if (__builtin_expect(self->ws->kind != O2N_WS_LOOP, 0))
    return counter_rejoin(self, args, lo, hi);
  if (may_skip_slot)
    block_note(self, args, &self->ws->loop);
  if (__builtin_expect(self->ws->loop.stats != NULL, 0))
    stats_enter(&self->ws->loop.threads[self->tid]);
  return o2n_loop_take(self, lo, hi);
}

/* Enters the loop that args describes, without a slot when it needs none and may_skip_slot
   allows (else it may still run on its slot's counter alone); returns the thread's first chunk
   as the ABI's start does.  Inlined in each start entry: the call would cost more than the
   function's own work. */
static inline __attribute__((always_inline)) int loop_start(const struct loop_args *args,
                                                            uint64_t *lo, uint64_t *hi,
                                                            bool may_skip_slot)
{
  struct o2n_thread *self = o2n_self();
  if (o2n_in_worksharing(self))
    o2n_fatal_at(args->site->file, args->site->line,
                 "worksharing construct inside another worksharing construct (a loop, sections "
                 "or single) of the same team, which only some of its threads reach: OpenMP "
                 "does not allow it (it would hang)");
  int64_t chunk;
  const enum slot_need need = slot_need(self, args, &chunk, !may_skip_slot);
  if (need == BLOCK)
    return block_start(self, args->site, args->n, lo, hi);
  if (need == CHUNKS)
    return chunks_start(self, args->site, args->n, (uint64_t)chunk, lo, hi);
  if (need == COUNTER)
    return counter_start(self, args->n, (uint64_t)chunk, lo, hi);
  const struct loop_args copy = *args;
  return slot_start(self, &copy, lo, hi, may_skip_slot);
}

/* Leaves the loop, through its barrier unless nowait. */
static inline __attribute__((always_inline)) void loop_end(const char *entry, bool barrier)
{
  struct o2n_thread *self = o2n_current;
  /* A counter loop leaves cursor and chunk_ws as they were: unused, at their rest values. */
  if (self && self->counter.next) {
    self->counter.next = NULL;
    o2n_ws_leave(self);
    if (barrier)
      o2n_team_barrier(self);
    return;
  }
  /* Runs left only when the thread left its chunks early (cancel for). */
  if (self) {
    self->cursor.runs = 0;
    self->chunk_ws = NULL;
  }
  if (self && self->block_site) {
    self->block_site = NULL;
  } else {
    self = self_in_loop(entry);
    if (__builtin_expect(self->ws->loop.stats != NULL, 0)) {
      stats_leave(self, barrier);
      return;
    }
    o2n_ws_leave(self);
  }
  if (barrier)
    o2n_team_barrier(self);
}

/* ------------------------------------------------------------------------------------------- */
/* ABI                                                                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI int __omp2numa_loop_start(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                                  const void *map, uint64_t *lo, uint64_t *hi)
{
  /* A site with a name keys its map by logical iteration when it comes without its bounds. */
  struct loop_args args = {site, n, chunk, map, site->affinity != NULL, 0, 1, 0, NULL};
  return loop_start(&args, lo, hi, true);
}

int o2n_loop_start_in_slot(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                           uint64_t *lo, uint64_t *hi)
{
  struct loop_args args = {site, n, chunk, NULL, site->affinity != NULL, 0, 1, 0, NULL};
  return loop_start(&args, lo, hi, false);
}

O2N_ABI int __omp2numa_loop_start_affinity(struct __omp2numa_loop_site *site, uint64_t n,
                                           int64_t chunk, const void *map, int64_t first_value,
                                           int64_t step, uint64_t *lo, uint64_t *hi)
{
  struct loop_args args = {site, n, chunk, map, site->affinity != NULL, first_value, step,
                           0, NULL};
  return loop_start(&args, lo, hi, true);
}

O2N_ABI int __omp2numa_doacross_start(struct __omp2numa_loop_site *site, uint64_t n,
                                      int64_t chunk, const void *map, unsigned ndims,
                                      const uint64_t *counts, uint64_t *lo, uint64_t *hi)
{
  if (ndims == 0 || !(site->flags & __OMP2NUMA_LOOP_DOACROSS) || site->affinity)
    o2n_fatal_at(site->file, site->line, "__omp2numa_doacross_start: not a doacross loop site");
  struct loop_args args = {site, n, chunk, map, false, 0, 1, ndims, counts};
  return loop_start(&args, lo, hi, true);
}

O2N_ABI int __omp2numa_loop_next(uint64_t *lo, uint64_t *hi)
{
  struct o2n_thread *self = o2n_current;
  if (__builtin_expect(self && self->chunk_ws, 1))
    return o2n_loop_take(self, lo, hi);
  if (self)
    return next_off_schedule(self, lo, hi);
  not_in_loop("__omp2numa_loop_next");
}

O2N_ABI void __omp2numa_loop_end(void)
{
  loop_end("__omp2numa_loop_end", true);
}

O2N_ABI void __omp2numa_loop_end_nowait(void)
{
  loop_end("__omp2numa_loop_end_nowait", false);
}
