/*
 * sched_adaptive.c -- schedule(adaptive[, chunk]): NUMA-aware work stealing over ranges.
 *
 * Each thread owns a range [begin, end) of the logical iterations (a struct o2n_range at the head
 * of its struct o2n_loop_thread).  The first arriver cuts the loop into P equal contiguous ranges
 * and deals them out in NUMA-domain order (the threads of one domain get adjacent ranges), for
 * every thread of the team at once.  Then:
 *
 *  - the owner takes `chunk` iterations at a time from the front of its range, without a lock
 *    unless it races with a thief; without a chunk, as many as take about
 *    O2N_ADAPTIVE_GRAIN_TICKS at the rate it measured over its previous chunk (the grain, below);
 *  - a thread whose range is empty steals from the back of a victim's range, under the victim's
 *    lock: half of the remaining iterations (rounded up), or all of them if the victim has not
 *    asked for its first chunk yet, so that a late thread (preempted, oversubscribed) does not
 *    hold the loop up.  The stolen iterations become the thief's range, which others may steal
 *    from in turn;
 *  - victims are tried first among the threads of the thief's own NUMA domain (their iterations'
 *    data was probably first touched there), each O2N_ADAPTIVE_LOCAL_ROUNDS times, then anywhere
 *    at random;
 *  - a thief stops when a scan of every range finds them all empty;
 *  - without a chunk, a site whose execution took its threads at most O2N_ADAPTIVE_BLOCK_TICKS
 *    in all gets the next ones run as static blocks without a slot (adaptive_fini says when;
 *    loop.c runs them), all but one in every O2N_ADAPTIVE_BLOCK_RUNS, which measures again.
 *
 * THE protocol (Cilk-5: Frigo, Leiserson, Randall, PLDI 1998), on ranges instead of deques.
 * begin is written by the owner only; end only by the holder of the range's lock.
 *
 *   owner, taking [b, b'):   W_o: begin = b'   F_o: seq_cst fence   R_o: read end;
 *                            it owns [b, b') if b' <= that end, else it locks and retries.
 *   thief, holding the lock: W_t: end = e'     F_t: seq_cst fence   R_t: read begin;
 *                            it owns [e', e) if that begin <= e', else it restores end = e.
 *
 * Why both cannot win overlapping iterations (b' > e').  The seq_cst fences are totally ordered
 * (the single total order S of C11 7.17.3), and C11's rule for two such fences X before Y in S
 * says that a load sequenced after Y sees the store sequenced before X, or a later store to the
 * same object:
 *  - F_o before F_t: R_t sees b' or a later value of begin.  While the thief holds the lock, begin
 *    only grows (the owner lowers it only under the lock), so R_t >= b' > e': the thief backs off.
 *  - F_t before F_o: R_o sees e' or a later value of end.  Later values are written by later lock
 *    holders, and each of them lowers end, or puts back the value it found, which is at most e'.
 *    (The owner's own later stores of end come after R_o in its program order.)  So R_o <= e' < b':
 *    the owner takes the lock, under which end is stable, and takes what is left.
 * Both may back off at once; neither loses iterations (the thief restored end before unlocking).
 *
 * The protocol works on any family of per-thread ranges of one kind (enum o2n_range_kind): the
 * affinity layer (loop_affinity.c) runs it also over the mapped iterations of a loop with
 * affinity(name), whose initial ranges come from the map instead of an equal cut, through
 * o2n_range_take and o2n_range_steal.
 *
 * Termination: a thread returns "no more work" only after its own range was found empty under its
 * lock, or drained (take_own), and a scan found every other range empty or every other thread had
 * left the loop (others_left).  A range can look empty for a moment while it is not (a thief
 * lowered end and is about to restore it, or stolen iterations are on their way to the thief's
 * range): the scanner then leaves a little early, which costs balance, never iterations,
 * because every iteration always belongs to exactly one range or one thief, and owners empty their
 * own range before they leave.  A thread that has not entered the loop yet still will (OpenMP
 * requires every thread of the team to reach it), and runs whatever is left of its range.
 */
#include "internal.h"

#include <sched.h>
#include <stddef.h>

#ifndef O2N_ADAPTIVE_LOCAL_ROUNDS
/* How many times a thief tries each other thread of its own NUMA domain before it looks at the
   whole team.  Iterations stolen on the same node keep their data in local memory; one round is
   not enough because a victim may be locked (by its owner or another thief) at the moment it is
   tried.  Two rounds cost at most 2 * (threads per node) cheap looks at victims' cache lines. */
#define O2N_ADAPTIVE_LOCAL_ROUNDS 2
#endif

/* Numbers the executions of adaptive loops, to seed the threads' victim generators. */
static _Atomic uint64_t executions;

/* A uniform number in [0, n), n > 0, from a thread's generator. */
static unsigned random_below(uint64_t *state, unsigned n)
{
  return (unsigned)((o2n_random(state) >> 32) * n >> 32);
}

/* ------------------------------------------------------------------------------------------- */
/* Locks and waiting                                                                           */
/* ------------------------------------------------------------------------------------------- */

/* One failed attempt, round `round` of a wait: spins a little, longer each round; yields the
   processor instead when threads outnumber processors (the lock holder or the victim's owner may
   be the thread that needs it) or when the program asked for passive waiting. */
static void back_off(const struct o2n_loop *loop, unsigned round)
{
  if (loop->k.adaptive.yield) {
    sched_yield();
    return;
  }
  for (unsigned i = 0, n = 1u << (round < 6 ? round : 6); i < n; i++)
    o2n_cpu_relax();
}

static bool range_trylock(struct o2n_range *t)
{
  /* The relaxed look keeps a busy lock's line shared instead of bouncing it with failed
     exchanges.  Acquire on success: the previous holder's stores of end (released by its unlock)
     are visible, so end is stable and exact while we hold the lock. */
  return atomic_load_explicit(&t->lock, memory_order_relaxed) == 0 &&
         atomic_exchange_explicit(&t->lock, 1, memory_order_acquire) == 0;
}

static void range_lock(const struct o2n_loop *loop, struct o2n_range *t)
{
  for (unsigned round = 0; !range_trylock(t); round++)
    back_off(loop, round);
}

static void range_unlock(struct o2n_range *t)
{
  /* Release: publishes our stores of end (and begin) to the next holder. */
  atomic_store_explicit(&t->lock, 0, memory_order_release);
}

/* ------------------------------------------------------------------------------------------- */
/* Initialisation                                                                              */
/* ------------------------------------------------------------------------------------------- */

static unsigned domain_of(const struct o2n_team *team, unsigned p, unsigned tid)
{
  /* Domains are numbered among the team's threads, so they are below p; the test only guards the
     scratch arrays below against a broken topology. */
  const unsigned d = team->members[tid].domain;
  return d < p ? d : 0;
}

/* Orders the threads by NUMA domain, domains in the order of their lowest thread number and
   threads by number within a domain (the identity when, as the runtime places them, thread
   numbers are contiguous per domain).  Per-domain counters live in entry d's scratch fields. */
static void order_by_domain(struct o2n_loop_thread *th, const struct o2n_team *team, unsigned p)
{
  enum { COUNT = 0, START = 1 };
  for (unsigned d = 0; d < p; d++) {
    th[d].scratch[COUNT] = 0;
    th[d].scratch[START] = UINT32_MAX;
  }
  for (unsigned t = 0; t < p; t++)
    th[domain_of(team, p, t)].scratch[COUNT]++;
  /* Each domain's first position; COUNT becomes the next free position of the domain. */
  unsigned pos = 0;
  for (unsigned t = 0; t < p; t++) {
    struct o2n_loop_thread *d = &th[domain_of(team, p, t)];
    if (d->scratch[START] == UINT32_MAX) {
      d->scratch[START] = pos;
      pos += d->scratch[COUNT];
      d->scratch[COUNT] = d->scratch[START];
    }
  }
  for (unsigned t = 0; t < p; t++) {
    const unsigned k = th[domain_of(team, p, t)].scratch[COUNT]++;
    th[k].by_domain = t;
    th[t].order_pos = k;
  }
  /* Now COUNT is past the domain's last position. */
  for (unsigned t = 0; t < p; t++) {
    const struct o2n_loop_thread *d = &th[domain_of(team, p, t)];
    th[t].peers_lo = d->scratch[START];
    th[t].peers_hi = d->scratch[COUNT];
  }
}

void o2n_range_init(struct o2n_range *range, uint64_t begin, uint64_t end)
{
  /* Relaxed: the loop is published to the other threads by work.c (release/acquire on the
     work-share slot), after which these are the values every access starts from. */
  atomic_store_explicit(&range->begin, begin, memory_order_relaxed);
  atomic_store_explicit(&range->end, end, memory_order_relaxed);
  atomic_store_explicit(&range->lock, 0, memory_order_relaxed);
  atomic_store_explicit(&range->started, false, memory_order_relaxed);
  range->drained = false;
}

static void adaptive_init(struct o2n_loop *loop, const struct o2n_team *team)
{
  const unsigned p = loop->nthreads;
  struct o2n_loop_thread *th = loop->threads;
  if (loop->chunk == 0) {
    /* Relaxed: hints, which any value (or none) keeps correct. */
    struct o2n_site_rt *rt = o2n_site_rt(loop->site);
    const uint64_t learnt = atomic_load_explicit(&rt->grain, memory_order_relaxed);
    loop->k.adaptive.first_grain = learnt ? learnt : 1;
    /* The blocks are granted on the measurement of the site's previous execution with a slot
       only: after a nowait loop, that one's fini may come after this init, and then an older
       measurement is there. */
    const uint64_t number = atomic_fetch_add_explicit(&rt->executions, 1, memory_order_relaxed);
    loop->k.adaptive.site_execution = number;
    if (atomic_load_explicit(&rt->block_threads, memory_order_relaxed) == p &&
        atomic_load_explicit(&rt->block_n, memory_order_relaxed) == loop->n &&
        atomic_load_explicit(&rt->block_execution, memory_order_relaxed) + 1 == number)
      loop->block_runs = O2N_ADAPTIVE_BLOCK_RUNS - 2;
  }
  loop->k.adaptive.yield = team->spins <= O2N_SPIN_THROTTLED;
  order_by_domain(th, team, p);
  loop->k.adaptive.execution =
      atomic_fetch_add_explicit(&executions, 1, memory_order_relaxed) + 1;
  /* Range k of the domain order: floor(n / p) iterations, one more for the first n % p.  Only
     the ranges: each thread sets up its own state when it enters (thread_enter), so that the
     cache lines it uses alone are not written by the first arriver. */
  const uint64_t q = loop->n / p, r = loop->n % p;
  for (unsigned k = 0; k < p; k++) {
    const uint64_t lo = k * q + (k < r ? k : r);
    o2n_range_init(&th[th[k].by_domain].range[O2N_RANGE_SCHED], lo, lo + q + (k < r));
  }
}

/* At a thread's first chunk of an execution, of either kind of range: its victim generator, an
   empty grain history, and without a chunk the start of its busy time. */
static inline void thread_enter(const struct o2n_loop *loop, struct o2n_loop_thread *th,
                                unsigned tid)
{
  const uint64_t execution = loop->k.adaptive.execution;
  if (__builtin_expect(th->entered != execution, 0)) {
    th->entered = execution;
    th->rng = o2n_seed(execution, tid);
    th->grain_size = 0;
    th->grain_fit = 0;
    th->busy_from = loop->chunk == 0 ? o2n_ticks() : 0;
    th->busy = UINT64_MAX;
  }
}

/* Without a chunk: keeps the smallest grain that a thread measured for the site's next
   execution, whose threads start from it instead of probing with one iteration.  The smallest,
   because a first chunk too large for a slow thread is what stealing cannot balance.  A thread
   measures each chunk when it takes its next one or runs out of work (so a loop whose whole
   ranges fit in one grain still learns when its iterations get dearer), and one that ran no
   chunk (the others emptied its range before it came) measured nothing, and may be slower than
   those that did: the next execution then starts from a probe of one iteration, rather than
   give it a fast thread's grain, its whole range at once, which nobody could steal.
   The same pass adds up the threads' busy times: an execution in which every thread took part
   and that took at most O2N_ADAPTIVE_BLOCK_TICKS in all marks the site tiny for its trip count
   and team size, and the site's next execution with a slot, if it comes right after it, lets
   the threads run the ones after it as static blocks (loop.c).  That granting execution leaves
   the mark alone, so the one after the blocks measures again before any more are granted. */
static void adaptive_fini(struct o2n_loop *loop)
{
  if (loop->chunk != 0)
    return;
  uint64_t least = 0, busy = 0;
  bool unmeasured = false, everyone = true;
  for (unsigned t = 0; t < loop->nthreads; t++) {
    const struct o2n_loop_thread *th = &loop->threads[t];
    /* A thread that never asked for a chunk (a cancelled loop) holds an earlier execution's
       measurements. */
    if (th->entered != loop->k.adaptive.execution) {
      everyone = false;
      continue;
    }
    const uint64_t fit = th->grain_fit;
    unmeasured |= fit == 0;
    least = fit != 0 && (least == 0 || fit < least) ? fit : least;
    busy = busy + th->busy < busy ? UINT64_MAX : busy + th->busy;
  }
  struct o2n_site_rt *rt = o2n_site_rt(loop->site);
  if (least != 0)
    atomic_store_explicit(&rt->grain, unmeasured ? 1 : least, memory_order_relaxed);
  if (loop->block_runs != 0)
    return;
  const unsigned tiny = everyone && busy <= O2N_ADAPTIVE_BLOCK_TICKS ? loop->nthreads : 0;
  atomic_store_explicit(&rt->block_n, loop->n, memory_order_relaxed);
  atomic_store_explicit(&rt->block_threads, tiny, memory_order_relaxed);
  atomic_store_explicit(&rt->block_execution, loop->k.adaptive.site_execution,
                        memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------------- */
/* The grain                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/* The grain measured over the thread's last chunk, which it took at th->grain_from: the
   iterations that take O2N_ADAPTIVE_GRAIN_TICKS at that chunk's rate (at least 1). */
static uint64_t grain_measured(const struct o2n_loop_thread *th, uint64_t now)
{
  /* A clock that went back (a thread moved to a processor whose counter lags) reads as a very
     long time: the smallest grain, which is safe.  In 64 bits (a 128-bit division is a library
     call): a grain past 2^64 / O2N_ADAPTIVE_GRAIN_TICKS iterations stays as it is. */
  const uint64_t took = now - th->grain_from, last = th->grain_size;
  const uint64_t g = last > UINT64_MAX / O2N_ADAPTIVE_GRAIN_TICKS ? last
                     : took == 0 ? UINT64_MAX
                                 : last * O2N_ADAPTIVE_GRAIN_TICKS / took;
  return g ? g : 1;
}

/*
 * How many iterations thread th takes next (at most; fewer when its range has fewer), at least 1:
 * the loop's chunk when it has one.  Without one, the adaptive grain: the number of iterations that take
 * O2N_ADAPTIVE_GRAIN_TICKS at the rate the thread measured over its previous chunk, from when it
 * took that chunk to now.  So the grain grows fast over cheap iterations (a regular loop runs in
 * chunks of a few microseconds, at a fence each, near static's cost), stays at one iteration
 * over expensive ones (which then balance as well as with chunk 1), and follows the thread's own
 * speed: a thread slowed down by another program measures a slower rate and takes less, so the
 * others can steal the rest.  A chunk in progress is all that stealing cannot take, so a loop's
 * imbalance is at most about one grain's time.  The first chunk of a loop, and of what a thread
 * steals, is the site's last measured grain (adaptive_fini), or one iteration, a probe.
 * Measuring costs a read of the clock per chunk.  Called once per chunk the thread takes, which
 * then records the chunk's size.
 */
static uint64_t grain(const struct o2n_loop *loop, struct o2n_loop_thread *th)
{
  uint64_t g = loop->chunk;
  if (g == 0) {
    const uint64_t now = o2n_ticks();
    if (th->grain_size == 0) {
      g = loop->k.adaptive.first_grain;
    } else {
      g = grain_measured(th, now);
      th->grain_fit = g;
    }
    th->grain_from = now;
  }
  return g;
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

/* ------------------------------------------------------------------------------------------- */
/* The owner                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/* The owner's slow path: its claim of [b, ...) of c iterations (0: not sized yet, the range
   looked empty) conflicted with a thief, or its range looked empty.  Decides under the lock,
   where end is stable and begin may be set back (no thief reads it between our lock and unlock):
   returns true and sets [*lo, *hi) to what is left of the claim, or returns false when the range
   is empty (then it stays empty until its owner installs stolen iterations). */
static __attribute__((noinline)) bool take_own_locked(const struct o2n_loop *loop,
                                                      struct o2n_loop_thread *th,
                                                      struct o2n_range *self, uint64_t b,
                                                      uint64_t c, uint64_t *lo, uint64_t *hi)
{
  range_lock(loop, self);
  const uint64_t e = atomic_load_explicit(&self->end, memory_order_relaxed);
  const uint64_t nb = b < e ? b + min_u64(c ? c : grain(loop, th), e - b) : b;
  atomic_store_explicit(&self->begin, nb, memory_order_relaxed);
  range_unlock(self);
  /* end is exact under the lock, and thieves only lower it from here on. */
  self->drained = nb >= e;
  *lo = b;
  *hi = nb;
  if (nb == b)
    return false;
  th->grain_size = nb - b;
  return true;
}

/* Takes the next chunk from the front of the calling thread's own range: returns true and sets
   [*lo, *hi), or returns false when the range is empty.  The usual path takes no lock: one store,
   one fence, one load (W_o, F_o, R_o at the head of this file). */
static inline bool take_own(const struct o2n_loop *loop, struct o2n_loop_thread *th,
                            struct o2n_range *self, uint64_t *lo, uint64_t *hi)
{
  if (self->drained)
    return false;
  /* Relaxed: only this thread writes begin, and a thread reads its own last store. */
  const uint64_t b = atomic_load_explicit(&self->begin, memory_order_relaxed);
  /* A first, unordered look at end, only to size the chunk (so that the last chunk of a range
     does not always conflict); the read after the fence decides. */
  const uint64_t e = atomic_load_explicit(&self->end, memory_order_relaxed);
  uint64_t c = 0;
  if (__builtin_expect(b < e, 1)) {
    c = grain(loop, th);
    const uint64_t nb = b + min_u64(c, e - b);
    /* W_o: relaxed, because the fence below orders it before R_o. */
    atomic_store_explicit(&self->begin, nb, memory_order_relaxed);
    /* F_o: a full fence, so that a thief either sees our new begin or we see its new end (see the
       head of this file).  A release or acquire fence would not do: neither orders a store before
       a later load. */
    atomic_thread_fence(memory_order_seq_cst);
    /* R_o: relaxed, ordered after W_o by F_o. */
    const uint64_t end = atomic_load_explicit(&self->end, memory_order_relaxed);
    if (__builtin_expect(nb <= end, 1)) {
      /* Drained when R_o reads exactly nb: a thief holding end at nb takes [nb, ...) whatever
         begin it reads (begin never passes nb now), so none puts a larger end back; the next
         call goes straight to stealing, without locking a range that thieves have read. */
      self->drained = nb == end;
      *lo = b;
      *hi = nb;
      th->grain_size = nb - b;
      return true;
    }
  }
  return take_own_locked(loop, th, self, b, c, lo, hi);
}

/* ------------------------------------------------------------------------------------------- */
/* Thieves                                                                                     */
/* ------------------------------------------------------------------------------------------- */

enum steal_outcome { STEAL_EMPTY, STEAL_BUSY, STEAL_DONE };

/* Steals from victim's range: returns STEAL_DONE and sets [*lo, *hi) to the stolen iterations;
   STEAL_EMPTY when the range looks empty; STEAL_BUSY when it is locked or its owner got there
   first (worth a pause before the next try). */
static enum steal_outcome try_steal(struct o2n_range *victim, uint64_t *lo, uint64_t *hi)
{
  /* A look without the lock: an empty range is skipped without writing to its cache line. */
  if (atomic_load_explicit(&victim->begin, memory_order_relaxed) >=
      atomic_load_explicit(&victim->end, memory_order_relaxed))
    return STEAL_EMPTY;
  if (!range_trylock(victim))
    return STEAL_BUSY;
  /* end is exact under the lock; begin may be stale or grow meanwhile: R_t below decides. */
  const uint64_t e = atomic_load_explicit(&victim->end, memory_order_relaxed);
  const uint64_t b = atomic_load_explicit(&victim->begin, memory_order_relaxed);
  bool stolen = false;
  if (b < e) {
    const uint64_t rest = e - b;
    /* Relaxed: a stale "not started" only makes us take a whole range that its owner has begun,
       which the protocol below settles like any other steal. */
    const uint64_t take = atomic_load_explicit(&victim->started, memory_order_relaxed)
                              ? rest / 2 + rest % 2
                              : rest;
    const uint64_t mid = e - take;
    /* W_t: relaxed, ordered before R_t by F_t. */
    atomic_store_explicit(&victim->end, mid, memory_order_relaxed);
    /* F_t: the full fence that pairs with the owner's F_o. */
    atomic_thread_fence(memory_order_seq_cst);
    /* R_t */
    if (atomic_load_explicit(&victim->begin, memory_order_relaxed) <= mid) {
      *lo = mid;
      *hi = e;
      stolen = true;
    } else {
      /* The owner has taken, or is taking, iterations past mid: give the range back whole. */
      atomic_store_explicit(&victim->end, e, memory_order_relaxed);
    }
  }
  range_unlock(victim);
  return stolen ? STEAL_DONE : STEAL_BUSY;
}

/* A thread whose range looks non-empty, searching from a random one, or p if there is none.  The
   loads are relaxed: the answer is a hint (see the head of the file on termination). */
static unsigned find_work(const struct o2n_loop *loop, unsigned tid, enum o2n_range_kind kind,
                          uint64_t *rng)
{
  const unsigned p = loop->nthreads, first = random_below(rng, p);
  for (unsigned i = 0; i < p; i++) {
    const unsigned v = (first + i) % p;
    const struct o2n_range *t = &loop->threads[v].range[kind];
    if (v != tid && atomic_load_explicit(&t->begin, memory_order_relaxed) <
                        atomic_load_explicit(&t->end, memory_order_relaxed))
      return v;
  }
  return p;
}

/* Whether every other thread has left the loop's work share (work.c).  A thread leaves only
   when its own range is empty and nobody gives it iterations any more, so then no range has
   work: the last thread out of a short loop learns it from the one cache line it must write to
   leave anyway, instead of looking at every other range.  Relaxed: a stale count only sends us
   looking. */
static bool others_left(const struct o2n_loop *loop)
{
  const struct o2n_ws *ws = (const struct o2n_ws *)((const char *)loop -
                                                    offsetof(struct o2n_ws, loop));
  return atomic_load_explicit(&ws->departed, memory_order_relaxed) + 1 == loop->nthreads;
}

/* Finds iterations for thread tid, whose range of the kind is empty: steals some, keeps the
   first chunk for [*lo, *hi) and installs the rest as its range.  Returns false when no thread
   has work left in a range of the kind. */
__attribute__((noinline)) bool o2n_range_steal(struct o2n_loop *loop, unsigned tid,
                                               enum o2n_range_kind kind, uint64_t *lo,
                                               uint64_t *hi)
{
  const unsigned p = loop->nthreads;
  if (p == 1 || others_left(loop))
    return false;
  struct o2n_loop_thread *th = loop->threads, *self = &th[tid];
  const unsigned peers = self->peers_hi - self->peers_lo; /* itself included */
  const unsigned local = O2N_ADAPTIVE_LOCAL_ROUNDS * (peers - 1);
  const unsigned first = peers > 1 ? random_below(&self->rng, peers - 1) : 0;
  uint64_t slo, shi;
  unsigned victim;
  for (unsigned attempt = 0, since_scan = 0, round = 0;; attempt++) {
    if (attempt < local) {
      /* The other threads of our domain in turn, from a random one: positions of the domain
         with our own left out. */
      unsigned k = self->peers_lo + (first + attempt) % (peers - 1);
      if (k >= self->order_pos)
        k++;
      victim = th[k].by_domain;
    } else if (++since_scan < p) {
      /* Any other thread, at random. */
      victim = random_below(&self->rng, p - 1);
      if (victim >= tid)
        victim++;
    } else {
      /* After a round of p - 1 failures: is there anything left at all? */
      since_scan = 0;
      victim = find_work(loop, tid, kind, &self->rng);
      if (victim == p)
        return false;
      back_off(loop, round++);
    }
    const enum steal_outcome got = try_steal(&th[victim].range[kind], &slo, &shi);
    if (got == STEAL_DONE)
      break;
    if (got == STEAL_BUSY)
      o2n_cpu_relax();
  }

  const unsigned pos = th[victim].order_pos;
  if (pos >= self->peers_lo && pos < self->peers_hi)
    self->stats.steals_same++;
  else
    self->stats.steals_other++;
  /* Keep the first chunk; the rest becomes our range.  Under our lock: a thief reading begin and
     end without it could see one of the old, empty range and one of the new, and take iterations
     that belong to neither. */
  /* The stolen iterations lie elsewhere in the loop, where iterations may cost more than where
     we measured: their first chunk is the execution's first grain, a probe, as at the start. */
  self->grain_size = 0;
  *lo = slo;
  *hi = slo + min_u64(grain(loop, self), shi - slo);
  self->grain_size = *hi - slo;
  if (*hi < shi) {
    struct o2n_range *mine = &self->range[kind];
    range_lock(loop, mine);
    atomic_store_explicit(&mine->begin, *hi, memory_order_relaxed);
    atomic_store_explicit(&mine->end, shi, memory_order_relaxed);
    range_unlock(mine);
    mine->drained = false;
  }
  return true;
}

bool o2n_range_take(struct o2n_loop *loop, unsigned tid, enum o2n_range_kind kind, uint64_t *lo,
                    uint64_t *hi)
{
  struct o2n_loop_thread *th = &loop->threads[tid];
  struct o2n_range *self = &th->range[kind];
  thread_enter(loop, th, tid);
  /* Relaxed: a hint for thieves (whole range or half), see try_steal. */
  if (__builtin_expect(!atomic_load_explicit(&self->started, memory_order_relaxed), 0))
    atomic_store_explicit(&self->started, true, memory_order_relaxed);
  return take_own(loop, th, self, lo, hi);
}

/*
 * Thread tid's next chunk: from its own range (no lock, one seq_cst fence, unless a thief
 * interferes), else stolen.  Returns false when every range is empty.  Chunks have at most `chunk`
 * iterations (the grain without a chunk), and a thread's chunks are not in increasing order once
 * it steals.
 */
static bool adaptive_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi)
{
  if (o2n_range_take(loop, tid, O2N_RANGE_SCHED, lo, hi) ||
      o2n_range_steal(loop, tid, O2N_RANGE_SCHED, lo, hi))
    return true;
  /* Out of work: the end of its busy time, and the grain of its last chunk, which no later
     chunk measured (adaptive_fini). */
  struct o2n_loop_thread *th = &loop->threads[tid];
  if (loop->chunk == 0) {
    const uint64_t now = o2n_ticks();
    th->busy = now - th->busy_from;
    if (th->grain_size != 0)
      th->grain_fit = grain_measured(th, now);
  }
  return false;
}

const struct o2n_sched_ops o2n_sched_adaptive = {
    .init = adaptive_init,
    .next = adaptive_next,
    .fini = adaptive_fini,
};
