/*
 * internal.h -- libomp2numa's private structures and prototypes, one section per source file.
 *
 * Naming: o2n_* functions and types, O2N_* macros, all hidden.  The exported entry points
 * (__omp2numa_* in omp2numa-abi.h, omp_* in omp.h, omp2numa_* in omp2numa.h) are thin wrappers
 * over the functions declared here.
 *
 * Concurrency vocabulary used in the comments: "published by X" means that the fields were written
 * before a release operation X and are read after an acquire operation that reads from X, so the
 * reads need no atomics of their own.
 */
#ifndef O2N_INTERNAL_H
#define O2N_INTERNAL_H

#include "config.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <omp2numa.h>

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdnoreturn.h>
#include <time.h>

struct o2n_affinity;
struct o2n_loop;
struct o2n_loop_thread;
struct o2n_stats_site;
struct o2n_team;
struct o2n_thread;
struct o2n_worker;
struct hwloc_bitmap_s; /* hwloc_bitmap_t and hwloc_topology_t, for places.c and topology.c */
struct hwloc_topology;

/* ------------------------------------------------------------------------------------------- */
/* error.c                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/* Prints "omp2numa: <message>" on stderr and exits with status 1.  Run-time errors of the program
   (bad clause values, maps that do not fit, API misuse) end here. */
O2N_INTERNAL noreturn void o2n_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Same, for an error at a construct of the user's program: "omp2numa: <file>:<line>: <message>". */
O2N_INTERNAL noreturn void o2n_fatal_at(const char *file, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Prints "omp2numa: warning: <message>" on stderr and returns.  Malformed environment variables
   end here: the runtime keeps the documented default. */
O2N_INTERNAL void o2n_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ------------------------------------------------------------------------------------------- */
/* alloc.c: allocations that stop the program when memory runs out                            */
/* ------------------------------------------------------------------------------------------- */

/* malloc, calloc, realloc and strdup that never return NULL: out of memory, they stop the
   program with o2n_fatal.  A size of 0 allocates one byte, so that NULL never means "empty". */
O2N_INTERNAL void *o2n_xmalloc(size_t size);
O2N_INTERNAL void *o2n_xcalloc(size_t n, size_t size);
O2N_INTERNAL void *o2n_xrealloc(void *p, size_t size);
O2N_INTERNAL char *o2n_xstrdup(const char *s);

/* count elements of size bytes, never NULL: a count whose bytes do not fit a size_t stops the
   program with "<what> of <count> elements of <size> bytes is larger than memory". */
O2N_INTERNAL void *o2n_xmalloc_array(uint64_t count, size_t size, const char *what);

/* size bytes, zeroed, aligned on a cache line (O2N_CACHE_LINE), for objects with members of
   their own cache lines; freed with free().  Stops the program when memory runs out. */
O2N_INTERNAL void *o2n_xcalloc_aligned(size_t size);

/* An empty hwloc bitmap (an hwloc_bitmap_t, freed with hwloc_bitmap_free); stops the program
   when memory runs out. */
O2N_INTERNAL struct hwloc_bitmap_s *o2n_xbitmap_alloc(void);

/* ------------------------------------------------------------------------------------------- */
/* placement.c: memory placed on NUMA nodes (omp_locality_domain_*, the allocators' partitions)  */
/* ------------------------------------------------------------------------------------------- */

/* An allocation of the placement API, freed with omp_locality_domain_free(p, size): bloc1d
   (cyclic false: one block per domain) or bloc1dcyclic (blocs of blocsize bytes dealt
   round-robin), over the current team's domains when node < 0, or all of it on node `node` of the
   planning topology (one domain) otherwise.  NULL with errno as omp_locality_domain_allocate_*. */
O2N_INTERNAL void *o2n_placement_alloc(size_t size, size_t blocsize, bool cyclic, int node);

/* The planning topology's NUMA nodes of the domains that placed memory is for, into node[] (room
   for every node of the topology); returns their number, 0 if memory runs out.  Inside a region,
   the current team's; outside, those of the team a region without clauses would get there. */
O2N_INTERNAL unsigned o2n_placement_domains(struct o2n_thread *self, unsigned *node);

/* The bytes of one bloc1d block of `size` bytes over `ndomains` domains: ceil(size / ndomains)
   rounded up to pages, and to huge pages from O2N_PLACEMENT_HUGE_BLOCK of them on; 0 on
   overflow. */
O2N_INTERNAL size_t o2n_placement_block(size_t size, unsigned ndomains);

/* ------------------------------------------------------------------------------------------- */
/* migrate.c, attach.c, next_touch.c: memory that follows its threads                          */
/* ------------------------------------------------------------------------------------------- */

/* The whole pages covering [ptr, ptr + size) into *start and *len; -1 with errno EINVAL if ptr is
   NULL, size 0, or the range wraps. */
O2N_INTERNAL int o2n_page_span(const void *ptr, size_t size, char **start, size_t *len);

/* Binds the pages [start, start + len) strictly to OS node `node` and moves those in memory there;
   -1 with errno (EINVAL: no such node; EIO: a page could not be moved; EFAULT: not mapped). */
O2N_INTERNAL int o2n_migrate_span(char *start, size_t len, int node);

/* The same, cut into one bloc1d block per node of node[0..n-1] (planning-topology nodes); does
   nothing under a synthetic topology. */
O2N_INTERNAL int o2n_migrate_spread(char *start, size_t len, const unsigned *node, unsigned n);

/* Marks the pages [start, start + len) for next touch; -1 with errno (ENOMEM: no free slot, or
   not mapped). */
O2N_INTERNAL int o2n_next_touch_span(char *start, size_t len);

/* ------------------------------------------------------------------------------------------- */
/* topology.c                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* The topology the runtime plans with: OMP2NUMA_TOPOLOGY's if set, else the machine's.  Its
   processing units are numbered by "position" in fill order: the PUs of NUMA node 0 first (in
   hwloc's logical order), then those of node 1, and so on.  Threads are planned on places, which
   are sets of positions (OMP_PLACES; by default place p is position p); a thread bound to a
   place is bound to the real machine's PUs of its positions, position p being real PU p modulo
   the real PU count, because binding to a synthetic topology's PU does nothing. */
struct o2n_place {
  unsigned npus;       /* positions in the place, at least 1 */
  const unsigned *pus; /* its positions, increasing */
  unsigned domain;     /* the NUMA node of its first position */
};

struct o2n_topology {
  unsigned npus;          /* positions: the planning topology's PUs in the affinity mask */
  unsigned ndomains;      /* NUMA nodes */
  const unsigned *domain; /* domain[p]: the NUMA node of position p; non-decreasing in p */
  unsigned nreal;         /* PUs of the real machine the process may run on (its affinity mask
                             within the cgroup's): what decides whether threads oversubscribe it */
  const unsigned *node_os; /* node_os[d]: the OS number (P#) of NUMA node d */
  bool this_system;       /* planning with the real machine (no OMP2NUMA_TOPOLOGY) */
  unsigned nplaces;       /* the place list (OMP_PLACES) */
  const struct o2n_place *places;
};

/* A place partition (place-partition-var): places first .. first + count - 1 of the list. */
struct o2n_partition {
  unsigned first, count;
};

/* Loads the topologies; called once, by o2n_init(), before any thread is created, before the
   place list is set (o2n_places_init) and before the environment is read. */
O2N_INTERNAL void o2n_topology_init(void);

/* The planning topology; valid after o2n_init(), then read-only. */
O2N_INTERNAL const struct o2n_topology *o2n_topology(void);

/* The planning topology's hwloc handle (an hwloc_topology_t), for the abstract place names. */
O2N_INTERNAL struct hwloc_topology *o2n_topology_hwloc(void);

/* The OS index (P#) in the planning topology of the PU at a position. */
O2N_INTERNAL unsigned o2n_topology_pu_os(unsigned position);

/* Whether the planning topology has a PU with OS index `os`, whether or not the process's
   affinity mask holds it (OMP_PLACES: a processor that does not exist is an error, one outside
   the mask is left out). */
O2N_INTERNAL bool o2n_topology_pu_exists(long os);

/* Writes the processors that the runtime plans with, the affinity mask (OS indices of the
   planning topology), as a list ("0-3,8"), truncated to size (OMP_DISPLAY_ENV). */
O2N_INTERNAL void o2n_topology_mask_format(char *buf, size_t size);

/* Writes the real processors the calling thread may run on now, as a list ("2,3"): its place's
   when it is bound, else the process's mask.  For the thread-affinity field of
   OMP_DISPLAY_AFFINITY and omp_capture_affinity. */
O2N_INTERNAL void o2n_topology_thread_affinity(char *buf, size_t size);

/* Makes threads created with `attr` (a pthread_attr_t *) start on the process's mask, not on
   their creator's place: workers that a bound thread creates for an unbound team (pool.c). */
O2N_INTERNAL void o2n_topology_thread_attr(void *attr);

/* Makes places[0 .. nplaces) the place list (places.c, during o2n_init only: nothing is bound
   yet), and computes the real cpuset that binding to each place uses. */
O2N_INTERNAL void o2n_topology_set_places(const struct o2n_place *places, unsigned nplaces);

/* The place the calling thread is bound to, or -1 (topology.c keeps it; read it through
   o2n_topology_bound_place). */
O2N_INTERNAL extern _Thread_local int o2n_bound_place
    __attribute__((tls_model(O2N_TLS_MODEL)));

/* o2n_topology_bind's binding system call, for a thread not bound to `place` yet. */
O2N_INTERNAL void o2n_topology_rebind(unsigned place);

/* Binds the calling thread to the real PUs of a place.  Inline and free when it is bound there
   already, as a worker of a repeated team is at every region; a failure prints one warning for
   the whole program and leaves the thread unbound. */
static inline void o2n_topology_bind(unsigned place)
{
  if ((int)place != o2n_bound_place)
    o2n_topology_rebind(place);
}

/* Lets the calling thread run on every PU again if it is bound. */
O2N_INTERNAL void o2n_topology_unbind(void);

/* The place the calling thread is bound to, or -1 (omp_get_place_num). */
static inline int o2n_topology_bound_place(void)
{
  return o2n_bound_place;
}

/* Binds memory [addr, addr + len) (whole pages) to NUMA node `domain` of the planning topology.
   Returns 0, or -1 with errno: ENOSYS when there is nothing to bind to (one node, or a synthetic
   topology), or the error of the system call. */
O2N_INTERNAL int o2n_topology_membind(void *addr, size_t len, unsigned domain);

/* ------------------------------------------------------------------------------------------- */
/* places.c: the place list (OMP_PLACES) and thread placement                                  */
/* ------------------------------------------------------------------------------------------- */

/* Sets the default place list, one place per position; called once, by o2n_init(), after
   o2n_topology_init() and before the environment is read. */
O2N_INTERNAL void o2n_places_init(void);

/* Replaces the place list with OMP_PLACES's value (during o2n_init only).  Returns NULL, or why
   the value is malformed (and then changes nothing). */
O2N_INTERNAL const char *o2n_places_parse(const char *value);

/* Writes the place list as OMP_PLACES would spell it ("{0},{1:2}"), truncated to size. */
O2N_INTERNAL void o2n_places_format(char *buf, size_t size);

/* The processor numbers (OS indices in the planning topology) of a place, increasing, into ids
   when it is not NULL; returns their count. */
O2N_INTERNAL unsigned o2n_place_proc_ids(unsigned place, int *ids);

/* The place of thread tid of a team of n threads whose primary thread is at `place` and has the
   partition `parent`, under affinity policy (an omp_proc_bind_t, never false), as OpenMP defines
   close, spread and primary; *partition receives the thread's own partition.  The same arguments
   always give the same place: thread t of a team of n runs on the same PUs in every region. */
O2N_INTERNAL unsigned o2n_place_assign(unsigned place, struct o2n_partition parent, unsigned tid,
                                       unsigned n, int policy, struct o2n_partition *partition);

/* ------------------------------------------------------------------------------------------- */
/* barrier.c: the wait primitive, and barriers built on it                                      */
/* ------------------------------------------------------------------------------------------- */

/* A futex word holding a 31-bit value (bits 31..1) and a "sleepers" flag (bit 0) that a waiter
   sets before it sleeps in the kernel, so that writers make the wake-up system call only when
   somebody sleeps.  Every writer changes the value with one atomic read-modify-write that also
   collects the flag; after that it touches the word only through the wake-up system call, which
   is harmless even on freed memory.  So the object that holds the word may be freed as soon as
   its waiters have seen the value they wait for. */
struct o2n_futex {
  _Atomic uint32_t word;
};

/* Values wrap modulo 2^31: callers compare them for equality only. */
#define O2N_FUTEX_VALUE_MASK 0x7fffffffu

/* The current value, with the given memory order. */
static inline uint32_t o2n_futex_value(struct o2n_futex *f, memory_order order)
{
  return atomic_load_explicit(&f->word, order) >> 1;
}

/* Waits while the value is `old`: spins `spins` times with a pause, then sleeps on the futex.
   Returns the first other value it reads, with acquire ordering (so whatever the writer published
   before its release is visible).  A waiter that sleeps is woken by o2n_futex_store and
   o2n_futex_cas, and by o2n_futex_count_down when the value reaches 0 only. */
O2N_INTERNAL uint32_t o2n_futex_wait(struct o2n_futex *f, uint32_t old, unsigned spins);

/* The spinning half of o2n_futex_wait: returns the first other value it reads (acquire), or
   `old` when its backoff (struct o2n_backoff) says to sleep; never sleeps. */
O2N_INTERNAL uint32_t o2n_futex_spin(struct o2n_futex *f, uint32_t old, unsigned spins);

/* The sleeping half of o2n_futex_wait: sleeps until the value is no longer `old` and returns the
   new value (acquire). */
O2N_INTERNAL uint32_t o2n_futex_block(struct o2n_futex *f, uint32_t old);

/* Sets the value (release) and wakes every sleeper. */
O2N_INTERNAL void o2n_futex_store(struct o2n_futex *f, uint32_t value);

/* Sets the value to `desired` if it is `expected`, and then wakes every sleeper.  Acquire and
   release on success (it both takes over and hands on the object); returns false and changes
   nothing on failure. */
O2N_INTERNAL bool o2n_futex_cas(struct o2n_futex *f, uint32_t expected, uint32_t desired);

/* Decrements a count (release) and wakes the sleepers when it reaches 0.  A waiter for zero loops
   on o2n_futex_wait: it is not woken by the intermediate counts, only by the last one.  Returns
   whether the count reached 0 (for a task-aware waiter's wake-up, o2n_task_wait_futex). */
O2N_INTERNAL bool o2n_futex_count_down(struct o2n_futex *f);

/* The bare system calls, for protocols that keep their own state in the word (locks). */
O2N_INTERNAL void o2n_futex_sleep(_Atomic uint32_t *word, uint32_t expected);
O2N_INTERNAL void o2n_futex_wake(_Atomic uint32_t *word, int nwaiters);

/* One pause of a spin loop. */
static inline void o2n_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield" ::: "memory");
#endif
}

/* A long spin's budget rechecked against the load now (o2n_spin_cap with o2n_pool_runnable and
   a fresh o2n_load_others): how far a spin that started on a quieter machine may go on (icv.c). */
O2N_INTERNAL unsigned o2n_spin_recheck(unsigned spins);

/* How a thread waits before it sleeps, the same for every wait of the runtime: first it spins
   with pauses, up to its spin budget (the wait policy's as o2n_spin_budget cuts it; a longer spin
   rechecks the load as it goes, o2n_spin_recheck); then, on a crowded machine (o2n_load_crowded)
   where this program's own threads do not outnumber the processors, it yields its processor for
   at most O2N_YIELD_NS, and then the caller sleeps.  A yielding waiter
   stays runnable, so it goes on at once when the thread it waits for -- which may be the one
   waiting for a processor -- gets there: no wake-up to pay, and little processor time taken from
   anybody.  OMP_WAIT_POLICY=passive skips the yielding. */
struct o2n_backoff {
  unsigned spins;     /* the spin budget */
  unsigned spun;      /* pauses so far */
  uint64_t yield_end; /* 0 before the yielding stage; then when it ends (UINT64_MAX: skipped) */
};

static inline void o2n_backoff_init(struct o2n_backoff *b, unsigned spins)
{
  b->spins = spins;
  b->spun = 0;
  b->yield_end = 0;
}

/* The yielding stage of o2n_backoff_step (barrier.c). */
O2N_INTERNAL bool o2n_backoff_yield(struct o2n_backoff *b);

/* This program's possibly runnable threads and other programs' outnumber the processors: a
   waiter that has spun its budget should yield before it sleeps (load.c). */
O2N_INTERNAL bool o2n_load_crowded(void);

/* This program's possibly runnable threads alone outnumber the processors (load.c). */
O2N_INTERNAL bool o2n_load_own_crowd(void);

/* One step of a wait whose condition is still false: a pause or a yield.  Returns false when the
   waiter should sleep, and from then on. */
static inline bool o2n_backoff_step(struct o2n_backoff *b)
{
  if (b->spun < b->spins) {
    /* A longer spin asks every O2N_LOAD_CHECK_SPINS pauses how many threads want the processors
       (load.c samples that at a bounded rate) and is cut as o2n_spin_cap says: the thread we
       wait for may be the one waiting for a processor. */
    if (b->spins > O2N_SPIN_THROTTLED &&
        b->spun % O2N_LOAD_CHECK_SPINS == O2N_LOAD_CHECK_SPINS - 1)
      b->spins = o2n_spin_recheck(b->spins);
    b->spun++;
    o2n_cpu_relax();
    return true;
  }
  return o2n_backoff_yield(b);
}

/* A clock for measuring short intervals cheaply: the time-stamp counter on x86 (constant-rate on
   the processors the runtime supports, not serialising: a few cycles of skew do not matter to
   its users), nanoseconds of CLOCK_MONOTONIC elsewhere.  Only differences are meaningful. */
static inline uint64_t o2n_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc();
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* A centralised barrier for a fixed number of threads: arrivals are counted in `arrived`, and
   the last arrival opens the barrier by bumping the generation in `gen`, on which the others
   wait.  Everything a thread wrote before the barrier is visible to every thread after it.
   A team's barrier waits for tasks too: its threads sleep on `wake` instead (task.c), which
   shares the generation's line because the opener and every task event touch both. */
struct o2n_barrier {
  alignas(O2N_CACHE_LINE) _Atomic uint32_t arrived;
  unsigned nthreads;
  alignas(O2N_CACHE_LINE) struct o2n_futex gen;
  struct o2n_futex wake; /* the team's task wake-ups (task.c, o2n_task_wake) */
};

O2N_INTERNAL void o2n_barrier_init(struct o2n_barrier *b, unsigned nthreads);
O2N_INTERNAL void o2n_barrier_wait(struct o2n_barrier *b, unsigned spins);

/* The barrier of the calling thread's team (nothing for a team of one). */
O2N_INTERNAL void o2n_team_barrier(struct o2n_thread *self);

/* o2n_team_barrier as a cancellation point of the region: returns true, at once or when woken,
   if the team's region is cancelled (cancel.c). */
O2N_INTERNAL bool o2n_team_barrier_cancel(struct o2n_thread *self);

/* Adds 1 to the value (seq_cst) and wakes every sleeper: moves a word that others wait on
   without telling them what happened (they look elsewhere: cancel.c). */
O2N_INTERNAL void o2n_futex_bump(struct o2n_futex *f);

/* ------------------------------------------------------------------------------------------- */
/* lock.c: the futex lock behind omp_lock_t and critical constructs                           */
/* ------------------------------------------------------------------------------------------- */

/* 0 free, 1 held, 2 held and perhaps waited for (see lock.c).  Zero-initialised means free. */
struct o2n_lock {
  _Atomic uint32_t state;
};

/* Takes the lock: spins for the team's budget, then sleeps on the futex.  Acquire ordering. */
O2N_INTERNAL void o2n_lock_acquire(struct o2n_lock *lock);

/* Releases the lock (release ordering) and wakes one sleeper if there may be one.  Releasing a
   free lock is a fatal error naming `entry`, the API or ABI call the program made. */
O2N_INTERNAL void o2n_lock_release(struct o2n_lock *lock, const char *entry);

/* ------------------------------------------------------------------------------------------- */
/* icv.c, env.c: internal control variables                                                   */
/* ------------------------------------------------------------------------------------------- */

/* The ICVs of one task (OpenMP's data-environment ICVs).  A team's threads start with a copy of
   the encountering thread's, so omp_set_num_threads() inside a region affects that thread's
   nested regions only. */
struct o2n_icv {
  unsigned nthreads;  /* nthreads-var: OMP_NUM_THREADS (per level); default: the PU count */
  bool dyn;           /* dyn-var: OMP_DYNAMIC */
  int bind;           /* bind-var, an omp_proc_bind_t: OMP_PROC_BIND (per level); default: close,
                         spread,close with nesting (env.c) */
  int run_sched;      /* run-sched-var: an __omp2numa_sched_kind, never RUNTIME or DEFAULT */
  int64_t run_chunk;  /* its chunk size, 0 for the kind's default */
  bool run_monotonic; /* the monotonic: modifier was given (omp_get_schedule reports it) */
  int default_device; /* default-device-var: OMP_DEFAULT_DEVICE; default 0 (the host) */
  omp_allocator_handle_t def_allocator; /* def-allocator-var: OMP_ALLOCATOR; default
                                           omp_default_mem_alloc; never omp_null_allocator */
};

/* target-offload-var's values (OMP_TARGET_OFFLOAD). */
enum o2n_target_offload { O2N_OFFLOAD_DEFAULT, O2N_OFFLOAD_MANDATORY, O2N_OFFLOAD_DISABLED };

/* The ICVs that are one per program. */
struct o2n_global_icv {
  _Atomic int max_active_levels; /* max-active-levels-var; the API may change it at any time */
  bool max_active_levels_set;    /* OMP_MAX_ACTIVE_LEVELS was valid: OMP_NESTED is ignored */
  int initial_max_active_levels; /* its value after the environment: a target region's */
  int thread_limit;              /* thread-limit-var: OMP_THREAD_LIMIT; default INT_MAX */
  unsigned spins;                /* wait-policy-var, as a spin budget (O2N_SPIN_*) */
  int wait_policy;               /* how it was set: -1 unset, 0 passive, 1 active */
  int display_env;               /* OMP_DISPLAY_ENV: 0 false, 1 true, 2 verbose */
  size_t stacksize;              /* stacksize-var: OMP_STACKSIZE in bytes; 0: the system's
                                    default for threads (pool.c) */
  bool cancel;                   /* cancel-var: OMP_CANCELLATION */
  bool display_affinity;         /* display-affinity-var: OMP_DISPLAY_AFFINITY */
  _Atomic int nteams;            /* nteams-var: OMP_NUM_TEAMS; the API may change it */
  _Atomic int teams_thread_limit; /* teams-thread-limit-var: OMP_TEAMS_THREAD_LIMIT; likewise */
  int target_offload;            /* target-offload-var, an enum o2n_target_offload */
  int max_task_priority;         /* max-task-priority-var: OMP_MAX_TASK_PRIORITY; default 0 */
  bool nested_set;               /* OMP_NESTED was valid: per-level lists do not enable nesting */
  bool bind_set;                 /* OMP_PROC_BIND was valid: no spread,close default (env.c) */
  /* The per-level lists of OMP_NUM_THREADS and OMP_PROC_BIND: entry l is nthreads-var (bind-var)
     of the implicit tasks of the teams of level l (entry 0: the initial task's); deeper levels
     inherit their parent's value, as in libgomp.  NULL when the variable gives one value. */
  int *nthreads_list, *bind_list;
  unsigned nthreads_levels, bind_levels;
};

/* Valid after o2n_init(). */
O2N_INTERNAL extern struct o2n_global_icv o2n_global;

/* Initialises the runtime once: the topology, then the ICVs from the environment.  Idempotent and
   thread-safe; every entry point reaches it (o2n_self() calls it for a new thread). */
O2N_INTERNAL void o2n_init(void);

/* foreign.c: stops the program (o2n_fatal) when libgomp is loaded into it and libgomp's entry
   points do not bind to libomp2numa, or when libomp is loaded, unless
   OMP2NUMA_ALLOW_FOREIGN_OPENMP=1.  Called once, at start-up. */
O2N_INTERNAL void o2n_refuse_foreign_runtimes(void);

/* The initial task's ICVs, after o2n_init(). */
O2N_INTERNAL const struct o2n_icv *o2n_icv_initial(void);

/* The ICVs of the implicit tasks of a team of `level` whose encountering task has *icv: the
   per-level lists' entries for that level replace nthreads-var and bind-var. */
O2N_INTERNAL void o2n_icv_for_level(struct o2n_icv *icv, unsigned level);

/* How far a spin budget of `spins` pauses is cut while `nrunning` threads of this program and
   `others` runnable threads of other programs want the processors: to O2N_SPIN_THROTTLED when
   this program's threads alone outnumber the processors, or all of them together outnumber
   O2N_SPIN_CROWD_FACTOR times the processors; to O2N_SPIN_CROWDED when all of them outnumber the
   processors less; not at all otherwise. */
O2N_INTERNAL unsigned o2n_spin_cap(unsigned spins, unsigned nrunning, unsigned others);

/* The spin budget of a waiter while `nrunning` threads of the program are running: the wait
   policy's, cut by o2n_spin_cap for the load last sampled (o2n_load_others_cached). */
O2N_INTERNAL unsigned o2n_spin_budget(unsigned nrunning);

/* Keeps the OMP_* variables as they are at start-up, which o2n_env_read then reads: later changes,
   the program's own setenv() included, are ignored, as OpenMP says (env.c). */
O2N_INTERNAL void o2n_env_snapshot(void);

/* Reads the OMP_* variables into the defaults in *global and *icv; malformed values get a warning
   and leave the default (env.c). */
O2N_INTERNAL void o2n_env_read(struct o2n_global_icv *global, struct o2n_icv *icv);

/* Prints the OpenMP version and the ICVs as OMP_DISPLAY_ENV and omp_display_env() do, with the
   OMP2NUMA_* settings too when verbose (env.c). */
O2N_INTERNAL void o2n_env_display(const struct o2n_icv *icv, bool verbose);

/* ------------------------------------------------------------------------------------------- */
/* affinity_format.c: the affinity format and OMP_DISPLAY_AFFINITY                             */
/* ------------------------------------------------------------------------------------------- */

/* The default affinity-format-var, as GCC's. */
#define O2N_AFFINITY_FORMAT_DEFAULT "level %L thread %i affinity %A"

/* Makes `format` the affinity-format-var.  Returns NULL, or why it is malformed (and then changes
   nothing).  Thread-safe. */
O2N_INTERNAL const char *o2n_affinity_format_set(const char *format);

/* Copies the affinity-format-var into buf (truncated, always terminated when size > 0); returns
   its length.  Thread-safe. */
O2N_INTERNAL size_t o2n_affinity_format_get(char *buf, size_t size);

/* OMP_DISPLAY_AFFINITY: prints the calling thread's affinity line if it changed since the thread
   last printed one.  Called by every thread of a team as it starts its implicit task, after
   binding. */
O2N_INTERNAL void o2n_affinity_display_changed(const struct o2n_thread *self);

/* ------------------------------------------------------------------------------------------- */
/* load.c: other programs' demand for processors                                              */
/* ------------------------------------------------------------------------------------------- */

/* Opens the load source (/proc/loadavg, or OMP2NUMA_LOAD_FILE); called once by o2n_init(). */
O2N_INTERNAL void o2n_load_init(void);

/* Runnable threads of other programs on the processors this process may use, as of the last
   sample; takes a new sample when that is older than O2N_LOAD_INTERVAL_NS.  0 when the load
   cannot be read. */
O2N_INTERNAL unsigned o2n_load_others(void);

/* The last sample of o2n_load_others, without taking a new one: for paths too hot to read the
   clock (a region's start).  Long waits refresh it (o2n_load_crowded). */
O2N_INTERNAL unsigned o2n_load_others_cached(void);

/* Called by a waiter about to sleep: takes a sample if one is due and the last one saw other
   programs, so that a crowded verdict clears once they are gone (short spins never reach the
   check in o2n_futex_spin, and a crowded verdict keeps spins short). */
O2N_INTERNAL void o2n_load_refresh_before_sleep(void);

/* The dynamic team-size policy in words, for OMP_DISPLAY_ENV. */
O2N_INTERNAL void o2n_load_policy(char *buf, size_t size);

/* ------------------------------------------------------------------------------------------- */
/* sched.c: the schedule table                                                                 */
/* ------------------------------------------------------------------------------------------- */

/*
 * One loop schedule.  Schedules work in LOGICAL iteration space 0..n-1 and hand out half-open
 * chunks [*lo, *hi); they never see the user's bounds or step (loop.c and the emitted code map
 * those).  All three functions are called without any lock held.
 */
struct o2n_sched_ops {
  /* Once per loop, by the first thread to arrive, before any thread calls next.  Whatever it
     writes to the loop is published to the other threads with the work-share slot (work.c). */
  void (*init)(struct o2n_loop *loop, const struct o2n_team *team);
  /* Thread tid's next chunk: returns true and sets [*lo, *hi) with *lo < *hi, or returns false
     when the thread gets no more work from this loop.  Each implementation states its memory
     ordering. */
  bool (*next)(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi);
  /* Once per loop, by the last thread to leave it, after every next; may be NULL. */
  void (*fini)(struct o2n_loop *loop);
};

/* Where a kind may be used. */
enum o2n_sched_flags {
  O2N_SCHED_ENV = 1 << 0, /* accepted by OMP_SCHEDULE and omp_set_schedule() (no map needed) */
};

/* One line of the schedule table: the kind's number (enum __omp2numa_sched_kind), its name (as
   written in schedule clauses, OMP_SCHEDULE and statistics) and its implementation. */
struct o2n_sched {
  int kind;
  const char *name;
  unsigned flags;                   /* enum o2n_sched_flags */
  const struct o2n_sched_ops *ops;  /* NULL for auto only, which o2n_sched_resolve replaces */
};

/* The table's lines, in the order of the kinds' numbers: o2n_sched_at(i) for i below
   o2n_sched_count(), and o2n_sched_index(line) is i.  Sets of kinds (the statistics') are bit
   masks of indices, so the table has at most O2N_SCHED_MAX lines. */
#define O2N_SCHED_MAX 32
O2N_INTERNAL unsigned o2n_sched_count(void);
O2N_INTERNAL const struct o2n_sched *o2n_sched_at(unsigned index);
O2N_INTERNAL unsigned o2n_sched_index(const struct o2n_sched *sched);

/* The table line of a kind, or NULL for a number that is no kind.  AUTO and DEFAULT must be
   resolved first (o2n_sched_resolve). */
O2N_INTERNAL const struct o2n_sched *o2n_sched_by_kind(int kind);

/* The table line whose name is the len characters at name (case-insensitive), or NULL. */
O2N_INTERNAL const struct o2n_sched *o2n_sched_by_name(const char *name, size_t len);

/* The kind that AUTO and DEFAULT (def-sched-var) stand for, for a loop that must run monotonic
   or not; any other kind is returned as is.  The one place that decides what the runtime picks
   when the program does not.  Inline: every loop start asks it. */
static inline int o2n_sched_resolve(int kind, bool monotonic)
{
  /* Loops without a schedule clause run static: it needs no synchronisation and keeps
     iteration-to-thread maps stable from loop to loop, which first-touch placement relies on. */
  if (kind == __OMP2NUMA_SCHED_DEFAULT)
    return __OMP2NUMA_SCHED_STATIC;
  /* auto (and schedule(runtime) by default) runs adaptive with its adaptive grain: the same
     blocks as static while the threads keep pace, taken in chunks of a few microseconds each, so
     that the owner's cost per iteration stays near static's, and stealing when one is late --
     preempted by another program, say.  A thief runs stolen iterations after its own later ones,
     so a loop that must be monotonic (the modifier, or ordered) runs static instead. */
  if (kind == __OMP2NUMA_SCHED_AUTO)
    return monotonic ? __OMP2NUMA_SCHED_STATIC : __OMP2NUMA_SCHED_ADAPTIVE;
  return kind;
}

/* Block i of a static schedule without a chunk size, over n iterations in blocks of q = n / P
   and r = n % P for P threads: q iterations, plus one for the first r blocks, so that thread t
   always runs the same contiguous part of a loop of the same trip count (sched_static.c, and
   loop.c's loops without a slot). */
static inline void o2n_static_block(uint64_t i, uint64_t q, uint64_t r, uint64_t *lo,
                                    uint64_t *hi)
{
  *lo = i * q + (i < r ? i : r);
  *hi = *lo + q + (i < r);
}

/* sched_static.c, sched_dynamic.c, sched_guided.c */
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_static;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_dynamic;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_guided;
/* Self-scheduling from the loop's shared counter (dynamic, wf2, rand): claims `size` iterations,
   see sched_dynamic.c. */
O2N_INTERNAL bool o2n_sched_claim(struct o2n_loop *loop, uint64_t size, uint64_t *lo, uint64_t *hi);

/* ------------------------------------------------------------------------------------------- */
/* sched_adaptive.c                                                                            */
/* ------------------------------------------------------------------------------------------- */

/* schedule(adaptive[, chunk]): per-thread ranges, owner takes from the front without a lock
   (THE protocol), idle threads steal half of a victim's range from the back, own NUMA domain
   first. */
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_adaptive;

/* A range [begin, end) of iterations that one thread owns and others may steal from (the file's
   head explains the protocol): begin is written by the owner only, end by the holder of lock. */
struct o2n_range {
  _Atomic uint64_t begin;
  _Atomic uint64_t end;
  _Atomic uint32_t lock;  /* 0 free, 1 held */
  _Atomic bool started;   /* the owner has asked for its first chunk */
  bool drained;           /* owner only: found empty for good (no thief can give any back) */
};

/* The ranges of a thread: adaptive's own, over the loop's (residual) iterations, and, in a loop
   with affinity(name), the one over the virtual space of mapped iterations (loop_affinity.c). */
enum o2n_range_kind { O2N_RANGE_SCHED, O2N_RANGE_MAPPED, O2N_NRANGES };

/* Sets thread t's range of a kind to [begin, end), not started, for the first arriver's init;
   the loop's publication makes it visible. */
O2N_INTERNAL void o2n_range_init(struct o2n_range *range, uint64_t begin, uint64_t end);

/* The owner's next chunk of at most loop->chunk iterations from the front of its range of a
   kind: true and [*lo, *hi), or false when the range is empty.  No lock unless a thief races. */
O2N_INTERNAL bool o2n_range_take(struct o2n_loop *loop, unsigned tid, enum o2n_range_kind kind,
                                 uint64_t *lo, uint64_t *hi);

/* Steals for thread tid, whose range of that kind is empty, from the other threads' ranges of
   the kind (own NUMA domain first): true with the first chunk in [*lo, *hi), the rest becoming
   tid's range; false when every range of the kind is empty.  Counts the steal in tid's
   statistics. */
O2N_INTERNAL bool o2n_range_steal(struct o2n_loop *loop, unsigned tid, enum o2n_range_kind kind,
                                  uint64_t *lo, uint64_t *hi);

/* ------------------------------------------------------------------------------------------- */
/* sched_factoring.c                                                                           */
/* ------------------------------------------------------------------------------------------- */

/* Self-scheduling from shared counters, one or two atomic operations per chunk: factoring
   (fac2), trapezoid self-scheduling (tss), weighted factoring (wf2) and random chunk sizes
   (rand). */
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_fac2;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_tss;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_wf2;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_rand;

/* A thread's generator state for loop execution `execution` (splitmix64 of both; never 0).
   rand draws chunk sizes from it, adaptive its victims. */
static inline uint64_t o2n_seed(uint64_t execution, unsigned tid)
{
  uint64_t x = execution * 0x9e3779b97f4a7c15ull + tid + 1;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (x ^ (x >> 31)) | 1;
}

/* The next number of a xorshift64* generator (uniform over 64 bits). */
static inline uint64_t o2n_random(uint64_t *state)
{
  uint64_t x = *state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545f4914f6cdd1dull;
}

/* ------------------------------------------------------------------------------------------- */
/* sched_map.c                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/* Schedules given by the program's own int array (the map argument): genblock (one block size
   per thread) and indirect (one thread number per iteration).  The first arriver checks the map
   and derives every thread's work; a thread's next then uses only its own cursor, no atomics. */
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_genblock;
O2N_INTERNAL extern const struct o2n_sched_ops o2n_sched_indirect;

/* indirect: a maximal run [lo, hi) of consecutive iterations that the map gives one thread. */
struct o2n_map_run {
  uint64_t lo, hi;
};

/* ------------------------------------------------------------------------------------------- */
/* affinity_map.c: affinity(name) maps                                                         */
/* ------------------------------------------------------------------------------------------- */

/*
 * A map from loop-variable VALUES to thread numbers (DESIGN 3.2), one per name and team (team
 * size, nesting level and primary thread).  Values are stored as lattice indices j,
 * value = origin + j * g (origin and g come from the loop that first recorded the map), in sorted
 * segments: runs of one thread ("uniform"), block-cyclic runs of equal length dealt to threads in
 * turn ("cyclic", what static,c records), or, where runs are short and irregular, arrays of
 * uint16_t thread numbers ("dense").  struct o2n_affinity is a name, with its maps.  Both are
 * opaque outside affinity_map.c and live as long as the program.
 */
struct o2n_affinity;
struct o2n_affinity_map;

/* A strided group of runs of logical iterations: [lo + i * stride, lo + i * stride + len) for
   i < count (len > 0, count > 0, stride > len when count > 1).  Plans describe each thread's
   mapped iterations with them and threads record their residual iterations with them, so that a
   block-cyclic distribution costs O(1) per thread, not one entry per run. */
struct o2n_aff_group {
  uint64_t lo, len, stride, count;
};

/* A dense segment's array of thread numbers, shared by the map and the plans that scan it
   (opaque outside affinity_map.c). */
struct o2n_affinity_dense;

/* The logical iterations [lo, hi) of a loop that a dense segment places: iteration k's thread is
   tids[(k - lo) * stride] (stride: the loop's step in lattice indices, of either sign), where
   AFF_NONE never occurs.  Each thread scans it for its own iterations (loop_affinity.c), all in
   parallel, instead of the first arriver cutting it into runs for everyone. */
struct o2n_aff_dense {
  uint64_t lo, hi;
  int64_t stride;
  const uint16_t *tids;
  struct o2n_affinity_dense *array; /* a reference the plan holds until it is freed */
};

/* A run of logical iterations [lo, hi) not in the map, and its first iteration's number in the
   loop's "residual" space: the unmapped iterations, numbered 0..m-1 in increasing order, which
   the loop's own schedule distributes. */
struct o2n_affinity_gap {
  uint64_t lo, hi, residual;
};

/*
 * One execution's view of a map, built by the first arriver (o2n_affinity_plan), read-only while
 * the loop runs, committed and freed by the last thread to leave (o2n_affinity_commit).
 *
 * The mapped iterations form a "virtual" space 0..M-1: group i's iterations, instance by
 * instance, are virtual[vstart[i], vstart[i + 1]), and thread t's groups are
 * groups[first[t] .. first[t + 1]), so that thread t owns the virtual range
 * [vstart[first[t]], vstart[first[t + 1]]).  Under schedule(adaptive) these ranges are stolen
 * from like adaptive's own (loop_affinity.c).  The iterations of dense segments without holes are
 * not in the groups unless the plan was asked for everything in groups: they are in `dense`, for
 * each thread to scan.
 */
struct o2n_affinity_plan {
  struct o2n_affinity_map *map;
  uint64_t epoch;            /* the map's epoch when the plan was built */
  int64_t origin;            /* the map's lattice (or the one this loop proposes) */
  uint64_t g;
  int64_t j0, d;             /* iteration k has lattice index j0 + k * d */
  bool record;               /* the loop's values are on the lattice: unmapped ones get added */
  unsigned nthreads;
  uint64_t n;                /* the loop's trip count */
  uint64_t m;                /* unmapped iterations: the trip count the schedule sees */
  uint64_t *first;           /* nthreads + 1 entries */
  struct o2n_aff_group *groups;
  uint64_t *vstart;          /* one entry per group, and M after the last */
  struct o2n_aff_dense *dense; /* increasing; ndense of them */
  uint64_t ndense;
  struct o2n_affinity_gap *gaps; /* the unmapped runs, increasing; ngaps of them */
  uint64_t ngaps;
};

/* The name's entry, created (with no map) when `create` is set, else NULL if the name has none.
   Takes the program-wide name table's lock. */
O2N_INTERNAL struct o2n_affinity *o2n_affinity_lookup(const char *name, bool create);

/* Builds the plan of one execution by `team` of a loop of n iterations whose iteration k has the
   value first + k * step, with the name's map of that team (created empty on first use); with
   scan_dense, dense segments without holes become dense pieces, else every mapped iteration is
   in a group.  Takes the name's lock, then the map's. */
O2N_INTERNAL struct o2n_affinity_plan *o2n_affinity_plan(struct o2n_affinity *entry,
                                                        const struct o2n_team *team, uint64_t n,
                                                        int64_t first, int64_t step,
                                                        bool scan_dense);

/* Adds what the threads recorded in threads[0 .. plan->nthreads) to the map (unless the map was
   reset or re-recorded meanwhile), then frees their buffers and the plan (and drops its
   references to dense arrays).  Called once, by the
   last thread to leave the loop. */
O2N_INTERNAL void o2n_affinity_commit(struct o2n_affinity_plan *plan,
                                      struct o2n_loop_thread *threads);

/* Forgets every map of a name (omp2numa_affinity_reset). */
O2N_INTERNAL void o2n_affinity_forget(struct o2n_affinity *entry);

/* Test hook (tests/runtime/affinity/footprint.c links the static library to reach it): the
   storage of a name's maps, summed over them: their segments, the bytes they take (records and
   dense arrays), the values they hold, and the largest team size one was recorded with.  Returns
   -1 if the name was never used. */
O2N_INTERNAL int o2n_affinity_footprint(const char *name, size_t *nsegs, size_t *bytes,
                                        uint64_t *nvalues, unsigned *nthreads);

/* ------------------------------------------------------------------------------------------- */
/* loop_affinity.c: the affinity layer around a loop's schedule                                */
/* ------------------------------------------------------------------------------------------- */

/* One thread's affinity state in one loop (its private part of struct o2n_loop_thread). */
struct o2n_affinity_thread {
  /* The mapped iterations being handed out (a chunk of the virtual space): `left` of them from
     logical iteration k, which has run_left iterations left in its run, the run being one of the
     runs_left last runs of group grp, whose runs have len iterations and start stride apart.
     Everything the next piece needs, so that handing it out reads no shared memory. */
  uint64_t left;
  uint64_t k, run_left, runs_left;
  uint64_t len, stride;
  uint64_t grp;
  uint64_t dense, dk;        /* the dense piece it scans, and the first iteration left to scan */
  bool own_done;             /* adaptive: its own mapped range was found empty */
  bool residual_done;        /* the schedule has no residual chunk left for it */
  uint64_t gap;              /* the gap that holds residual iteration rlo */
  uint64_t rlo, rhi;         /* the part of the schedule's last residual chunk not handed out */
  struct o2n_aff_group *rec; /* the unmapped iterations it ran, as logical groups */
  size_t nrec, caprec;
  bool rec_unsorted;         /* a recorded run starts before the end of an earlier one */
};

/* Sets up the layer for one execution of a loop with affinity(name) (the first arriver, after
   loop->n, nthreads, sched and site are set and before the schedule's init, which then sees the
   residual trip count in loop->n): builds the plan of the site's map for the loop whose
   iteration k has the value first + k * step, and every thread's state.  Stops the program when
   the loop is ordered, or its step is 0. */
O2N_INTERNAL void o2n_loop_affinity_init(struct o2n_loop *loop, int64_t first, int64_t step);

/* Thread tid's next chunk of a loop with affinity(name): the contract of ops->next, so that
   loop.c calls it in the schedule's place (loop->take). */
O2N_INTERNAL bool o2n_loop_affinity_next(struct o2n_loop *loop, unsigned tid, uint64_t *lo,
                                         uint64_t *hi);

/* Commits what the threads recorded to the map, and frees the plan (the last thread to leave the
   loop, after every next). */
O2N_INTERNAL void o2n_loop_affinity_fini(struct o2n_loop *loop);

/* ------------------------------------------------------------------------------------------- */
/* stats.c: OMP2NUMA_STATS                                                                     */
/* ------------------------------------------------------------------------------------------- */

/* One loop site's statistics: attached to the site's runtime record, printed at exit. */
struct o2n_stats_site;

/* What one thread counts during one execution of a loop, in its own struct o2n_loop_thread
   (loop.c and the schedules write it, only while the loop's statistics are on). */
struct o2n_loop_stats {
  uint64_t iterations;
  uint64_t chunks;
  uint64_t steals_same;  /* successful steals from a thread of the same NUMA domain (adaptive) */
  uint64_t steals_other; /* ... from a thread of another domain */
  uint64_t start_ns;     /* when the thread entered the loop */
  uint64_t busy_ns;      /* from entering to its last chunk request (the one that got none) */
  uint64_t leave_ns;     /* when it left the loop */
  bool joined;           /* its barrier is the region's join (loop_end_nowait on a site without
                            __OMP2NUMA_LOOP_NOWAIT: parallel for): the last leaver counts its wait */
};

/* Whether OMP2NUMA_STATS asks for statistics.  Valid after o2n_stats_init(); read-only then. */
O2N_INTERNAL extern bool o2n_stats_enabled;

/* Whether o2n_stats_init_once has returned in some thread (set with release). */
O2N_INTERNAL extern _Atomic bool o2n_stats_settled;

/* o2n_stats_init's first calls: reads OMP2NUMA_STATS (once, under pthread_once), then sets
   o2n_stats_settled. */
O2N_INTERNAL void o2n_stats_init_once(void);

/* Reads OMP2NUMA_STATS once (later calls return at once) and, if it is set, arranges for the
   report to be written at exit.  Thread-safe; it orders its writes before every caller's
   return, so o2n_stats_enabled may then be read without atomics.  Loops and teams call it each
   time: after the first, one acquire load (a plain load on x86) instead of pthread_once. */
static inline void o2n_stats_init(void)
{
  /* Acquire: pairs with o2n_stats_init_once's release, which follows init_stats' writes. */
  if (__builtin_expect(!atomic_load_explicit(&o2n_stats_settled, memory_order_acquire), 0))
    o2n_stats_init_once();
}

/* The statistics of a loop site, created and attached to o2n_site_rt(site) on first use. */
O2N_INTERNAL struct o2n_stats_site *o2n_stats_site(const struct __omp2numa_loop_site *site);

/* Counts one execution of the site with the given schedule (called once per execution). */
O2N_INTERNAL void o2n_stats_execution(struct o2n_stats_site *stats, const struct o2n_sched *sched);

/* Adds the counts of one execution by thread self (and the time it waited for the loop's
   barrier) to the site, under self's thread number, with its place and NUMA domain. */
O2N_INTERNAL void o2n_stats_add(struct o2n_stats_site *stats, const struct o2n_thread *self,
                                const struct o2n_loop_stats *counts, uint64_t wait_ns);

/* Adds wait_ns to thread tid's waiting time at the site: for a loop whose barrier is the
   region's join, the last thread to leave counts every thread's wait (o2n_loop_fini). */
O2N_INTERNAL void o2n_stats_add_wait(struct o2n_stats_site *stats, unsigned tid, uint64_t wait_ns);

/* Records the imbalance of one execution of the site: its threads' largest busy time over their
   mean (called once per execution, by the last thread to leave the loop). */
O2N_INTERNAL void o2n_stats_imbalance(struct o2n_stats_site *stats, double imbalance);

/* A monotonic clock, in nanoseconds. */
O2N_INTERNAL uint64_t o2n_stats_now(void);

/* The statistics at exit, as plain data for the writers (stats.c builds it; the text table is
   written by stats.c, JSON and CSV by stats_export.c; docs/runtime.md has their schema). */
struct o2n_stats_row {
  unsigned thread, place; /* thread number; its planned place in its last execution */
  unsigned node;          /* the NUMA node of that place (the topology's numbering) */
  unsigned domain;        /* its NUMA domain, numbered among the team's (the text table's) */
  uint64_t executions, iterations, chunks; /* loops only */
  uint64_t busy_ns, wait_ns;               /* loops only */
  uint64_t run, idle_ns;                   /* tasks only */
  uint64_t steals_same, steals_other;
};

struct o2n_stats_loop {
  const struct __omp2numa_loop_site *site;
  char schedule[128];     /* "static", or "dynamic+guided" for a schedule(runtime) loop */
  uint64_t executions;
  double imbalance;       /* of the totals: largest busy time over the mean; < 0: not measured */
  uint64_t measured;      /* executions whose imbalance was measured */
  double imbalance_min, imbalance_mean, imbalance_max; /* over those */
  unsigned nrecorded;     /* the first O2N_STATS_EXECUTIONS of them, in order */
  const uint32_t *recorded; /* in millionths */
  unsigned nrows;
  struct o2n_stats_row *rows;
};

struct o2n_stats_snapshot {
  size_t nloops;
  struct o2n_stats_loop *loops; /* sorted by file and line */
  unsigned ntasks;
  struct o2n_stats_row *tasks;  /* threads that ran tasks or waited for them */
};

/* stats_export.c: the JSON and CSV formats (OMP2NUMA_STATS=json:FILE, csv:FILE). */
O2N_INTERNAL void o2n_stats_write_json(FILE *out, const struct o2n_stats_snapshot *snap);
O2N_INTERNAL void o2n_stats_write_csv(FILE *out, const struct o2n_stats_snapshot *snap);

/* ------------------------------------------------------------------------------------------- */
/* loop.c: worksharing loops                                                                   */
/* ------------------------------------------------------------------------------------------- */

/*
 * One thread's state in one loop: cache lines of its own.  The first ones hold what other
 * threads read: adaptive's ranges, which thieves inspect and shorten, and constants set by init.
 * The second is the thread's private state (schedule cursors, statistics).  The first arriver
 * initialises every thread's entry (ops->init), so a thread that has not reached the loop yet
 * already has a range that others may take.
 */
struct o2n_loop_thread {
  /* adaptive (sched_adaptive.c explains the protocol): the ranges this thread still owns. */
  alignas(O2N_CACHE_LINE) struct o2n_range range[O2N_NRANGES];
  /* adaptive, set by init, then read-only: the threads ordered by NUMA domain.  Entry k holds
     by_domain, the thread at position k of that order; entry t holds its own position and the
     positions [peers_lo, peers_hi) of its domain's threads (itself included). */
  unsigned by_domain;
  unsigned order_pos;
  unsigned peers_lo, peers_hi;
  unsigned scratch[2];    /* adaptive's init only: per-domain counters, indexed by domain */
  uint64_t rng;           /* rand: chunk sizes; adaptive: victims (xorshift64* state) */
  double weight;          /* wf2: the thread's weight, normalised to a mean of 1 */

  /* The thread's own state. */
  alignas(O2N_CACHE_LINE) struct o2n_loop_stats stats; /* only while loop->stats is set */
  union {
    uint64_t next_chunk;    /* static: the thread's next chunk number */
    struct {
      uint64_t grain_from;  /* adaptive without a chunk: when the thread took its last chunk */
      uint64_t grain_size;  /* (o2n_ticks), its size (0: none yet in this loop), and the grain */
      uint64_t grain_fit;   /* measured then (0: none), before it was cut to the range's rest */
      uint64_t busy_from;   /* when it asked for its first chunk, and then its busy time: from */
      uint64_t busy;        /* there to its running out of work (UINT64_MAX until then) */
    };
    struct {
      uint64_t batch;       /* fac2: a batch at or before that of the thread's next chunk ... */
      uint64_t batch_start; /* ... and its first iteration: a cursor that only moves forward */
    };
    struct {
      uint64_t map_next;    /* genblock: start of the thread's block, or its end once handed
                               out; indirect: index of its next run in loop->k.indirect.runs */
      uint64_t map_end;     /* genblock: end of its block; indirect: end of its runs */
    };
  };
  struct o2n_affinity_thread aff; /* only while loop->aff is set (loop_affinity.c) */
  uint64_t entered; /* adaptive: the execution whose state above the thread set up itself */
};

/* One execution of a worksharing loop, shared by the team's threads.  Written by the first arriver
   (loop.c, then ops->init) before the slot publishes it (work.c); afterwards read-only, except for
   the atomics (among them adaptive's ranges in every threads[t]) and the private part of each
   thread's own threads[tid]. */
struct o2n_loop {
  /* dynamic, guided, wf2, rand, and loop.c's counter loops: the first unassigned iteration; 0
     in a free slot (work.c) */
  alignas(O2N_CACHE_LINE) _Atomic uint64_t next;
  _Atomic uint64_t nchunks;  /* fac2, tss, wf2: chunks handed out (numbers the next chunk) */
  alignas(O2N_CACHE_LINE) uint64_t n;            /* trip count: iterations 0 .. n-1 */
  uint64_t chunk;            /* chunk size; 0 = the kind's default, until init replaces it */
  unsigned nthreads;         /* team size */
  /* Set by the schedule's init (0 otherwise): the next executions of the site with the same trip
     count that every thread may run as a static block without a slot (loop.c). */
  unsigned block_runs;
  bool may_overshoot;        /* dynamic, wf2, rand: n + (nthreads + 1) * (largest chunk) fits in
                                64 bits, so the shared counter may overshoot n */
  const struct o2n_sched *sched;
  /* What hands out the loop's chunks, as ops->next does (loop.c): the schedule's next, or the
     affinity layer, or a wrapper that also counts them or starts the ordered count. */
  bool (*take)(struct o2n_loop *loop, unsigned tid, uint64_t *lo, uint64_t *hi);
  const struct __omp2numa_loop_site *site;
  const void *map;                 /* the map argument (genblock, indirect, wf2), else NULL */
  struct o2n_loop_thread *threads; /* nthreads entries */
  struct o2n_stats_site *stats;    /* the site's statistics, NULL when they are off */
  struct o2n_affinity_plan *aff;   /* affinity(name): this execution's plan, else NULL; then n
                                      is the plan's residual count m, which the schedule sees */
  struct o2n_doacross *doacross;   /* ordered(n): this execution's post/wait state, else NULL */
  /* Constants of the schedule, set by its init. */
  union {
    struct {
      uint64_t nchunks;    /* chunks in the loop (with a chunk size), or blocks (without) */
      uint64_t q, r;       /* without a chunk size: n / nthreads and n % nthreads */
    } stat;
    struct {
      uint64_t tail_batch; /* the first batch whose chunks have the minimum size */
      uint64_t tail_start; /* its first iteration (saturated at UINT64_MAX) */
    } fac2;
    struct {
      uint64_t max;        /* the largest chunk (largest weight, first batch) */
    } wf2;
    struct {
      uint64_t first, last; /* sizes of the first and last chunks */
      uint64_t count;       /* number of chunks */
    } tss;
    struct {
      uint64_t min, max;    /* chunk sizes are drawn in [min, max] */
    } rand;
    struct {
      bool yield;           /* waiters yield the processor (oversubscribed, or passive) */
      uint64_t first_grain; /* without a chunk: the threads' first chunk size (from the site) */
      uint64_t execution;   /* this execution's number (from 1), seeds the victim generators */
      uint64_t site_execution; /* without a chunk: its number among the site's (from 0) */
    } adaptive;
    struct {
      struct o2n_map_run *runs; /* every thread's runs, grouped by thread, each group in
                                   increasing order (malloc'ed by init, freed by fini) */
    } indirect;
  } k;
};

/* What the runtime keeps for one loop site, attached to the site's __rt field on first use (the
   emitted site structs are writable; only the runtime writes __rt).  Each field only ever changes
   from NULL to one value, which is never freed: pointers read from it stay valid. */
struct o2n_site_rt {
  _Atomic(struct o2n_stats_site *) stats;  /* stats.c: OMP2NUMA_STATS' record (set by a CAS) */
  _Atomic(struct o2n_affinity *) affinity; /* loop_affinity.c: the name site->affinity (every
                                              thread that stores it stores the same entry) */
  _Atomic uint64_t grain; /* sched_adaptive.c: the smallest grain the threads of the site's last
                             adaptive execution without a chunk measured (0: none yet) */
  /* sched_adaptive.c, for the site's adaptive executions without a chunk that take a slot: how
     many have started, and the number, trip count and team size of the last measured one if it
     was tiny (O2N_ADAPTIVE_BLOCK_TICKS), else threads 0.  Hints: the first arriver of an
     execution reads them once, for the whole team. */
  _Atomic uint64_t executions;
  _Atomic uint64_t block_execution;
  _Atomic uint64_t block_n;
  _Atomic unsigned block_threads;
};

/* The site's record, created on first use.  Thread-safe. */
O2N_INTERNAL struct o2n_site_rt *o2n_site_rt(const struct __omp2numa_loop_site *site);

/* __omp2numa_loop_start for the GOMP entry points (gomp_loop.c): the loop always takes a
   work-share slot, which their reductions, blocks and ordered turns live in (a dynamic loop
   may run on the slot's counter alone). */
O2N_INTERNAL int o2n_loop_start_in_slot(struct __omp2numa_loop_site *site, uint64_t n,
                                        int64_t chunk, uint64_t *lo, uint64_t *hi);

/* Finishes one execution of a loop: the schedule's fini, then the affinity layer's and the
   doacross state's.  Called once, by the last thread to leave the loop's slot (o2n_ws_leave),
   after every thread's next. */
O2N_INTERNAL void o2n_loop_fini(struct o2n_loop *loop);

/* ------------------------------------------------------------------------------------------- */
/* doacross.c: depend(source) and depend(sink: ...) in loops with ordered(n)                   */
/* ------------------------------------------------------------------------------------------- */

/* One execution of a doacross loop.  Its iterations are numbered in lexicographic order of their
   vectors, L = (...(v0 * counts[1] + v1) * counts[2] + ...) + v[ndims-1], and cut into entries of
   `span` consecutive numbers, each run in order by one thread (span divides the iterations of one
   logical iteration of the distributed loop, or is a multiple of them).  Entry e holds 1 + the
   offset in it of the last iteration that posted, 0 before any. */
struct o2n_doacross {
  unsigned ndims;
  uint64_t span;             /* at most O2N_FUTEX_VALUE_MASK */
  uint64_t *counts;          /* ndims trip counts (in the same allocation) */
  struct o2n_futex *entries; /* total / span of them (in the same allocation) */
};

/* The calling thread's doacross loop; stops the program, naming entry, if it is in none. */
O2N_INTERNAL const struct o2n_doacross *o2n_doacross_self(struct o2n_thread *self,
                                                         const char *entry);

/* Sets up loop->doacross for a loop of ndims loops with the given trip counts (copied), the
   first of which, collapsed, make the loop's n logical iterations.  First arriver only. */
O2N_INTERNAL void o2n_doacross_init(struct o2n_loop *loop, unsigned ndims, const uint64_t *counts);

/* Frees loop->doacross (NULL is fine). */
O2N_INTERNAL void o2n_doacross_fini(struct o2n_loop *loop);

/* ------------------------------------------------------------------------------------------- */
/* work.c: the work-share ring                                                                 */
/* ------------------------------------------------------------------------------------------- */

/*
 * A work-share slot.  A team has O2N_WS_RING of them; each thread numbers the worksharing
 * constructs it meets (k = 0, 1, 2, ...), and construct k uses slot k % O2N_WS_RING.  The slot's
 * `seq` futex holds 4k + state for the construct that owns it: FREE (waiting for the first arriver
 * of k), INIT (being initialised by it) or READY.  The last thread to leave construct k resets the
 * slot's common fields and sets it to FREE for k + O2N_WS_RING.  So a thread can run
 * O2N_WS_RING - 1 constructs ahead of the slowest thread (nowait) before it waits, and never
 * deadlocks: the slowest thread never waits for a slot.  A free slot is a usable one for a loop
 * that needs nothing but a counter from 0: its first thread only marks it COUNTER instead of
 * initialising it (o2n_ws_enter_counter).
 */
struct o2n_ws {
  alignas(O2N_CACHE_LINE) struct o2n_futex seq;
  /* The common fields: in a free slot (a new team's block is zero), each as below. */
  _Atomic unsigned departed; /* threads that have left the construct: 0 */
  int kind;                  /* enum o2n_ws_kind, set by the initialiser: O2N_WS_UNCLAIMED */
  struct o2n_loop loop;      /* O2N_WS_LOOP only, but for loop.next: 0 */
  /* ordered.c: the logical iteration (mod 2^31) whose ordered region may run next.  single.c: 1
     once the copyprivate data in `copy` is published.  Both 0. */
  alignas(O2N_CACHE_LINE) struct o2n_futex ordered;
  struct o2n_futex copied;
  void *copy;
  _Atomic bool cancelled; /* a cancel for/sections construct was activated (cancel.c): false */
  /* Blocks shared by the threads of a GOMP construct, made by the first thread that asks
     (gomp_reduction.c), NULL until then: the private copies of its task reductions (freed by
     its thread 0), and its `mem` block (freed by o2n_ws_leave).  Both NULL. */
  void *_Atomic gomp_reductions;
  void *_Atomic gomp_mem;
};

/* gomp_loop.c: a thread's GOMP loop (libgomp's ABI), normalised: n logical iterations,
   iteration k is start + k * incr (modulo 2^64, right for long and unsigned long long alike), and
   the last chunk ends at the loop's end. */
struct o2n_gomp_loop {
  uint64_t n, start, incr, end;
  uint64_t hi;           /* the end of the thread's current chunk (logical) */
  bool has_chunk;        /* the thread has a chunk: in an ordered loop, it passes the ordered
                            turn on to hi when it is done with it */
  bool ordered;          /* its site has __OMP2NUMA_LOOP_ORDERED (the turn is passed on) */
  /* A combined parallel construct's loop, started by the body's first next call: gcc's body
     computes a static schedule itself and never starts it. */
  bool pending;
  struct __omp2numa_loop_site *pending_site;
  int64_t pending_chunk;
};

/* ordered.c: waits until the ordered turn of the thread's loop slot ws reaches `turn` (a logical
   iteration), and hands it on to `next`. */
O2N_INTERNAL void o2n_ordered_wait(struct o2n_thread *self, struct o2n_ws *ws, uint64_t turn);
O2N_INTERNAL void o2n_ordered_pass(struct o2n_ws *ws, uint64_t next);

/* ordered.c: the slot of the calling thread's ordered loop; stops the program naming `entry`
   when it is not in one. */
O2N_INTERNAL struct o2n_ws *o2n_ordered_slot(struct o2n_thread *self, const char *entry);

/* single.c: publishes the copyprivate data of the single that the calling thread executes, and
   leaves the construct (__omp2numa_single_copy_end without its barrier). */
O2N_INTERNAL void o2n_single_copy_publish(struct o2n_thread *self, void *data, const char *entry);

/* A contention group of OpenMP other than the program's: the initial thread of a target region
   or of a host teams construct and the threads of the teams it starts, which share the group's
   thread-limit-var (its construct's thread_limit clause).  The program's initial threads form
   the program's group, which struct o2n_team's `group` gives as NULL: its limit is
   o2n_global.thread_limit and its workers are the pool's busy count.  Threads of enclosing
   regions of other groups do not count against a group's limit. */
struct o2n_group {
  unsigned limit;           /* thread-limit-var: its threads, the initial thread included */
  _Atomic unsigned nbusy;   /* workers its teams hold (pool.c), the initial thread not counted */
};

/* Thread-limit-var of contention group `group` (NULL: the program's group). */
static inline unsigned o2n_group_limit(const struct o2n_group *group)
{
  return group ? group->limit : (unsigned)o2n_global.thread_limit;
}

/* Starts contention group `group` with thread-limit-var `limit` and no workers. */
static inline void o2n_group_init(struct o2n_group *group, unsigned limit)
{
  group->limit = limit;
  atomic_init(&group->nbusy, 0);
}

/* api.c: host teams.  The initial thread self runs a league of `size` teams one after the other
   (omp_get_team_num numbers them, in nested regions too).  Each team is a contention group whose
   thread-limit-var is thread_limit, else teams-thread-limit-var if set, else the encountering
   group's; the teams run one at a time, so one group serves them all until the league ends. */
O2N_INTERNAL void o2n_teams_begin(struct o2n_thread *self, unsigned size, unsigned thread_limit);
O2N_INTERNAL void o2n_teams_end(struct o2n_thread *self);

/* What a work-share slot holds. */
/* O2N_WS_UNCLAIMED: a free slot, or one in use by a construct that did not initialise it. */
enum o2n_ws_kind { O2N_WS_UNCLAIMED, O2N_WS_LOOP, O2N_WS_SINGLE };

/* Initialises construct-specific fields of a slot (its kind included); runs on the first thread
   to arrive, before the slot is published to the others. */
typedef void o2n_ws_init_fn(struct o2n_ws *ws, struct o2n_thread *self, void *arg);

/* Enters the calling thread's next worksharing construct (loop, single): waits until its slot is
   free and, on the first thread to arrive, runs init(ws, self, arg).  Returns the slot,
   initialised, or, if a team-mate entered the construct as a counter loop first
   (o2n_ws_enter_counter), uninitialised (kind O2N_WS_UNCLAIMED), which only a loop can join.
   The caller keeps it in self->ws until o2n_ws_leave. */
O2N_INTERNAL struct o2n_ws *o2n_ws_enter(struct o2n_thread *self, o2n_ws_init_fn *init, void *arg);

/* Enters the calling thread's next worksharing construct as a loop that needs only the slot's
   counter, loop.next: waits until the slot is free and returns it uninitialised (kind
   O2N_WS_UNCLAIMED, its common fields as struct o2n_ws says), or, if a team-mate that decided
   on another schedule entered the construct first with o2n_ws_enter, initialised by it (kind
   O2N_WS_LOOP): then the team-mate's schedule holds for every thread, as in libgomp. */
O2N_INTERNAL struct o2n_ws *o2n_ws_enter_counter(struct o2n_thread *self);

/* Leaves self->ws and clears it; the last thread out finishes the construct (a loop's fini, the
   GOMP blocks), resets the slot's common fields and frees it for the construct O2N_WS_RING
   later. */
O2N_INTERNAL void o2n_ws_leave(struct o2n_thread *self);

/* Resets the common fields of a slot that no thread uses to what a free slot holds (struct
   o2n_ws): o2n_ws_leave's last thread, and team.c for a team block whose last region may have
   left a construct unfinished (cancelled). */
O2N_INTERNAL void o2n_ws_reset(struct o2n_ws *ws);

/* ------------------------------------------------------------------------------------------- */
/* task.c, task_queue.c, task_depend.c, taskloop.c: explicit tasks                              */
/* ------------------------------------------------------------------------------------------- */

struct o2n_dep_table;
struct o2n_task_deps;
struct o2n_task_free_lists;

/* A taskgroup region of one task: the tasks created in it and their descendants count in it. */
struct o2n_taskgroup {
  _Atomic uint32_t count;      /* tasks counted in it that have not completed */
  _Atomic bool cancelled;      /* a cancel taskgroup construct was activated in it (cancel.c) */
  struct o2n_taskgroup *outer; /* the enclosing taskgroup of the same task, or the group the task
                                  itself counts in */
  uintptr_t *reductions;       /* libgomp's task reductions registered in it (gomp_reduction.c),
                                  or NULL */
  const struct __omp2numa_task_reduction *items; /* its task_reduction list items (the emitted
                                  code's array, which outlives the group: task.c), or NULL */
  size_t nitems;
  bool workshare;              /* a GOMP worksharing construct's, for its task reductions
                                  (gomp_workshare_extras.c): cancel taskgroup concerns `outer` */
};

/* The taskgroup that a cancel taskgroup construct in group concerns (cancel.c), and whose
   cancellation discards its tasks (task.c): group itself, or the taskgroup around a GOMP
   worksharing construct's, as in libgomp. */
static inline struct o2n_taskgroup *o2n_taskgroup_cancellable(struct o2n_taskgroup *group)
{
  return group && group->workshare && group->outer ? group->outer : group;
}

/* Flags of a task (the ABI's enum __omp2numa_task_flags, and the runtime's own above them). */
enum o2n_task_flags {
  O2N_TASK_ABI_FLAGS = 0xff,  /* the ABI's UNDEFERRED .. DETACH, kept as the program gave them */
  O2N_TASK_IMPLICIT = 1 << 16, /* a thread's implicit task (struct o2n_thread's `implicit`) */
  O2N_TASK_INCLUDED = 1 << 17, /* a descendant of a final task: runs at once on the encountering
                                  thread, once its dependences are met */
};

/*
 * A task.  An explicit task is one block: this header, then the data block the emitted code
 * fills, at O2N_TASK_HEADER bytes (a multiple of every alignment the ABI allows).  Lifetime:
 * `count` holds one reference for the task itself until it completes, one for each child whose
 * block still exists, and, in its upper half, the number of children that have not completed
 * (what taskwait waits for).  The block is freed when the count reaches 0; then the parent loses
 * the reference.  So the block of every ancestor of a live task exists, and a thief may walk
 * parent links (o2n_task_is_descendant).
 */
struct o2n_task {
  __omp2numa_task_fn fn;
  struct o2n_task *parent;        /* NULL for implicit tasks */
  struct o2n_team *team;          /* the team it belongs to */
  struct o2n_taskgroup *group;    /* the taskgroup it counts in, or NULL */
  struct o2n_taskgroup *taskgroup; /* while it runs: the group its new children count in */
  _Atomic uint64_t count;         /* (incomplete children << 32) | references, see above */
  struct o2n_task_deps *deps;     /* its own dependences (task_depend.c), or NULL */
  struct o2n_dep_table *table;    /* its children's dependences, created on first use */
  struct o2n_task *next;          /* links of the team's shared queue and of free lists */
  uint64_t base;                  /* its thread's deque tail when it started (task_queue.c) */
  struct o2n_icv *saved_icv;      /* while it runs: its thread's ICVs as they were when it
                                     started, once it changes them (o2n_icv_will_change); NULL */
  _Atomic uint32_t npred;         /* predecessors not completed yet (+1 while it registers) */
  _Atomic uint32_t detach;        /* detach: the body and the event, 2 .. 0 */
  uint32_t flags;                 /* enum o2n_task_flags */
  int priority;                   /* clamped to max-task-priority-var */
  unsigned depth;                 /* 0 for implicit tasks, parent's + 1 */
  unsigned block;                 /* its size class (task.c), for the free lists */
  uint32_t size;                  /* its data block's size (exact when `block` is a free list's) */
  struct o2n_task_free_lists *home; /* the free lists of the thread that made the block (task.c) */
};

#define O2N_TASK_HEADER 128
#define O2N_TASK_CHILD (UINT64_C(1) << 32)

/* A worker's way through the end of its region (struct o2n_thread's `join`; task.c).  Zero, the
   state a new team starts in, is IN. */
enum o2n_join {
  O2N_JOIN_IN = 0,    /* running the region's function */
  O2N_JOIN_STAY = 1,  /* still in it, and the team has deferred tasks: it stays to run them */
  O2N_JOIN_LEFT = 2,  /* left the region before the team's first deferred task */
  O2N_JOIN_RECALLED = 3 /* left, then dispatched again to run the team's tasks */
};

/* A thread's deque of ready tasks (task_queue.c): ring buffer indices head <= tail grow without
   bound; the owner pushes and pops at the tail, thieves take from the head; every access holds
   `lock`, except the relaxed looks at head and tail that tell thieves and the owner whether the
   deque is empty or how full it is. */
struct o2n_task_deque {
  alignas(O2N_CACHE_LINE) _Atomic uint32_t lock;
  _Atomic uint64_t head, tail;
  uint64_t cap;           /* a power of two, or 0 before the first push */
  struct o2n_task **buf;  /* task at index i: buf[i & (cap - 1)] */
};

/* One thread's task statistics (OMP2NUMA_STATS), in its descriptor. */
struct o2n_task_stats {
  uint64_t run, steals_same, steals_other, idle_ns;
};

/* The team's queue of tasks that do not go to a deque: those with a priority above 0, highest
   first, and those made ready by a thread that may not push them on its own deque (a detached
   task completed by omp_fulfill_event).  A sorted list under a lock: such tasks are rare. */
struct o2n_task_shared {
  alignas(O2N_CACHE_LINE) _Atomic uint32_t count;
  _Atomic uint32_t lock;
  struct o2n_task *head;
};

/* Copies a taskloop's data block (size bytes at src) into a task's block at dst (taskloop.c). */
typedef void o2n_taskloop_copy_fn(void *dst, const void *src, size_t size);

/* __omp2numa_taskloop, with the copy of each task's data block made by copy (NULL: memcpy). */
O2N_INTERNAL void o2n_taskloop(const struct __omp2numa_task_site *site, __omp2numa_taskloop_fn fn,
                               const void *data, size_t size, size_t align, uint64_t n,
                               uint64_t count, int flags, int priority,
                               o2n_taskloop_copy_fn *copy);

/* Keeps the calling thread's ICVs for the end of its current explicit task, before the task
   changes them for the first time (task.c; a task's ICV changes end with it). */
O2N_INTERNAL void o2n_task_icv_save(struct o2n_thread *self);

/* Sets up a thread's implicit task and empty deque (team.c, for every member of a new team, whose
   descriptor is zeroed: the fields it does not set stay 0). */
O2N_INTERNAL void o2n_task_thread_init(struct o2n_thread *thread);

/* Waits until every task of the team has completed, running tasks meanwhile; called by the last
   thread to arrive at a barrier of a team that has used tasks (barrier.c). */
O2N_INTERNAL void o2n_task_barrier_close(struct o2n_thread *self);

/* Waits until the value of the barrier's generation is no longer `gen`, running the team's tasks
   meanwhile (barrier.c, for every thread but the last to arrive). */
O2N_INTERNAL void o2n_task_barrier_wait(struct o2n_thread *self, uint32_t gen);

/* Waits until the value of f is no longer `old`, running the team's tasks meanwhile when it has
   any (reduction.c, the join).  Sleeps on the team's wake word: whoever changes f must call
   o2n_task_wake after the change (o2n_futex_store and o2n_futex_count_down order it before the
   look at the word).  Returns the new value. */
O2N_INTERNAL uint32_t o2n_task_wait_futex(struct o2n_thread *self, struct o2n_futex *f,
                                          uint32_t old);

/* The end of a region for a worker (pool.c, after the region's function): returns the futex the
   worker counts down as its last access to the team.  When the team has queued a deferred task,
   it stays and runs tasks until the region is done. */
O2N_INTERNAL struct o2n_futex *o2n_task_worker_end(struct o2n_thread *self);

/* The body of a worker that left its region and was recalled to run the team's tasks (team.c,
   when a dispatch finds the worker's `join` RECALLED): runs tasks until the region is done and
   returns the futex to count down, as o2n_task_worker_end does. */
O2N_INTERNAL struct o2n_futex *o2n_task_worker_recalled(struct o2n_thread *self);

/* The end of a region for its primary thread (team.c, after the region's function and before
   the workers are released): waits for the workers and for every task of the team, running
   tasks; frees the team's task storage. */
O2N_INTERNAL void o2n_task_primary_end(struct o2n_thread *self);

/* Runs a ready task on the calling thread, then completes it (or leaves it to its event). */
O2N_INTERNAL void o2n_task_run(struct o2n_thread *self, struct o2n_task *task);

/* Makes a task whose dependences are met ready: onto the caller's deque when self is a member of
   the task's team that may push it there (`own`), else onto the team's shared queue; priority
   tasks always go to the shared queue.  Wakes sleeping threads of the team. */
O2N_INTERNAL void o2n_task_ready(struct o2n_thread *self, struct o2n_task *task, bool own);

/* Wakes the threads of a team that sleep in a task-aware wait (on the barrier's `wake` word), if
   any: after every change that may end such a wait, ordered before it by a seq_cst
   read-modify-write or fence. */
O2N_INTERNAL void o2n_task_wake(struct o2n_team *team);

/* Whether task is `anchor` or one of its descendants. */
O2N_INTERNAL bool o2n_task_is_descendant(const struct o2n_task *task,
                                         const struct o2n_task *anchor);

/* task_queue.c.  A spinlock for short critical sections (0 free, 1 held): yields the processor
   after a while, in case the holder was preempted.  Taking a free lock and releasing one are
   inline (an uncontended push or pop of a deque costs no call for them); the wait for a busy
   lock is out of line. */
static inline bool o2n_spin_trylock(_Atomic uint32_t *lock)
{
  /* The relaxed look keeps a busy lock's line shared.  Acquire on success: what the previous
     holder wrote under the lock. */
  return atomic_load_explicit(lock, memory_order_relaxed) == 0 &&
         atomic_exchange_explicit(lock, 1, memory_order_acquire) == 0;
}

O2N_INTERNAL void o2n_spin_lock_wait(_Atomic uint32_t *lock);

static inline void o2n_spin_lock(_Atomic uint32_t *lock)
{
  if (__builtin_expect(!o2n_spin_trylock(lock), 0))
    o2n_spin_lock_wait(lock);
}

static inline void o2n_spin_unlock(_Atomic uint32_t *lock)
{
  /* Release: publishes what we wrote under the lock to the next holder. */
  atomic_store_explicit(lock, 0, memory_order_release);
}

/* Push and pop are the owner's; push grows the ring as needed. */
O2N_INTERNAL void o2n_deque_push(struct o2n_task_deque *d, struct o2n_task *task);
/* The newest task at index >= base, or NULL. */
O2N_INTERNAL struct o2n_task *o2n_deque_pop(struct o2n_task_deque *d, uint64_t base);
/* Tasks queued: a relaxed look, exact only for the owner between its own operations (0 when a
   thief's head overtakes a stale tail). */
static inline uint64_t o2n_deque_size(struct o2n_task_deque *d)
{
  const uint64_t tail = atomic_load_explicit(&d->tail, memory_order_relaxed);
  const uint64_t head = atomic_load_explicit(&d->head, memory_order_relaxed);
  return tail > head ? tail - head : 0;
}
O2N_INTERNAL void o2n_task_shared_push(struct o2n_team *team, struct o2n_task *task);
/* The next task for the calling thread: the shared queue's first allowed one, its own newest,
   else one stolen from another thread of the team (own NUMA domain first), the oldest allowed
   there (without an anchor, up to half of that thread's tasks are taken, the others queued on
   the caller's deque).  Allowed: every task when anchor is NULL, else the descendants of anchor (the
   task-scheduling constraint of tied tasks).  NULL when there is none. */
O2N_INTERNAL struct o2n_task *o2n_task_find(struct o2n_thread *self,
                                            const struct o2n_task *anchor);
/* Frees the team's deque buffers (at the end of a region that used tasks). */
O2N_INTERNAL void o2n_task_queues_free(struct o2n_team *team);

/* task_depend.c.  Registers task's dependences on its earlier siblings (its parent's table); it
   leaves task->npred at the number of predecessors that have not completed, and returns true
   when there are none (the task is ready). */
O2N_INTERNAL bool o2n_task_depend_register(struct o2n_task *task,
                                           const struct __omp2numa_depend *deps, size_t ndeps);
/* At task's completion: removes it from its parent's table and makes its successors whose last
   predecessor it was ready (o2n_task_ready(self, successor, own)). */
O2N_INTERNAL void o2n_task_depend_release(struct o2n_thread *self, struct o2n_task *task,
                                          bool own);
/* task.c: the unused end of a task's block, *bytes long (0 for a block from malloc); aligned
   for pointers. */
O2N_INTERNAL void *o2n_task_spare(struct o2n_task *task, size_t *bytes);
/* Frees a task's dependence storage and its children's table. */
O2N_INTERNAL void o2n_task_depend_free(struct o2n_task *task);

/* stats.c: adds thread self's task counts to the report's per-thread-number totals. */
O2N_INTERNAL void o2n_stats_tasks_add(const struct o2n_thread *self,
                                      const struct o2n_task_stats *counts);

/* ------------------------------------------------------------------------------------------- */
/* team.c: teams and thread descriptors                                                        */
/* ------------------------------------------------------------------------------------------- */

/* What a thread is to the runtime while it runs one implicit task: a member of one team.  A team
   holds the descriptors of its members; a thread that enters a nested region gets a new one, and
   gets its outer one back at the join. */
struct o2n_thread {
  alignas(O2N_CACHE_LINE) struct o2n_team *team;
  unsigned tid;          /* number in the team */
  unsigned place;        /* planned place (places.c): where it is bound when the team binds */
  struct o2n_partition partition; /* its place-partition-var */
  unsigned domain;       /* NUMA node, numbered among the team's nodes */
  struct o2n_icv icv;
  /* From ws_count to `task` (excluded): state a region changes and a valid program's constructs
     leave as they found it, which team.c's team_renew zeroes when a team repeats (the number of
     constructs, and what a cancelled region may leave); a field after it that a task-free
     region changes and the next one reads first must be reset there by name (as `join` is). */
  uint64_t ws_count;     /* worksharing constructs this thread has started in this team */
  struct o2n_ws *ws;     /* the slot of the loop it is in, NULL between loops */
  /* loop.c: ws while the loop's schedule hands out the thread's next chunk; NULL while its
     cursor (below) has runs, and outside loops with a slot */
  struct o2n_ws *chunk_ws;
  bool in_single;        /* single.c: it executes a single block (no slot held: no copyprivate) */
  /* loop.c: the site of the loop without a slot that it runs (ws is then NULL), or NULL */
  const struct __omp2numa_loop_site *block_site;
  /* loop.c: a dynamic loop that runs on its uninitialised slot's counter (o2n_ws_enter_counter;
     next is NULL outside one): chunks of `chunk` of the n iterations, first come, first served.
     Each thread knows n and the chunk size, so the slot holds nothing else. */
  struct o2n_counter_loop {
    _Atomic uint64_t *next;
    uint64_t n, chunk;
  } counter;
  struct o2n_task *task; /* the task it executes: &implicit, or an explicit task */
  /* From here on, what each construct sets before it reads it, which team_renew leaves as the
     last region left it, but for the fields it resets by name. */
  /* ordered.c: in a loop with the ordered clause, the logical iteration the thread runs (set to
     the first of each chunk by loop.c) and whether its ordered region has run. */
  uint64_t ordered_iter;
  bool ordered_done;
  /* gomp_loop.c: the GOMP loop it is in, for libgomp's next entry points, which get only the
     chunk's pointers; a combined construct's loop stays pending when gcc's body computed its
     chunks itself and never ended it (team_renew resets `pending`). */
  struct o2n_gomp_loop gomp;
  /* api.c: on an initial thread in a host teams construct (GOMP_teams_reg, GOMP_teams4), the
     league's size and the number of the team it runs; size 0 outside teams (an initial
     thread's team never repeats). */
  struct {
    unsigned team_num, size;
    struct o2n_group group;       /* the teams' contention group (o2n_teams_begin) */
    struct o2n_group *saved_group; /* its initial team's group before the construct */
  } league;
  void *partial;         /* its partial, read by a reduction's last arriver (reduction.c) or
                            by the later threads of a scan (scan.c) */
  /* loop.c: runs of its loop's iterations that it hands itself out first, one per
     __omp2numa_loop_next, without looking at the loop: `runs` runs of `len` iterations from
     `lo`, `stride` apart.  A loop without a slot with a chunk size keeps its chunks here
     (stride: the team's size times the chunk size), then the loop's last, partial chunk
     [block_lo, block_n) if it is the thread's (else block_n is 0, as without a chunk size);
     the affinity layer lends the runs of a group that it has claimed.  Every loop's end leaves
     `runs` at 0, and every loop without a slot sets block_n: team_renew need not reset them. */
  struct o2n_run_cursor {
    uint64_t lo, stride, len, runs;
  } cursor;
  uint64_t block_lo, block_n;
  /* task.c: where a worker is at the end of the region (enum o2n_join), for the recall of
     workers that left before the team's first deferred task. */
  _Atomic uint32_t join;
  uint64_t rng;          /* task_queue.c: victims (xorshift64* state) */
  /* loop.c: the sites whose next executions run as static blocks without a slot (struct
     o2n_loop's block_runs), with their trip count.  Each thread keeps its own copy, and changes
     it only at the team's loops, which every thread meets in the same order: the copies agree.
     Kept while the team repeats (team_renew); a new team starts empty. */
  struct o2n_loop_block {
    const struct __omp2numa_loop_site *site;
    uint64_t n;
    unsigned runs;
  } loop_blocks[O2N_LOOP_BLOCK_SITES];
  struct o2n_task_stats task_stats; /* only while statistics are on */
  /* Its implicit task, which other threads' completing tasks update (count), and its deque. */
  alignas(O2N_CACHE_LINE) struct o2n_task implicit;
  struct o2n_task_deque deque;
  /* reduction.c: its partials for the join to combine (__omp2numa_reduce_at_join). */
  alignas(O2N_CACHE_LINE) unsigned char join_partial[O2N_REDUCE_SLOT];
};

/* Whether the thread is in a worksharing construct (a loop, sections or single) of its team,
   where a barrier or another worksharing construct is out of protocol: only some of the team's
   threads would reach it. */
static inline bool o2n_in_worksharing(const struct o2n_thread *self)
{
  return self->ws || self->in_single || self->block_site;
}

/* What a team was made from (team.c): a region of the same primary thread at the same level
   that asks for the same gets the same team back, as it was. */
struct o2n_team_origin {
  unsigned want;         /* threads requested */
  int policy;            /* the proc_bind policy, resolved */
  unsigned place;        /* the parent's place and place-partition-var */
  struct o2n_partition partition;
  struct o2n_icv icv;    /* the parent's ICVs */
};

struct o2n_team {
  unsigned nthreads;
  unsigned capacity;       /* threads its block has room for (the team asked for) */
  unsigned level;          /* enclosing parallel regions, this one included; 0: initial team */
  unsigned active_level;   /* enclosing regions with more than one thread */
  unsigned ndomains;       /* NUMA nodes of its threads */
  unsigned *domain_node;   /* domain_node[d]: the planning topology's NUMA node of domain d */
  unsigned spins;          /* spin budget of its waits */
  bool bind;               /* threads bind themselves to their positions */
  bool floating;           /* dyn-var shrank it for other programs: no thread is bound, not
                              even the primary (team.c says why) */
  struct o2n_thread *parent; /* the thread that encountered the region; NULL: initial team */
  __omp2numa_region_fn fn;
  void *data;
  struct o2n_futex running;     /* workers still in the region; the join waits for 0 */
  _Atomic bool cancelled;       /* a cancel parallel construct was activated (cancel.c) */
  /* cancel.c: a cancel for construct activated in a loop without a work-share slot (gcc's code
     computes a static schedule itself): 1 + the barrier generation it was activated in, else 0.
     The loop's closing barrier (such a loop has one) moves the generation, which ends it (or,
     in a team of one, clears it). */
  _Atomic uint32_t ws_cancel_gen;
  /* __omp2numa_reduce_at_join (reduction.c): the partials of workers 1, 2, ... of the reduction
     that ends the region, when they fit (partials of 16 bytes at most, 16 bytes apart): in the
     line of `running`, which each worker writes to leave and the join reads anyway, so that the
     primary thread does not fetch one more line per worker. */
  alignas(16) unsigned char join_packed[O2N_JOIN_PACKED];
  /* __omp2numa_reduce (reduction.c): threads not arrived yet at the current reduction, and the
     number of reductions completed, on which the others wait for the last arriver's combine. */
  alignas(O2N_CACHE_LINE) _Atomic unsigned reduce_pending;
  struct o2n_futex reduce_done;
  /* __omp2numa_reduce_at_join (reduction.c): the combine function of the reduction that ends the
     region (NULL: none) and its targets, from the primary thread, for the join. */
  alignas(O2N_CACHE_LINE) __omp2numa_combine_fn join_combine;
  size_t join_size;        /* the size of its partials */
  alignas(max_align_t) unsigned char join_target[O2N_REDUCE_SLOT];
  struct o2n_barrier barrier;
  struct o2n_ws ws[O2N_WS_RING];
  /* Tasks (task.c): set once a task is created in the team, after which its barriers and its
     end run tasks; the end of the region (primary thread done, workers that stay to run tasks). */
  alignas(O2N_CACHE_LINE) _Atomic bool tasks_used;
  _Atomic bool recalled;   /* a deferred task was queued: the threads were called to run tasks */
  _Atomic bool primary_done;
  struct o2n_futex helpers;
  struct o2n_task_shared shared;
  struct o2n_worker **workers;  /* workers[t] runs thread t, for t >= 1 */
  struct o2n_thread *members;   /* nthreads descriptors */
  struct o2n_group *group;      /* its contention group; NULL: the program's */
  struct o2n_team_origin origin;
  bool repeatable; /* joined in a state its next region may start from (team_retire) */
};

/* The calling thread's descriptor (defined in team.c). */
O2N_INTERNAL extern _Thread_local struct o2n_thread *o2n_current
    __attribute__((tls_model(O2N_TLS_MODEL)));

/* Gives a thread that has no descriptor yet (the initial thread, or a thread the program created)
   a team of one, and returns its descriptor. */
O2N_INTERNAL struct o2n_thread *o2n_thread_initial(void);

/* Runs fn(data) on the calling thread as a new initial thread of contention group `group`
   would (the host fallback of a target region, target.c): in a team of one of its own, with the
   initial ICVs, at the caller's place; then gives the caller its own descriptor back. */
O2N_INTERNAL void o2n_run_initial(void (*fn)(void *), void *data, struct o2n_group *group);

/* target.c: runs a target region's fn(data) on the host as o2n_run_initial does, in a contention
   group of its own whose thread-limit-var is thread_limit (0: the program's initial one). */
O2N_INTERNAL void o2n_target_run(void (*fn)(void *), void *data, unsigned thread_limit);

/* task.c: frees the block of a task that __omp2numa_task_alloc returned and that was never
   submitted (a target region's, which runs as no task: target.c). */
O2N_INTERNAL void o2n_task_discard(void *data);

/* The calling thread's descriptor; creates it on first use. */
static inline struct o2n_thread *o2n_self(void)
{
  struct o2n_thread *self = o2n_current;
  return __builtin_expect(self != NULL, 1) ? self : o2n_thread_initial();
}

/* loop.c: the thread's next chunk of the loop in its slot (self->ws), through the take that
   loop_init chose: one indirect call.  Inline in loop.c's next and in the GOMP loops' (gomp.h). */
static inline bool o2n_loop_take(struct o2n_thread *self, uint64_t *lo, uint64_t *hi)
{
  struct o2n_loop *loop = &self->ws->loop;
  return loop->take(loop, self->tid, lo, hi);
}

/* The next chunk of the calling thread's counter loop (self->counter.next set; loop.c): a plain
   fetch-add, as o2n_sched_claim's when the counter may overshoot (loop.c checks that it can). */
static inline bool o2n_counter_take(struct o2n_counter_loop *loop, uint64_t *lo, uint64_t *hi)
{
  const uint64_t n = loop->n, chunk = loop->chunk;
  const uint64_t start = atomic_fetch_add_explicit(loop->next, chunk, memory_order_relaxed);
  if (start >= n)
    return false;
  *lo = start;
  *hi = n - start < chunk ? n : start + chunk;
  return true;
}

/* Whether the team's region has been cancelled (cancel.c).  Relaxed: a waiter that must see the
   flag reads it after acquiring the futex word the canceller moved after setting it. */
static inline bool o2n_team_cancelled(const struct o2n_team *team)
{
  return atomic_load_explicit(&team->cancelled, memory_order_relaxed);
}

/* reduction.c: at the join, once every worker has left the region and the team's tasks are
   done, combines the partials of the reduction that ended it (__omp2numa_reduce_at_join). */
O2N_INTERNAL void o2n_reduce_combine_joined(struct o2n_team *team);
static inline void o2n_reduce_join(struct o2n_team *team)
{
  if (team->join_combine)
    o2n_reduce_combine_joined(team);
}

/* To be called by every setter of the ICVs in struct o2n_icv before it writes one: one load and
   test in an implicit task, and in an explicit task once it has saved them. */
static inline void o2n_icv_will_change(struct o2n_thread *self)
{
  const struct o2n_task *task = self->task;
  if (__builtin_expect(!(task->flags & O2N_TASK_IMPLICIT) && !task->saved_icv, 0))
    o2n_task_icv_save(self);
}

/* Creates the team of a region encountered by parent: up to `want` threads, fewer when the
   thread limit or dyn-var say so.  policy is the proc_bind clause's omp_proc_bind_t, or 0 for
   the parent's bind-var. */
O2N_INTERNAL struct o2n_team *o2n_team_new(struct o2n_thread *parent, unsigned want, int policy);

/* parallel.c: the number of threads to ask o2n_team_new for, from the num_threads clause (0:
   none), the if clause and max-active-levels-var. */
O2N_INTERNAL unsigned o2n_team_request(const struct o2n_thread *parent, int num_threads,
                                       int if_true);

/* Runs fn(data) on every thread of the team, the caller being thread 0; returns after every
   thread has finished, and frees the team. */
O2N_INTERNAL void o2n_team_run(struct o2n_team *team, __omp2numa_region_fn fn, void *data);

/* o2n_team_run in two halves, for libgomp's GOMP_parallel_start/end, whose caller runs fn itself
   between them: o2n_team_start dispatches the workers and makes the caller thread 0;
   o2n_team_join (called by thread 0 after its fn) waits for the workers and the team's tasks,
   gives the caller its own descriptor back and frees the team. */
O2N_INTERNAL void o2n_team_start(struct o2n_team *team, __omp2numa_region_fn fn, void *data);
O2N_INTERNAL void o2n_team_join(struct o2n_team *team);

/* The body of thread tid of a team (pool workers run it when dispatched).  For a worker, it
   returns the futex to count down as the last access to the team (o2n_task_worker_end). */
O2N_INTERNAL struct o2n_futex *o2n_team_member_run(struct o2n_team *team, unsigned tid);

/* ------------------------------------------------------------------------------------------- */
/* pool.c: the persistent worker threads                                                       */
/* ------------------------------------------------------------------------------------------- */

/* Reserves up to `want` idle workers into out[], creating threads as needed.  out[0..want) holds
   the workers the caller would like (NULL: any), as its last team of the size had them: each one
   still idle stays in its slot, the other slots get the lowest-numbered idle workers, counted in
   contention group `group` (NULL: the program's).  Gives fewer when the group's thread limit
   (and, with dyn, the number of processors that neither this
   program's running threads nor other programs' runnable threads occupy) allows fewer.  Returns
   how many it gave; *nrunning receives the program's running threads counting them, and *shared
   whether other programs' threads made it give fewer. */
O2N_INTERNAL unsigned o2n_pool_acquire(struct o2n_group *group, struct o2n_worker **out,
                                       unsigned want, bool dyn, unsigned *nrunning, bool *shared);

/* Reserves exactly the n workers of workers[], without the pool lock, if all of them are idle and
   the thread limit allows n more (the team of a region that repeats its primary thread's last
   one, team.c); otherwise reserves none and returns false.  On success *nrunning receives the
   program's running threads counting them, as o2n_pool_acquire's. */
O2N_INTERNAL bool o2n_pool_reclaim(struct o2n_group *group, struct o2n_worker **workers,
                                   unsigned n, unsigned *nrunning);

/* This program's threads that may be runnable now: the calling thread, the workers reserved by
   teams and the idle workers that still spin.  Read without the pool lock, in time linear in
   the number of workers (load.c calls it once per sample and from spinning waiters). */
O2N_INTERNAL unsigned o2n_pool_runnable(void);

/* Makes a reserved worker run thread tid of team. */
O2N_INTERNAL void o2n_pool_dispatch(struct o2n_worker *worker, struct o2n_team *team,
                                    unsigned tid);

/* Returns workers to the pool and to their count in group; they must have finished their team
   (join). */
O2N_INTERNAL void o2n_pool_release(struct o2n_group *group, struct o2n_worker **workers,
                                   unsigned n);

/* Ends the idle workers (omp_pause_resource), whose threads exit without waiting for them; the
   next regions create new ones.  Workers reserved by teams (of other initial threads) stay.
   Returns how many it ended. */
O2N_INTERNAL unsigned o2n_pool_retire_idle(void);

#endif /* O2N_INTERNAL_H */
