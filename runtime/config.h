/*
 * config.h -- libomp2numa's symbol visibility and build-time tunables.
 *
 * Every tunable is an #ifndef default, so that a build can override it with -D, and each one says
 * why it has the value it has.
 */
#ifndef O2N_CONFIG_H
#define O2N_CONFIG_H

/* ------------------------------------------------------------------------------------------- */
/* Visibility                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* The library is compiled with -fvisibility=hidden.  Exactly two families of symbols leave it:
   the calls the translator emits (omp2numa-abi.h) and the public API (omp.h, omp2numa.h).  They
   are marked on their definitions, so that the exported set can be read off the sources. */
#define O2N_ABI __attribute__((visibility("default")))
#define O2N_API __attribute__((visibility("default")))
/* Everything declared in internal.h.  Redundant with -fvisibility=hidden, but it keeps internals
   hidden when the static archive is linked into a user's shared library built without it. */
#define O2N_INTERNAL __attribute__((visibility("hidden")))

/* The descriptor of the calling thread is a thread-local pointer read on every ABI call.  With
   initial-exec TLS that is one %fs-relative load instead of a call to __tls_get_addr.  The library
   is linked, not dlopen()ed, and glibc keeps spare static TLS for a few pointers in any case. */
#ifndef O2N_TLS_MODEL
#define O2N_TLS_MODEL "initial-exec"
#endif

/* ------------------------------------------------------------------------------------------- */
/* Tunables                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/* Data written by different threads (per-thread slots, counters that every thread updates) is
   aligned and padded to this, so that two threads never write the same cache line (false
   sharing).  64 bytes on x86-64 and on most arm64 cores. */
#ifndef O2N_CACHE_LINE
#define O2N_CACHE_LINE 64
#endif

/* Work-share slots per team: how many worksharing constructs a thread may run ahead of the
   slowest thread of its team (through nowait loops) before it waits for that thread.  Eight covers
   the nowait chains of real programs; a slot costs two cache lines plus one per thread. */
#ifndef O2N_WS_RING
#define O2N_WS_RING 8
#endif

/* Call sites of GOMP loop entry points (gcc-compiled loops) that get a loop site of their own
   (gomp_site.c).  A program has one per worksharing loop in its gcc-built code; 4096 entries
   (32 KiB of pointers) leave the open-addressing table mostly empty for any real program. */
#ifndef O2N_GOMP_SITES
#define O2N_GOMP_SITES 4096
#endif

/* Spin-then-sleep budgets, counted in pause instructions (10 to 150 cycles each, depending on
   the core).  A waiter checks its condition this many times before it sleeps on a futex; a futex
   wake-up costs a few microseconds, so spinning pays only for short waits. */
#ifndef O2N_SPIN_ACTIVE
/* OMP_WAIT_POLICY=active: the user asked for spinning.  Still bounded (a few tenths of a second),
   so that a thread left waiting never burns a core forever. */
#define O2N_SPIN_ACTIVE (1u << 22)
#endif
#ifndef O2N_SPIN_DEFAULT
/* No policy: covers the gap between two back-to-back loops or regions (tens of microseconds to
   0.6 ms, as a pause takes 3 to 36 ns). */
#define O2N_SPIN_DEFAULT (1u << 14)
#endif
#ifndef O2N_SPIN_PASSIVE
/* OMP_WAIT_POLICY=passive: check once, then sleep, as libgomp (GOMP_SPINCOUNT 0) and libomp
   (KMP_BLOCKTIME 0) do: a passive waiter uses no processor time, not even a short spin. */
#define O2N_SPIN_PASSIVE 0u
#endif
#ifndef O2N_SPIN_THROTTLED
/* More of this program's threads than processors, or more than O2N_SPIN_CROWD_FACTOR runnable
   threads per processor in all (o2n_spin_cap): a spinning waiter would take the processor away
   from the very thread it waits for, so it sleeps almost at once whatever the policy. */
#define O2N_SPIN_THROTTLED 64u
#endif
#ifndef O2N_SPIN_CROWDED
/* Other programs crowd the machine, up to O2N_SPIN_CROWD_FACTOR runnable threads per processor
   in all: what a longer budget (OMP_WAIT_POLICY=active) is cut to, so that a long wait still
   sleeps.  It is the default budget: a short wait spins, which costs this program its own share
   of the processors, where a sleep or a yield costs a turn behind a busy process
   (docs/runtime.md, Waiting). */
#define O2N_SPIN_CROWDED O2N_SPIN_DEFAULT
#endif
#ifndef O2N_SPIN_CROWD_FACTOR
#define O2N_SPIN_CROWD_FACTOR 2u
#endif

/* schedule(adaptive) without a chunk (and auto, and schedule(runtime) by default): how long one
   chunk should take, in o2n_ticks() (the x86 time-stamp counter, about 2.5 to 4 per nanosecond;
   nanoseconds elsewhere).  The owner sizes each chunk to take about this long at the rate it
   measured over its previous one (sched_adaptive.c).  Taking a chunk costs about 10 ns (a full
   fence and the call), 0.5% of 2 us; and a chunk in progress is what stealing cannot balance, so
   the grain bounds the loop's imbalance at its end to a few microseconds. */
#ifndef O2N_ADAPTIVE_GRAIN_TICKS
#define O2N_ADAPTIVE_GRAIN_TICKS 8192u
#endif

/* Tiny loops under the adaptive grain: when every thread of an execution took part and their
   busy times (from the first chunk to running out of work) add up to at most this many ticks,
   the site's executions with the same trip count and team size run in cycles of
   O2N_ADAPTIVE_BLOCK_RUNS: one with a work-share slot measures, the next one (with a slot)
   grants the rest, which run as static blocks without a slot (sched_adaptive.c, loop.c).  A
   static block of such a loop can be late by at most this much, about 1.5 us, which stealing
   could only have won back in part, and a slot costs a few tenths of a microsecond. */
#ifndef O2N_ADAPTIVE_BLOCK_TICKS
#define O2N_ADAPTIVE_BLOCK_TICKS (O2N_ADAPTIVE_GRAIN_TICKS / 2)
#endif
#ifndef O2N_ADAPTIVE_BLOCK_RUNS
#define O2N_ADAPTIVE_BLOCK_RUNS 64u
#endif

/* Room for the workers' partials of a reduction at the join next to the team's count of running
   workers, in the same cache line (struct o2n_team; reduction.c). */
#ifndef O2N_JOIN_PACKED
#define O2N_JOIN_PACKED 48u
#endif

/* The loop sites a thread remembers as tiny (loop.c), in a direct-mapped table by site address. */
#ifndef O2N_LOOP_BLOCK_SITES
#define O2N_LOOP_BLOCK_SITES 4u
#endif

/* team.c numbers a team's NUMA domains in a table on the stack when the machine has at most this
   many (else on the heap): 64 covers the largest machines of today, in 256 bytes. */
#ifndef O2N_TEAM_DOMAINS_ON_STACK
#define O2N_TEAM_DOMAINS_ON_STACK 64u
#endif

/* A reduction that ends a parallel region (__omp2numa_reduce_at_join): each thread copies its
   partial results into a slot of this many bytes in its descriptor, and the primary thread the
   targets' addresses into one in the team, for the join to combine.  One cache line: a worker
   writes one line of its own and the primary thread reads one per thread.  It holds 8 doubles
   or 4 _Complex doubles, more than the reductions of real programs name (EPCC's: one int);
   larger ones take __omp2numa_reduce's barrier, which hands a pointer over whatever the size. */
#ifndef O2N_REDUCE_SLOT
#define O2N_REDUCE_SLOT 64u
#endif

/* team.c keeps, per thread, the block of its last team at each of this many nesting levels for
   its next region there (and that team's workers, which the pool gives it again): levels 1-4
   cover the nested programs there are; a deeper region allocates its team (6 KB for 2 threads)
   and takes the lowest-numbered idle workers. */
#ifndef O2N_TEAM_SPARE_LEVELS
#define O2N_TEAM_SPARE_LEVELS 4u
#endif

/* load.c reads the machine's runnable-thread count at most this often (nanoseconds).  Ten
   milliseconds is a scheduler time slice or two: the count is stale by no more than that, and
   reading it costs a few microseconds per interval. */
#ifndef O2N_LOAD_INTERVAL_NS
#define O2N_LOAD_INTERVAL_NS 10000000u
#endif

/* load.c counts other programs' threads as the smallest count of this many consecutive samples
   (the last 20 to 30 ms): a kernel thread or a shell command that runs for a moment is not
   load, a program that runs is. */
#ifndef O2N_LOAD_SAMPLES
#define O2N_LOAD_SAMPLES 3u
#endif

/* A waiter on a crowded machine yields its processor for at most this long (nanoseconds) before
   it sleeps (struct o2n_backoff): long enough for a partner that is running to finish a short
   step (a sweep of a stencil, the gap between two regions) without a wake-up, short enough that
   waiters do not compete for processor turns with the threads that have work.  Measured on 2
   cores (docs/runtime.md): 20 to 50 microseconds halve a barrier-heavy program's time next to
   busy programs, while 1 ms and more make four such programs running together twice as slow. */
#ifndef O2N_YIELD_NS
#define O2N_YIELD_NS 50000u
#endif

/* A long spin asks load.c whether the machine is crowded once per this many pauses (a few
   microseconds), and then sleeps rather than spin on. */
#ifndef O2N_LOAD_CHECK_SPINS
#define O2N_LOAD_CHECK_SPINS 1024u
#endif

/* Initial max-active-levels-var: nested regions run on a team of one unless OMP_MAX_ACTIVE_LEVELS
   or omp_set_max_active_levels() allow more, because a team per outer thread multiplies the
   number of threads and oversubscribes the machine. */
#ifndef O2N_DEFAULT_MAX_ACTIVE_LEVELS
#define O2N_DEFAULT_MAX_ACTIVE_LEVELS 1
#endif

/* The largest max-active-levels-var (omp_set_nested(1) sets it): deeper nesting never helps, and
   it keeps level arithmetic far from overflow. */
#ifndef O2N_SUPPORTED_ACTIVE_LEVELS
#define O2N_SUPPORTED_ACTIVE_LEVELS 255
#endif

/* omp_locality_domain_allocate_bloc1d() rounds its per-domain blocks up to whole transparent huge
   pages (2 MiB) once a block is at least this many huge pages, so that huge pages stay usable;
   smaller blocks are rounded to base pages and the range is marked MADV_NOHUGEPAGE.  At 16, the
   rounding moves at most 1/16 of a block to the previous domains. */
#ifndef O2N_PLACEMENT_HUGE_BLOCK
#define O2N_PLACEMENT_HUGE_BLOCK 16
#endif

/* Next touch (next_touch.c): the pages that one fault moves, unless OMP2NUMA_NEXT_TOUCH_PAGES
   says otherwise (1 .. O2N_NEXT_TOUCH_MAX_PAGES).  A fault has a fixed cost whatever its size (a
   trap, a few system calls, and in each move_pages call that moves pages a drain of every
   processor's page lists and an RCU grace period), so larger units spread it over more pages;
   smaller ones place more finely.  16 pages (64 KiB) place 32 times more finely than a huge page;
   bench/'s numa section measures the cost per fault and per page for 1, 16, 64 and 512 (on this
   shared 2-core machine the figures were too noisy to choose by: a quiet machine's run should).
   While a range is being touched, each protected stretch of it is one kernel memory area. */
#ifndef O2N_NEXT_TOUCH_PAGES
#define O2N_NEXT_TOUCH_PAGES 16
#endif
#ifndef O2N_NEXT_TOUCH_MAX_PAGES
#define O2N_NEXT_TOUCH_MAX_PAGES 512
#endif

/* Next touch: ranges marked and not yet wholly touched at one time.  The fault handler scans
   them all, without a lock, so the table is fixed and small. */
#ifndef O2N_NEXT_TOUCH_RANGES
#define O2N_NEXT_TOUCH_RANGES 64
#endif

/* Tasks: a thread whose deque already holds this many ready tasks runs a new task at once (when
   its dependences are met) instead of queuing it.  Enough to keep every thief of a large team fed
   many times over (a steal takes one task, usually an old one that spawns more); beyond it,
   queuing only costs memory and cache misses, and recursive programs would queue millions.
   libomp's deques hold 256 tasks by default, for the same reason. */
#ifndef O2N_TASK_CUTOFF
#define O2N_TASK_CUTOFF 256u
#endif

/* Tasks: a thief in a barrier (or at the end of a region, where no tied task constrains it) takes
   up to half of a victim's ready tasks, at most this many, runs the oldest and queues the others
   on its own deque.  When one thread creates the tasks (master_task, a single that creates a
   whole dependence graph), taking one at a time makes every task cost a steal: the creator's lock
   and the line of its deque move to the thief and back for each.  Half, as in the steal-half
   deques of the literature, leaves the creator the newest.  1 takes one task per steal. */
#ifndef O2N_TASK_STEAL_MAX
#define O2N_TASK_STEAL_MAX 32u
#endif

/* Tasks: blocks a thread keeps on each of its free lists.  Blocks go back to the thread that made
   them (task.c), so a list holds at most the thread's most tasks alive at once; a program that
   once created a large dependence graph ahead of running it hands the surplus back to malloc
   instead of keeping it for the rest of the run.  4096 blocks of the largest class are 4 MiB. */
#ifndef O2N_TASK_FREE_MAX
#define O2N_TASK_FREE_MAX 4096u
#endif

/* OMP2NUMA_STATS keeps the imbalance of each loop site's first executions, one by one, for the
   JSON and CSV reports (later ones count in the minimum, mean and maximum only): 4 bytes each,
   4 KiB per site, and enough executions to show a trend over a program's time steps. */
#ifndef O2N_STATS_EXECUTIONS
#define O2N_STATS_EXECUTIONS 1024u
#endif

#endif /* O2N_CONFIG_H */
