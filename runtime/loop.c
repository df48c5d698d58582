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

/* Initialises the loop in slot ws (the first arriver only). */
static void loop_init(struct o2n_ws *ws, struct o2n_thread *self,
                      const struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                      const void *map)
{
  struct o2n_team *team = self->team;
  struct o2n_loop *loop = &ws->loop;
  loop->sched = loop_schedule(site, &self->icv, &chunk);
  loop->n = n;
  loop->chunk = (uint64_t)chunk;
  loop->nthreads = team->nthreads;
  loop->site = site;
  loop->map = map;
  loop->sched->ops->init(loop, team);
  /* Published with the slot by the READY store. */
  atomic_store_explicit(&ws->left, team->nthreads, memory_order_relaxed);
}

/* Enters the calling thread's next worksharing construct: waits until its slot is free, and
   initialises it if this thread arrives first.  Returns the slot, READY. */
static struct o2n_ws *ws_enter(struct o2n_thread *self, const struct __omp2numa_loop_site *site,
                               uint64_t n, int64_t chunk, const void *map)
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
      loop_init(ws, self, site, n, chunk, map);
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
static void ws_leave(struct o2n_thread *self)
{
  struct o2n_ws *ws = self->ws;
  self->ws = NULL;
  /* acq_rel: every leaver releases its use of the loop; the last one acquires them all (the
     decrements form one release sequence), so fini and the next initialiser come after them. */
  if (atomic_fetch_sub_explicit(&ws->left, 1, memory_order_acq_rel) == 1) {
    if (ws->loop.sched->ops->fini)
      ws->loop.sched->ops->fini(&ws->loop);
    /* Release: hands the slot to the construct O2N_WS_RING later. */
    o2n_futex_store(&ws->seq, ws_seq(self->ws_count - 1 + O2N_WS_RING, WS_FREE));
  }
}

static int loop_next(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop *loop = &self->ws->loop;
  return loop->sched->ops->next(loop, self->tid, lo, hi);
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
  self->ws = ws_enter(self, site, n, chunk, map);
  return loop_next(self, lo, hi);
}

O2N_ABI int __omp2numa_loop_next(uint64_t *lo, uint64_t *hi)
{
  return loop_next(self_in_loop("__omp2numa_loop_next"), lo, hi);
}

O2N_ABI void __omp2numa_loop_end(void)
{
  struct o2n_thread *self = self_in_loop("__omp2numa_loop_end");
  ws_leave(self);
  o2n_team_barrier(self);
}

O2N_ABI void __omp2numa_loop_end_nowait(void)
{
  ws_leave(self_in_loop("__omp2numa_loop_end_nowait"));
}
