/*
 * pool.c -- the persistent worker threads.
 *
 * Workers are created when a team first needs them and then live as long as the program, idle
 * between regions: each waits on its own futex for the next dispatch, spinning briefly (so that
 * back-to-back regions do not pay a wake-up) and then sleeping.  A team reserves workers under the
 * pool lock: first those its primary thread's last team of the same size and level had (team.c
 * keeps the list), then the lowest-numbered idle ones, so that an outermost team of n threads
 * gets workers 1..n-1 in the same order every time, and so does each inner team of a nest, and
 * they seldom have to re-bind.
 *
 * A worker is reserved by a compare-and-swap of its `busy` flag, and pool.nbusy counts the
 * reservations: so a team whose workers are all still idle takes them back without the lock
 * (o2n_pool_reclaim, the path of a region that repeats the last one), and the lock only orders
 * the searches for idle workers and the creation of new ones.
 */
#include "internal.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>

struct o2n_worker {
  /* Dispatch count: the primary thread bumps it after writing team and tid; the worker waits for
     it to move. */
  alignas(O2N_CACHE_LINE) struct o2n_futex go;
  struct o2n_team *team; /* the job, published by go */
  unsigned tid;
  _Atomic bool busy;     /* reserved by a team: set by claim(), cleared by its team's release */
  /* pool.epoch when it was created, 0 once retired: written under the lock, read by
     o2n_pool_reclaim without it (after claiming the worker, which a retirement does first). */
  _Atomic unsigned epoch;
  /* Spinning for its next dispatch, hence runnable (o2n_pool_runnable counts a worker that is
     busy or spinning once).  In a line of its own, which only the worker writes, so
     that the dispatcher's store to go need not take it back. */
  alignas(O2N_CACHE_LINE) _Atomic bool spinning;
};

static struct {
  pthread_mutex_t lock;
  /* Written under the lock.  Neither workers nor outgrown arrays are ever freed, so that
     o2n_pool_runnable may read an array without the lock. */
  _Atomic(struct o2n_worker **) workers;
  unsigned capacity;
  /* Reserved workers: a reservation adds first and then checks the thread limit against what
     was there before it, so that concurrent ones never exceed it together. */
  _Atomic unsigned nbusy;
  _Atomic unsigned nworkers;   /* written under the lock; read without it by idle workers */
  /* Bumped in a fork's child: a worker of another epoch is not in the pool (its thread may not
     exist), whatever a team's list of preferred workers says.  Read without the lock by
     current(). */
  _Atomic unsigned epoch;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER, .epoch = 1};

/* Reserves an idle worker; false if some team has it.  Acquire: whatever its last team did
   happened before the release that freed it (o2n_pool_release). */
static bool claim(struct o2n_worker *w)
{
  bool idle = false;
  return atomic_compare_exchange_strong_explicit(&w->busy, &idle, true, memory_order_acquire,
                                                 memory_order_relaxed);
}

static void unclaim(struct o2n_worker *w)
{
  atomic_store_explicit(&w->busy, false, memory_order_release);
}

/* Whether w belongs to the pool of this process (not one that a fork left behind, nor a retired
   one). */
static bool current(const struct o2n_worker *w)
{
  return atomic_load_explicit(&w->epoch, memory_order_relaxed) ==
         atomic_load_explicit(&pool.epoch, memory_order_relaxed);
}

/* Waits for the worker's next dispatch; returns the new dispatch count.  The worker is flagged
   `spinning` (worker_main sets it before leaving its team) until it stops spinning: runnable,
   and load.c must not take it for another program.  A flag of its own, not a shared counter, so
   that idle workers do not contend for one cache line. */
static uint32_t idle_wait(struct o2n_worker *self, uint32_t seen, unsigned spins)
{
  /* Acquire: team and tid, written before the dispatch's release. */
  uint32_t now = o2n_futex_spin(&self->go, seen, spins);
  atomic_store_explicit(&self->spinning, false, memory_order_relaxed);
  return now != seen ? now : o2n_futex_block(&self->go, seen);
}

static void *worker_main(void *arg)
{
  struct o2n_worker *self = arg;
  uint32_t seen = 0;
  for (;;) {
    /* Idle workers count as running while they spin: with more threads than processors they
       sleep almost at once. */
    unsigned nrunning = atomic_load_explicit(&pool.nworkers, memory_order_relaxed) + 1;
    seen = idle_wait(self, seen, o2n_spin_budget(nrunning));
    struct o2n_team *team = self->team;
    if (!team)
      break; /* retired by o2n_pool_retire_idle: the thread ends, its memory stays */
    struct o2n_futex *last = o2n_team_member_run(team, self->tid);
    o2n_current = NULL;
    /* Flagged before it leaves the team, while it is still reserved, so that it is never
       runnable without being counted: a region that starts right after this one's join must
       not take it for another program. */
    atomic_store_explicit(&self->spinning, true, memory_order_relaxed);
    /* The last access to the team (its `running` count, or `helpers` for a worker that stayed to
       run tasks): the primary thread may free it as soon as the count is 0. */
    o2n_futex_count_down(last);
  }
  return NULL;
}

/* In the child of a fork() only the forking thread exists: forget the parent's workers (their
   memory is left alone, never touched again) so that the child's first region creates its own.
   The lock is re-initialised because another thread of the parent may have held it. */
static void pool_forget_after_fork(void)
{
  pthread_mutex_init(&pool.lock, NULL);
  atomic_store_explicit(&pool.workers, NULL, memory_order_relaxed);
  pool.capacity = 0;
  atomic_store_explicit(&pool.nbusy, 0, memory_order_relaxed);
  atomic_store_explicit(&pool.nworkers, 0, memory_order_relaxed);
  atomic_fetch_add_explicit(&pool.epoch, 1, memory_order_relaxed);
}

static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;

static void register_fork_handler(void)
{
  if (pthread_atfork(NULL, NULL, pool_forget_after_fork) != 0)
    o2n_fatal("cannot register the worker pool's fork handler");
}

/* Attributes of a new worker: detached, with OMP_STACKSIZE's stack (checked by env.c; otherwise
   the system's default, which glibc takes from `ulimit -s`, as GCC's workers get), and, in_mask,
   not the creator's place: a worker of an unbound team runs anywhere in the process's mask. */
static void worker_attr(pthread_attr_t *attr, bool in_mask)
{
  pthread_attr_init(attr);
  pthread_attr_setdetachstate(attr, PTHREAD_CREATE_DETACHED);
  if (in_mask)
    o2n_topology_thread_attr(attr);
  if (o2n_global.stacksize)
    pthread_attr_setstacksize(attr, o2n_global.stacksize);
}

/* Creates one more worker; the pool lock is held. */
static struct o2n_worker *worker_create(void)
{
  unsigned n = atomic_load_explicit(&pool.nworkers, memory_order_relaxed);
  struct o2n_worker **workers = atomic_load_explicit(&pool.workers, memory_order_relaxed);
  pthread_once(&fork_handler_once, register_fork_handler);
  if (n == pool.capacity) {
    unsigned capacity = pool.capacity ? 2 * pool.capacity : 8;
    struct o2n_worker **grown = o2n_xmalloc(capacity * sizeof *grown);
    if (n)
      memcpy(grown, workers, n * sizeof *grown);
    workers = grown;
    /* Release: a reader that sees the array sees the entries copied into it. */
    atomic_store_explicit(&pool.workers, workers, memory_order_release);
    pool.capacity = capacity;
  }
  struct o2n_worker *worker = o2n_xcalloc_aligned(sizeof *worker);
  atomic_init(&worker->go.word, 0);
  atomic_init(&worker->epoch, atomic_load_explicit(&pool.epoch, memory_order_relaxed));
  atomic_init(&worker->busy, true); /* for the team that creates it */

  pthread_attr_t attr;
  pthread_t thread;
  worker_attr(&attr, true);
  int err = pthread_create(&thread, &attr, worker_main, worker);
  pthread_attr_destroy(&attr);
  if (err == EINVAL) {
    /* The mask's processors are no longer all allowed (a cgroup shrunk): inherit instead. */
    worker_attr(&attr, false);
    err = pthread_create(&thread, &attr, worker_main, worker);
    pthread_attr_destroy(&attr);
  }
  if (err != 0 && o2n_global.stacksize)
    o2n_fatal("cannot create worker thread %u with a stack of %zu bytes (OMP_STACKSIZE): %s",
              n + 1, o2n_global.stacksize, strerror(err));
  if (err != 0)
    o2n_fatal("cannot create worker thread %u: %s", n + 1, strerror(err));
  /* Atomic, and release: after o2n_pool_retire_idle, this slot may still hold a retired worker
     that o2n_pool_runnable, pairing an older count with this array, is reading; it may then read
     this worker's flags, whose initialisation the release publishes. */
  __atomic_store_n(&workers[n], worker, __ATOMIC_RELEASE);
  /* Release: a reader that sees the count sees the entry, in this array or a later copy. */
  atomic_store_explicit(&pool.nworkers, n + 1, memory_order_release);
  return worker;
}

unsigned o2n_pool_runnable(void)
{
  /* Without the lock: a worker created meanwhile may be missed, which a sample can afford.  A
     worker counts once, reserved or spinning. */
  unsigned n = atomic_load_explicit(&pool.nworkers, memory_order_acquire);
  struct o2n_worker **workers = atomic_load_explicit(&pool.workers, memory_order_acquire);
  unsigned runnable = 1;
  for (unsigned i = 0; i < n; i++) {
    const struct o2n_worker *w = __atomic_load_n(&workers[i], __ATOMIC_ACQUIRE);
    runnable += atomic_load_explicit(&w->busy, memory_order_relaxed) ||
                atomic_load_explicit(&w->spinning, memory_order_relaxed);
  }
  return runnable;
}

/* Counts n more workers of group (NULL: the program's) in the pool's busy count and, for
   another group, in the group's; returns the threads running in the group before them, the
   calling thread included (as are the workers of the group's enclosing teams). */
static unsigned group_count_in(struct o2n_group *group, unsigned n, unsigned *program_running)
{
  *program_running = atomic_fetch_add_explicit(&pool.nbusy, n, memory_order_relaxed) + 1;
  return group ? atomic_fetch_add_explicit(&group->nbusy, n, memory_order_relaxed) + 1
               : *program_running;
}

/* Takes back group_count_in's count of n workers. */
static void group_count_out(struct o2n_group *group, unsigned n)
{
  atomic_fetch_sub_explicit(&pool.nbusy, n, memory_order_relaxed);
  if (group)
    atomic_fetch_sub_explicit(&group->nbusy, n, memory_order_relaxed);
}

unsigned o2n_pool_acquire(struct o2n_group *group, struct o2n_worker **out, unsigned want,
                          bool dyn, unsigned *nrunning, bool *shared)
{
  /* Sampled before the lock: it may read a file. */
  const unsigned others = dyn ? o2n_load_others() : 0;
  pthread_mutex_lock(&pool.lock);
  /* Counted first. */
  unsigned running;
  const unsigned in_group = group_count_in(group, want, &running);
  const unsigned limit = o2n_group_limit(group);
  unsigned room = limit > in_group ? limit - in_group : 0;
  if (dyn) {
    /* Docs/runtime.md's policy: no more threads than processors that neither this program's
       running threads nor other programs' runnable threads occupy. */
    unsigned nreal = o2n_topology()->nreal;
    unsigned used = running + others;
    unsigned idle = nreal > used ? nreal - used : 0;
    room = room < idle ? room : idle;
  }
  *shared = others > 0 && want > room;
  if (want > room) {
    group_count_out(group, want - room);
    want = room;
  }

  /* The preferred workers that are idle keep their slots; the others are emptied. */
  for (unsigned i = 0; i < want; i++)
    if (!out[i] || !current(out[i]) || !claim(out[i]))
      out[i] = NULL;
  /* The empty slots, in order, get the lowest-numbered idle workers, then new ones. */
  const unsigned n = atomic_load_explicit(&pool.nworkers, memory_order_relaxed);
  struct o2n_worker **workers = atomic_load_explicit(&pool.workers, memory_order_relaxed);
  unsigned next = 0;
  for (unsigned slot = 0; slot < want; slot++) {
    if (out[slot])
      continue;
    while (next < n && !claim(workers[next]))
      next++;
    out[slot] = next < n ? workers[next++] : worker_create();
  }
  pthread_mutex_unlock(&pool.lock);
  *nrunning = running + want;
  return want;
}

bool o2n_pool_reclaim(struct o2n_group *group, struct o2n_worker **workers, unsigned n,
                      unsigned *nrunning)
{
  unsigned running;
  const unsigned in_group = group_count_in(group, n, &running);
  unsigned got = 0;
  if (in_group + n <= o2n_group_limit(group)) {
    for (; got < n && claim(workers[got]); got++) {
      if (!current(workers[got])) {
        unclaim(workers[got]);
        break;
      }
    }
  }
  if (got == n) {
    *nrunning = running + n;
    return true;
  }
  while (got > 0)
    unclaim(workers[--got]);
  group_count_out(group, n);
  return false;
}

unsigned o2n_pool_retire_idle(void)
{
  pthread_mutex_lock(&pool.lock);
  const unsigned n = atomic_load_explicit(&pool.nworkers, memory_order_relaxed);
  struct o2n_worker **workers = atomic_load_explicit(&pool.workers, memory_order_relaxed);
  /* Claimed, so that no team takes them any more (o2n_pool_reclaim claims before it looks at the
     epoch), and marked by epoch 0. */
  unsigned nretired = 0;
  for (unsigned i = 0; i < n; i++) {
    if (claim(workers[i])) {
      atomic_store_explicit(&workers[i]->epoch, 0, memory_order_relaxed);
      nretired++;
    }
  }
  if (nretired == 0) {
    pthread_mutex_unlock(&pool.lock);
    return 0;
  }
  /* The busy workers first, keeping their order, then the retired ones: o2n_pool_runnable may
     pair the old count with the new array, so every entry below the old count must stay a worker
     (the retired ones are neither busy nor spinning once they have left).  The old array is left
     alone, as outgrown arrays are. */
  struct o2n_worker **kept = o2n_xmalloc(pool.capacity * sizeof *kept);
  unsigned nkept = 0;
  for (unsigned i = 0; i < n; i++)
    if (atomic_load_explicit(&workers[i]->epoch, memory_order_relaxed) != 0)
      kept[nkept++] = workers[i];
  for (unsigned i = 0, r = 0; i < n; i++) {
    if (atomic_load_explicit(&workers[i]->epoch, memory_order_relaxed) == 0) {
      kept[nkept + r++] = workers[i];
      /* No team: the worker ends (worker_main). */
      o2n_pool_dispatch(workers[i], NULL, 0);
      unclaim(workers[i]);
    }
  }
  atomic_store_explicit(&pool.workers, kept, memory_order_release);
  atomic_store_explicit(&pool.nworkers, nkept, memory_order_release);
  pthread_mutex_unlock(&pool.lock);
  return nretired;
}

void o2n_pool_dispatch(struct o2n_worker *worker, struct o2n_team *team, unsigned tid)
{
  worker->team = team;
  worker->tid = tid;
  /* One thread at a time changes the value while the worker is reserved (the worker merely flags
     its sleep): the team's primary thread at the fork, and at most once more in the region, after
     the worker has left it, the thread that recalls it to the team's tasks (task.c's
     team_recall); each dispatch happens after the worker saw the previous one, so a relaxed read
     gets the current count.  The store releases team and tid. */
  o2n_futex_store(&worker->go, o2n_futex_value(&worker->go, memory_order_relaxed) + 1);
}

void o2n_pool_release(struct o2n_group *group, struct o2n_worker **workers, unsigned n)
{
  if (n == 0)
    return;
  for (unsigned i = 0; i < n; i++)
    unclaim(workers[i]);
  group_count_out(group, n);
}
