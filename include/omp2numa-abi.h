/*
 * omp2numa-abi.h -- the calls that omp2numa's translator emits.
 *
 * Translated files include this header and nothing else of the runtime.  User code must not call
 * these functions: they are the contract between the translator and libomp2numa, versioned by
 * __OMP2NUMA_ABI_VERSION.  Every entry shows the code the translator emits for it.
 *
 * Conventions:
 *  - Loops are normalised by the emitted code: the runtime sees a trip count n and hands out
 *    half-open chunks [lo, hi) of LOGICAL iterations 0..n-1; the emitted code maps k back to the
 *    user's index as  i = lb + k * step.
 *  - "site" structs have static storage in the emitted code, one per construct; the runtime may
 *    cache per-construct state in their __rt field (initially NULL).
 */
#ifndef OMP2NUMA_ABI_H
#define OMP2NUMA_ABI_H

#include <stddef.h> /* ptrdiff_t: pointer loop indices */
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** ABI revision the header describes; __omp2numa_abi_version() returns the runtime's. */
#define __OMP2NUMA_ABI_VERSION 14 /* 2: __omp2numa_loop_start_affinity; 3: __omp2numa_single_end;
                                    4: tasks (task.c); 5: __omp2numa_error; 6: doacross loops
                                    (doacross.c, __OMP2NUMA_LOOP_DOACROSS); 7: cancellation
                                    (cancel.c, __omp2numa_barrier_cancel); 8:
                                    __omp2numa_reduction_alloc/free; 9: scan.c; 10:
                                    __omp2numa_depend_alloc/free; 11:
                                    __omp2numa_private_alloc/free (allocator.c); 12:
                                    __omp2numa_allocate_var/_free (allocator.c); 13:
                                    __omp2numa_reduce_at_join; 14: device
                                    constructs (target.c, teams.c) with
                                    __omp2numa_distribute_block_start/_next */
unsigned __omp2numa_abi_version(void);

/* ------------------------------------------------------------------------------------------- */
/* parallel.c                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/** The outlined body of a parallel region; runs once on every thread of the team. */
typedef void (*__omp2numa_region_fn)(void *data);

/** proc_bind clause values (0 = no clause). */
enum __omp2numa_proc_bind {
  __OMP2NUMA_PROC_BIND_NONE = 0,
  __OMP2NUMA_PROC_BIND_PRIMARY = 2,
  __OMP2NUMA_PROC_BIND_CLOSE = 3,
  __OMP2NUMA_PROC_BIND_SPREAD = 4
};

/** Flags of a region site. */
enum __omp2numa_region_flags {
  __OMP2NUMA_REGION_NUM_THREADS = 1 << 0 /**< a num_threads clause is present */
};

/** One `#pragma omp parallel` in the user's source. */
struct __omp2numa_region_site {
  const char *file; /**< the user's file, as in its #line markers */
  unsigned line;    /**< line of the pragma */
  int proc_bind;    /**< enum __omp2numa_proc_bind */
  int flags;        /**< enum __omp2numa_region_flags */
};

/**
 * Runs fn(data) on a team and returns when every thread has finished (the join is a barrier).
 * num_threads is the value of the num_threads clause when the site has
 * __OMP2NUMA_REGION_NUM_THREADS (a value <= 0 is then a run-time error naming the site), and is
 * ignored otherwise.  if_true is the value of the if clause (1 when there is none);
 * when it is 0 the region runs on a team of one.  The calling thread becomes thread 0.
 *
 *   {
 *     static const struct __omp2numa_region_site __o2n_site = {"jacobi.c", 12,
 *                                                              __OMP2NUMA_PROC_BIND_NONE, 0};
 *     struct __o2n_ctx_12 __o2n_args = {.sum = &sum, .a = a, .n = n};
 *     __omp2numa_parallel(&__o2n_site, __o2n_region_12, &__o2n_args, 0, 1);
 *   }
 */
void __omp2numa_parallel(const struct __omp2numa_region_site *site, __omp2numa_region_fn fn,
                         void *data, int num_threads, int if_true);

/* ------------------------------------------------------------------------------------------- */
/* barrier.c                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/** `#pragma omp barrier`, and the implicit barrier of worksharing constructs. */
void __omp2numa_barrier(void);

/**
 * __omp2numa_barrier as a cancellation point: in a parallel region that has a `cancel parallel`
 * construct, its explicit and implicit barriers.  Returns 1, at once or when woken in the
 * barrier, if the region has been cancelled; the thread then goes to the end of the region's
 * body.  A worksharing construct's implicit barrier follows its nowait end:
 *
 *   if (__omp2numa_barrier_cancel()) goto __o2n_cancel_12;
 *   ...
 *   __omp2numa_loop_end_nowait();
 *   if (__omp2numa_barrier_cancel()) goto __o2n_cancel_12;
 */
int __omp2numa_barrier_cancel(void);

/* ------------------------------------------------------------------------------------------- */
/* cancel.c                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/** The construct a cancel or cancellation point construct names (libgomp's values). */
enum __omp2numa_cancel_kind {
  __OMP2NUMA_CANCEL_PARALLEL = 1,
  __OMP2NUMA_CANCEL_FOR = 2,
  __OMP2NUMA_CANCEL_SECTIONS = 4,
  __OMP2NUMA_CANCEL_TASKGROUP = 8
};

/**
 * `#pragma omp cancel <kind> [if(expr)]`: when cancellation is enabled (OMP_CANCELLATION) and
 * if_true is nonzero, cancels the innermost construct of that kind (for a taskgroup: the one
 * the current task belongs to).  Returns 1 if that construct is cancelled, by this call or
 * before; the thread then goes to the end of the construct's body, just before the code that
 * ends the construct (reductions, the runtime call that ends it).  Always 0 when cancellation
 * is disabled.
 *
 *   if (__omp2numa_cancel(__OMP2NUMA_CANCEL_FOR, !!(x[0]))) goto __o2n_cancel_14;
 *   ...
 *   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
 *   __o2n_cancel_14:;
 *   __omp2numa_loop_end();
 */
int __omp2numa_cancel(int kind, int if_true);

/** `#pragma omp cancellation point <kind>`: returns 1 if the construct is cancelled (the thread
 *  then goes to its end, as for __omp2numa_cancel). */
int __omp2numa_cancellation_point(int kind);

/* ------------------------------------------------------------------------------------------- */
/* loop.c                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/** Schedule kinds; the standard ones have the values of omp_sched_t. */
enum __omp2numa_sched_kind {
  __OMP2NUMA_SCHED_STATIC = 1,
  __OMP2NUMA_SCHED_DYNAMIC = 2,
  __OMP2NUMA_SCHED_GUIDED = 3,
  __OMP2NUMA_SCHED_AUTO = 4,
  __OMP2NUMA_SCHED_ADAPTIVE = 101,
  __OMP2NUMA_SCHED_FAC2 = 102,
  __OMP2NUMA_SCHED_TSS = 103,
  __OMP2NUMA_SCHED_WF2 = 104,
  __OMP2NUMA_SCHED_RAND = 105,
  __OMP2NUMA_SCHED_GENBLOCK = 106,
  __OMP2NUMA_SCHED_INDIRECT = 107,
  __OMP2NUMA_SCHED_RUNTIME = 200, /**< schedule(runtime): the run-sched-var ICV decides */
  __OMP2NUMA_SCHED_DEFAULT = 201  /**< no schedule clause: the def-sched-var ICV decides */
};

/** Flags of a loop site. */
enum __omp2numa_loop_flags {
  __OMP2NUMA_LOOP_MONOTONIC = 1 << 0,    /**< schedule(monotonic: ...) */
  __OMP2NUMA_LOOP_NONMONOTONIC = 1 << 1, /**< schedule(nonmonotonic: ...) */
  __OMP2NUMA_LOOP_ORDERED = 1 << 2,      /**< the ordered clause */
  __OMP2NUMA_LOOP_NOWAIT = 1 << 3,       /**< the nowait clause (informational: stats) */
  __OMP2NUMA_LOOP_CHUNK = 1 << 4,        /**< the schedule clause gives a chunk size */
  __OMP2NUMA_LOOP_DOACROSS = 1 << 5      /**< the ordered(n) clause: __omp2numa_doacross_start */
};

/** One `#pragma omp for` (or `parallel for`) in the user's source. */
struct __omp2numa_loop_site {
  const char *file;     /**< the user's file */
  unsigned line;        /**< line of the pragma */
  int kind;             /**< enum __omp2numa_sched_kind */
  int flags;            /**< enum __omp2numa_loop_flags */
  const char *affinity; /**< name of the affinity(name) clause, or NULL */
  void *__rt;           /**< runtime-owned, NULL in the emitted initialiser */
};

/**
 * Starts this thread's part of a worksharing loop of n logical iterations.  chunk is the value of
 * the schedule clause's second argument when the site has __OMP2NUMA_LOOP_CHUNK (a value <= 0 is
 * then a run-time error naming the site), and 0 otherwise.  map is the array argument of
 * genblock, indirect and wf2, else NULL.  Returns 1 and sets [*lo, *hi) to this thread's first
 * chunk, or returns 0 when it has none.  Every thread of the team must call it, then
 * __omp2numa_loop_next until it returns 0, then __omp2numa_loop_end or
 * __omp2numa_loop_end_nowait.  A loop without a schedule clause has the kind
 * __OMP2NUMA_SCHED_DEFAULT; with a chunk, the site has __OMP2NUMA_LOOP_CHUNK and the code has
 * __o2n_chunk = (int64_t)(<chunk>).
 *
 *   {
 *     static struct __omp2numa_loop_site __o2n_loop = {"jacobi.c", 14, __OMP2NUMA_SCHED_STATIC,
 *                                                      0, 0, 0};
 *     const int __o2n_lb = (1);
 *     const int __o2n_ub = (n);
 *     const uint64_t __o2n_step = 1;
 *     const uint64_t __o2n_n = (__o2n_lb < __o2n_ub)
 *         ? (((uint64_t)__o2n_ub - (uint64_t)__o2n_lb) - 1) / __o2n_step + 1 : 0;
 *     const int64_t __o2n_chunk = 0;
 *     uint64_t __o2n_lo, __o2n_hi;
 *     if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0,
 *                               &__o2n_lo, &__o2n_hi)) do {
 *       for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
 *         int i = (int)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
 *         <body>
 *       }
 *     } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
 *     __omp2numa_loop_end();
 *   }
 */
int __omp2numa_loop_start(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                          const void *map, uint64_t *lo, uint64_t *hi);

/**
 * __omp2numa_loop_start for a site with an affinity(name) clause (site->affinity is the name):
 * the same protocol and the same arguments, plus the loop variable's value in logical iteration
 * 0 (first_value) and the step between consecutive iterations (step, nonzero), so that the value
 * of logical iteration k is first_value + k * step, computed in signed 64 bits (pointer and
 * unsigned loop variables are passed converted to int64_t).  The runtime keys the name's map by
 * those values: it hands each thread the iterations whose values that thread ran in the first
 * loop with the name (for the current team size), and distributes the others with the site's
 * schedule, recording them.  Chunks are still logical [lo, hi); a thread may get them out of
 * order.  The ordered clause cannot be combined with affinity (a run-time error naming the site).
 * __omp2numa_loop_start on such a site keys the map by logical iteration (first 0, step 1).
 *
 * The emitted code is __omp2numa_loop_start's with this site and call (a decreasing loop passes
 * -(int64_t)__o2n_step):
 *
 *     static struct __omp2numa_loop_site __o2n_loop = {"lu.c", 31, __OMP2NUMA_SCHED_STATIC,
 *                                                      0, "cols", 0};
 *     ...
 *     if (__omp2numa_loop_start_affinity(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0,
 *                                        (int64_t)__o2n_lb, (int64_t)__o2n_step,
 *                                        &__o2n_lo, &__o2n_hi)) do {
 */
int __omp2numa_loop_start_affinity(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                                   const void *map, int64_t first_value, int64_t step,
                                   uint64_t *lo, uint64_t *hi);

/** Next chunk of the current loop: returns 1 and sets [*lo, *hi), or 0 when there is no more.
 *  Once it (or __omp2numa_loop_start) has returned 0, it must not be called again for this loop. */
int __omp2numa_loop_next(uint64_t *lo, uint64_t *hi);

/** Ends the current loop with its implicit barrier. */
void __omp2numa_loop_end(void);

/** Ends the current loop without a barrier (nowait). */
void __omp2numa_loop_end_nowait(void);

/* ------------------------------------------------------------------------------------------- */
/* reduction.c                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/** Folds one thread's partial results into the shared variables: *shared op= *partial. */
typedef void (*__omp2numa_combine_fn)(void *shared, void *partial);

/**
 * Called by every thread of the team at the end of a construct with a reduction clause.  Thread
 * t's partial is combined into shared by combine(shared, partial) in the order t = 0, 1, ..., n-1,
 * so a static schedule gives the same floating-point result on every run (by the last thread to
 * arrive).  Returns after all partials are combined: it contains the construct's barrier
 * (partials may then go out of scope), so a loop or sections construct with a reduction ends
 * with __omp2numa_loop_end_nowait.
 *
 *   struct __o2n_redtgt_12 __o2n_tgt = {.sum = &sum};   (before the construct's body)
 *   ...
 *   {
 *     struct __o2n_red_12 __o2n_part = {.sum = sum};   (the thread's private sum)
 *     __omp2numa_reduce(&__o2n_part, __o2n_combine_12, &__o2n_tgt);
 *   }
 *   __omp2numa_loop_end_nowait();                        (a loop: the reduce was its barrier)
 */
void __omp2numa_reduce(void *partial, __omp2numa_combine_fn combine, void *shared);

/**
 * Called by every thread of the team instead of __omp2numa_reduce when the reduction is the last
 * thing the threads do in their parallel region (its reduction clause, or that of a combined
 * parallel for / sections whose loop ends it): the region's join is the barrier.  Returns at once;
 * thread t's partial (partial_size bytes) is copied, and the primary thread's shared (shared_size
 * bytes) with combine, so both may go out of scope on return.  The primary thread combines them
 * at the join, after the team's tasks, by combine(shared, partial) in the order t = 0, 1, ...,
 * n-1, unless the region was cancelled.  Partial and shared hold values, nothing that may be gone
 * by the join (the thread's stack, a copy freed after the call), and need no more than a
 * fundamental alignment (_Alignof(max_align_t)).  In a team of one, or when either is larger
 * than the runtime's slot for it, the call is __omp2numa_reduce's.
 *
 *   static void __o2n_region_12(void *__o2n_data) {
 *     ...
 *     {
 *       struct __o2n_red_12 __o2n_part = {.sum = sum};
 *       __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_12, &__o2n_tgt,
 *                                 sizeof __o2n_tgt);
 *     }
 *   }                                                    (a loop: __omp2numa_loop_end_nowait())
 */
void __omp2numa_reduce_at_join(void *partial, size_t partial_size, __omp2numa_combine_fn combine,
                               void *shared, size_t shared_size);

/**
 * The private copy of a reduction over a variable-length array or an array section: count
 * elements of size bytes on the heap, where a copy of any size fits (a thread's stack may hold
 * only a few megabytes).  Never NULL (out of memory, the program stops with a message); freed by
 * __omp2numa_reduction_free once the partials are combined.
 *
 *   int *const __o2n_sec_v = (int *)__omp2numa_reduction_alloc(__o2n_len_v, sizeof(int));
 *   ...  __omp2numa_reduce(&__o2n_part, __o2n_combine_12, &__o2n_tgt);
 *   __omp2numa_reduction_free(__o2n_sec_v);
 */
void *__omp2numa_reduction_alloc(size_t count, size_t size);
void __omp2numa_reduction_free(void *copy);

/* ------------------------------------------------------------------------------------------- */
/* allocator.c                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/**
 * A private copy that an allocate clause names: size bytes (at least 1) aligned to alignment (a
 * power of two: the larger of the type's and the align modifier's) from allocator (an
 * omp_allocator_handle_t; 0, omp_null_allocator, is the def-allocator-var ICV's), with its
 * fallbacks.  Never NULL: when the allocator and its fallbacks fail, the program stops with a
 * message, as libgomp's GOMP_alloc does.  Freed by __omp2numa_private_free at the end of the
 * construct (of the task, for a task's copies).
 *
 *   #pragma omp parallel firstprivate(x) allocate(align(64), allocator(h): x)
 *   int *const x = __omp2numa_private_alloc(sizeof(int), 64, (uintptr_t)(h));
 *   (*x) = __o2n_ctx->x;
 *   ...
 *   __omp2numa_private_free(x);
 */
void *__omp2numa_private_alloc(size_t size, size_t alignment, uintptr_t allocator);
void __omp2numa_private_free(void *copy);

/**
 * The storage of an automatic variable that an allocate directive names, from its declaration
 * to the end of its scope: as __omp2numa_private_alloc (never NULL), the variable's name a
 * pointer to it.  __omp2numa_allocate_var_free, the pointer's cleanup function, takes the
 * pointer's address and frees the storage on every way out of the scope.
 *
 *   double a[n];  #pragma omp allocate(a) allocator(h) align(64)
 *   double (*a)[n] __attribute__((cleanup(__omp2numa_allocate_var_free)))
 *       = __omp2numa_allocate_var(sizeof *a, 64, (uintptr_t)(h));
 *   int x = 3;  #pragma omp allocate(x)
 *   int (*x) __attribute__((cleanup(__omp2numa_allocate_var_free)))
 *       = __builtin_memcpy(__omp2numa_allocate_var(sizeof *x, 4, 0),
 *                          (__typeof__(*x)[1]){ 3 }, sizeof *x);
 */
void *__omp2numa_allocate_var(size_t size, size_t alignment, uintptr_t allocator);
void __omp2numa_allocate_var_free(void *var);

/* ------------------------------------------------------------------------------------------- */
/* scan.c                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/**
 * A loop with `reduction(inscan, op: list)` and `#pragma omp scan`, between its two passes:
 * called by every thread of the team (also those without iterations), after the input phase of
 * its static block.  partial holds the thread's combined contributions (a struct like
 * __omp2numa_reduce's); prefix points (as __omp2numa_reduce's shared) at the thread's running
 * values, set to the originals' values: on return, thread t's are combined with the partials of
 * threads 0, 1, ..., t-1 by combine(prefix, partial), in that order.  Holds two barriers;
 * partials may go out of scope on return.
 *
 *   __o2n_scantotal_s = __o2n_scan_s;                  (the thread's total)
 *   __o2n_scan_s = *__o2n_tgt.s;                       (the original's value)
 *   __omp2numa_scan_prefix(&(struct __o2n_red_12){.s = __o2n_scantotal_s}, __o2n_combine_12,
 *                          &(struct __o2n_redtgt_12){.s = &__o2n_scan_s});
 */
void __omp2numa_scan_prefix(void *partial, __omp2numa_combine_fn combine, void *prefix);

/**
 * The per-iteration values of a thread's block of a scan loop: count values of size bytes
 * (count may be 0), freed with __omp2numa_scan_buffer_free.  Never NULL: out of memory, the
 * program stops with a message.
 *
 *   double *const __o2n_scanbuf_s = (double *)__omp2numa_scan_buffer(__o2n_hi - __o2n_lo,
 *                                                                    sizeof(double));
 *   ...  __omp2numa_scan_buffer_free(__o2n_scanbuf_s);
 */
void *__omp2numa_scan_buffer(uint64_t count, size_t size);
void __omp2numa_scan_buffer_free(void *buffer);

/* ------------------------------------------------------------------------------------------- */
/* critical.c                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/**
 * Enters `#pragma omp critical[(name)]`.  name is the construct's name, or NULL for the unnamed
 * critical; names are program-wide, across translation units.  lock points to a pointer with static
 * storage in the emitted code, NULL at first, where the runtime caches the name's lock so that
 * later entries take no lookup.
 *
 *   {
 *     static void *__o2n_lock;
 *     __omp2numa_critical_start(&__o2n_lock, "update");
 *     <body>
 *     __omp2numa_critical_end(&__o2n_lock);
 *   }
 */
void __omp2numa_critical_start(void **lock, const char *name);

/** Leaves the critical construct entered with the same lock. */
void __omp2numa_critical_end(void **lock);

/* ------------------------------------------------------------------------------------------- */
/* single.c                                                                                    */
/* ------------------------------------------------------------------------------------------- */

/**
 * `#pragma omp single`: returns 1 on the one thread of the team that executes the block (the first
 * to arrive), 0 on the others.  A worksharing construct: every thread of the team must call it.
 * The executing thread calls __omp2numa_single_end after the block.
 *
 *   if (__omp2numa_single_start()) { <body>  __omp2numa_single_end(); }
 *   __omp2numa_barrier();            (omitted with nowait)
 */
int __omp2numa_single_start(void);

/** The end of the block of `#pragma omp single` (without copyprivate), on the thread that ran it:
 *  until then, a worksharing construct or barrier it reaches is an error, not a hang. */
void __omp2numa_single_end(void);

/**
 * `#pragma omp single copyprivate(list)`: returns NULL on the thread that executes the block; on
 * the others it waits until that thread has called __omp2numa_single_copy_end and returns the
 * pointer it passed.  After copying, every other thread calls __omp2numa_barrier(); the executing
 * thread's data stays valid until then (copy_end contains the matching barrier).
 *
 *   struct __o2n_copy_9 {
 *     int *x;
 *   };
 *   struct __o2n_copy_9 *const __o2n_src = (struct __o2n_copy_9 *)__omp2numa_single_copy_start();
 *   if (!__o2n_src) {
 *     <body>
 *     struct __o2n_copy_9 __o2n_mine = {.x = &x};
 *     __omp2numa_single_copy_end(&__o2n_mine);
 *   } else {
 *     x = *__o2n_src->x;
 *     __omp2numa_barrier();
 *   }
 */
void *__omp2numa_single_copy_start(void);

/** Publishes the executing thread's copyprivate data and waits until every thread has copied it. */
void __omp2numa_single_copy_end(void *data);

/* ------------------------------------------------------------------------------------------- */
/* ordered.c                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/**
 * `#pragma omp ordered` in a loop with the ordered clause (in the loop's body or in a function it
 * calls): waits until the ordered regions of all logical iterations before the calling thread's
 * current one have completed.  The runtime knows the current iteration: the first of each chunk
 * it hands out for an ordered loop, advanced by __omp2numa_ordered_iteration_end.
 *
 *   __omp2numa_ordered_start();  <body>  __omp2numa_ordered_end();
 */
void __omp2numa_ordered_start(void);

/** Ends the current iteration's ordered region: the next iteration may enter its own. */
void __omp2numa_ordered_end(void);

/**
 * Called by a loop with the ordered clause at the end of every iteration (also after continue):
 * an iteration that ran no ordered region takes and passes its turn, so later iterations never
 * wait for it; then the thread's current iteration advances.
 *
 *   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi;
 *        __omp2numa_ordered_iteration_end(), ++__o2n_k) { <body> }
 */
void __omp2numa_ordered_iteration_end(void);

/* ------------------------------------------------------------------------------------------- */
/* doacross.c (and loop.c's __omp2numa_doacross_start)                                        */
/* ------------------------------------------------------------------------------------------- */

/**
 * __omp2numa_loop_start for a loop with ordered(n) (a doacross nest of ndims = n loops, of which
 * the first collapse(c) make the n logical iterations the schedule distributes; the others run
 * sequentially inside each one): the same protocol and arguments, plus counts[0..ndims-1], the
 * trip counts of the n loops (their product must be below 2^64; the runtime copies them).  The
 * site has __OMP2NUMA_LOOP_DOACROSS, and the loop is monotonic.  The emitted code keeps the
 * collapsed loops' logical indices in __o2n_iv, and leaves the other loops as written; for
 * `for (i...) for (j...)` with ordered(2):
 *
 *     static struct __omp2numa_loop_site __o2n_loop = {"wave.c", 12, __OMP2NUMA_SCHED_STATIC,
 *                                                      __OMP2NUMA_LOOP_DOACROSS, 0, 0};
 *     ... (bounds, steps and trip counts __o2n_n_0, __o2n_n_1 of both loops; __o2n_n = __o2n_n_0)
 *     const uint64_t __o2n_counts[] = {__o2n_n_0, __o2n_n_1};
 *     uint64_t __o2n_iv[2];
 *     if (__omp2numa_doacross_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, 2,
 *                                   __o2n_counts, &__o2n_lo, &__o2n_hi)) do {
 *       for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
 *         __o2n_iv[0] = __o2n_k;
 *         int i = (int)((uint64_t)__o2n_lb_0 + __o2n_iv[0] * __o2n_step_0);
 *         for (int j = 1; j < m; j++) {
 *           <body>
 *         }
 *       }
 *     } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
 *     __omp2numa_loop_end();
 */
int __omp2numa_doacross_start(struct __omp2numa_loop_site *site, uint64_t n, int64_t chunk,
                              const void *map, unsigned ndims, const uint64_t *counts,
                              uint64_t *lo, uint64_t *hi);

/**
 * `#pragma omp ordered depend(source)` (`doacross(source:)`): the iteration whose vector of
 * logical indices is iteration[0..n-1] (the current one) has reached its source: the waits for
 * it may return.  Writes before the call happen before the return of those waits.  The emitted code
 * first sets the indices of the loops that are not collapsed from their variables:
 *
 *   __o2n_iv[1] = ((uint64_t)j - (uint64_t)__o2n_lb_1) / __o2n_step_1;
 *   __omp2numa_doacross_post(__o2n_iv);
 */
void __omp2numa_doacross_post(const uint64_t *iteration);

/**
 * `#pragma omp ordered depend(sink: i - 1, j + 1)` (`doacross(sink: ...)`): waits until the
 * iteration whose vector of logical indices is sink[0..n-1] has posted (or a later iteration
 * that the same thread runs in the same logical iteration of the distributed loop has).  A
 * vector with an index outside [0, counts[d]) is ignored.  sink must be lexicographically
 * earlier than the current iteration.  An offset o of a loop of step s moves the logical index
 * by o / s; the emitted code drops a sink that names no iteration (s does not divide o, checked at
 * run time when s is not a constant):
 *
 *   { const int64_t __o2n_sink[] = {(int64_t)__o2n_iv[0] - 1,
 *         (int64_t)(((uint64_t)j - (uint64_t)__o2n_lb_1) / __o2n_step_1) + 1};
 *     __omp2numa_doacross_wait(__o2n_sink); }
 */
void __omp2numa_doacross_wait(const int64_t *sink);

/* ------------------------------------------------------------------------------------------- */
/* task.c, task_depend.c, taskloop.c                                                           */
/* ------------------------------------------------------------------------------------------- */

/** One task-generating construct (task, taskloop) in the user's source. */
struct __omp2numa_task_site {
  const char *file; /**< the user's file, as in its #line markers */
  unsigned line;    /**< line of the pragma */
};

/** The outlined body of a task; data is the block __omp2numa_task_alloc returned. */
typedef void (*__omp2numa_task_fn)(void *data);

/** Flags of __omp2numa_task_submit and __omp2numa_taskloop. */
enum __omp2numa_task_flags {
  __OMP2NUMA_TASK_UNDEFERRED = 1 << 0, /**< if clause false: the encountering thread runs the task
                                            at once, after its dependences are met */
  __OMP2NUMA_TASK_FINAL = 1 << 1,      /**< final clause true: its descendants are included */
  __OMP2NUMA_TASK_UNTIED = 1 << 2,     /**< untied (the runtime may run it as tied) */
  __OMP2NUMA_TASK_MERGEABLE = 1 << 3,  /**< mergeable (a hint) */
  __OMP2NUMA_TASK_PRIORITY = 1 << 4,   /**< a priority clause: the priority argument counts */
  __OMP2NUMA_TASK_DETACH = 1 << 5,     /**< detach clause: complete when the body has returned
                                            and the task's event is fulfilled */
  __OMP2NUMA_TASKLOOP_GRAINSIZE = 1 << 8, /**< taskloop grainsize(count) */
  __OMP2NUMA_TASKLOOP_NUM_TASKS = 1 << 9, /**< taskloop num_tasks(count) */
  __OMP2NUMA_TASKLOOP_STRICT = 1 << 10,   /**< the strict modifier of either */
  __OMP2NUMA_TASKLOOP_NOGROUP = 1 << 11   /**< nogroup: no implicit taskgroup */
};

/** The dependence types of the depend clause. */
enum __omp2numa_depend_kind {
  __OMP2NUMA_DEPEND_IN = 1,
  __OMP2NUMA_DEPEND_OUT = 2,
  __OMP2NUMA_DEPEND_INOUT = 3,
  __OMP2NUMA_DEPEND_MUTEXINOUTSET = 4,
  __OMP2NUMA_DEPEND_INOUTSET = 5,
  __OMP2NUMA_DEPEND_DEPOBJ = 6 /**< addr points to an omp_depend_t made by depobj */
};

/** One item of a depend clause: the address of the list item (of an array section's first
 *  element) and its dependence type.  Two items depend on each other when their addresses are
 *  equal (as in libgomp). */
struct __omp2numa_depend {
  void *addr;
  int kind; /**< enum __omp2numa_depend_kind */
};

/**
 * `#pragma omp task`: allocates the task's data block of size bytes aligned to align (at most
 * 64), which the emitted code fills in (the firstprivate values and the addresses of shared
 * variables) before __omp2numa_task_submit.  The block belongs to the runtime: it is freed after
 * the task completes.
 *
 *   {
 *     static const struct __omp2numa_task_site __o2n_site = {"fib.c", 14};
 *     struct __o2n_ctx_14 *const __o2n_task = (struct __o2n_ctx_14 *)__omp2numa_task_alloc(
 *         &__o2n_site, sizeof(struct __o2n_ctx_14), _Alignof(struct __o2n_ctx_14));
 *     __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_14){.n = n, .x = &x},
 *                      sizeof(struct __o2n_ctx_14));
 *     struct __omp2numa_depend __o2n_deps[] = {{(void *)&x, __OMP2NUMA_DEPEND_OUT}};
 *     __omp2numa_task_submit(__o2n_task, __o2n_task_14, 0, 0, __o2n_deps, 1);
 *   }
 */
void *__omp2numa_task_alloc(const struct __omp2numa_task_site *site, size_t size, size_t align);

/**
 * Creates the task whose block is data: fn(data) runs once, on some thread of the current team,
 * after the tasks it depends on (deps[0..ndeps-1], on sibling tasks created before it) have
 * completed.  flags: enum __omp2numa_task_flags; priority counts with __OMP2NUMA_TASK_PRIORITY
 * (a value above omp_get_max_task_priority() is lowered to it).  Outside a parallel region, and
 * inside a final task, the task runs at once (it is included).  A task that is not undeferred
 * may run at once too, for example when many tasks are queued.
 */
void __omp2numa_task_submit(void *data, __omp2numa_task_fn fn, int flags, int priority,
                            const struct __omp2numa_depend *deps, size_t ndeps);

/** The event of the task whose block is data (allocated, not yet submitted), for its detach
 *  clause (an omp_event_handle_t): the emitted code stores it in the clause's variable before
 *  filling the block.  omp_fulfill_event(event) completes the task once its body has returned. */
uintptr_t __omp2numa_task_event(void *data);

/** `#pragma omp taskwait`: returns when the child tasks of the current task have completed; the
 *  thread runs queued tasks meanwhile. */
void __omp2numa_taskwait(void);

/** `#pragma omp taskwait depend(...)`: returns when the sibling tasks that deps depends on have
 *  completed (the dependences of an undeferred task with an empty body). */
void __omp2numa_taskwait_depend(const struct __omp2numa_depend *deps, size_t ndeps);

/**
 * `#pragma omp target`, on the host, its only device: once the sibling tasks that deps depends on
 * have completed, fn(data) runs at once on the encountering thread as the initial thread of a
 * team of its own (omp_get_level() is 0 in it, and a parallel region in it is outermost), with
 * thread-limit-var lowered to thread_limit for its duration (0 or less: unchanged).  data is a
 * block of __omp2numa_task_alloc, filled as a task's (the target's firstprivate values and the
 * addresses of what it maps); it is freed when fn returns.  nowait changes nothing: the region
 * runs at once.
 *
 *   { ... __o2n_task = __omp2numa_task_alloc(&__o2n_site, sizeof(struct __o2n_ctx_9), ...);
 *     __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_9){.n = n, .a = a}, ...);
 *     __omp2numa_target_submit(__o2n_task, __o2n_task_9, 0, 0, 0); }
 */
void __omp2numa_target_submit(void *data, __omp2numa_task_fn fn, int thread_limit,
                              const struct __omp2numa_depend *deps, size_t ndeps);

/**
 * `#pragma omp teams`: runs a league of teams one after the other on the calling thread, each
 * team's body being fn(data), as libgomp runs host teams.  The league has num_teams_lower teams
 * if that is positive, else num_teams_upper, else nteams-var (OMP_NUM_TEAMS), else 3.  As gcc,
 * the translator passes num_teams' lower bound for a teams construct in a target region (1
 * without num_teams) and its upper bound for one outside.  thread_limit (0 or less: teams-thread-limit-var) lowers thread-limit-var
 * until the league ends.  omp_get_team_num() numbers the teams.
 */
void __omp2numa_teams(const struct __omp2numa_region_site *site, __omp2numa_region_fn fn,
                      void *data, int num_teams_lower, int num_teams_upper, int thread_limit);

/**
 * `#pragma omp distribute`, run by a team's initial thread: its team's share of the logical
 * iterations [0, n), as __omp2numa_loop_start and __omp2numa_loop_next hand out a loop's
 * chunks.  chunk 0 or less: one block per team (the first n % teams teams get one iteration
 * more); else chunks of `chunk` iterations dealt round robin to the teams.  No barrier ends it.
 */
int __omp2numa_distribute_start(uint64_t n, int64_t chunk, uint64_t *lo, uint64_t *hi);
int __omp2numa_distribute_next(uint64_t *lo, uint64_t *hi);

/**
 * `#pragma omp distribute parallel for`: the calling team's blocks of [0, n), as
 * __omp2numa_distribute_start and _next hand out a distribute loop's (one block, or chunks of
 * `chunk` dealt round robin).  _start gives the first, _next the one after [*lo, *hi); each
 * returns 0 when there is none.  Every thread of the team's parallel region walks the blocks by
 * itself (any thread of the team's regions may ask), and the threads share each block as a loop
 * of hi - lo iterations from lo, as gcc runs each block as a parallel for of its own.  A block
 * ends without a barrier (ordered regions: with one); the reductions combine after the last.
 *
 *   if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
 *     if (__omp2numa_loop_start(&__o2n_loop, __o2n_dhi - __o2n_dlo, __o2n_chunk, map,
 *                               &__o2n_lo, &__o2n_hi)) do {
 *       __o2n_lo += __o2n_dlo;  __o2n_hi += __o2n_dlo;   <the chunk's iterations>
 *     } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
 *     __omp2numa_loop_end_nowait();
 *   } while (__omp2numa_distribute_block_next(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi));
 *   <combine reductions>
 */
int __omp2numa_distribute_block_start(uint64_t n, int64_t chunk, uint64_t *lo, uint64_t *hi);
int __omp2numa_distribute_block_next(uint64_t n, int64_t chunk, uint64_t *lo, uint64_t *hi);

/**
 * `#pragma omp taskgroup`: __omp2numa_taskgroup_end returns when every task created in the group
 * since __omp2numa_taskgroup_start, and their descendants, have completed.
 *
 *   __omp2numa_taskgroup_start();  <body>  __omp2numa_taskgroup_end();
 */
void __omp2numa_taskgroup_start(void);
void __omp2numa_taskgroup_end(void);

/** One list item of a taskgroup's task_reduction clauses: the original's bytes [original,
 *  original + size) and the accumulator of the same size, which starts as the operator's
 *  identity and receives the group's in_reduction tasks' combinations. */
struct __omp2numa_task_reduction {
  void *original;
  void *accumulator;
  size_t size;
};

/**
 * `#pragma omp taskgroup task_reduction(op: list)`: __omp2numa_taskgroup_start, and the group's
 * list items, count of them, for __omp2numa_task_reduction_target.  items (the emitted code's
 * array) must remain until __omp2numa_taskgroup_end.  After the end, the encountering task
 * combines the accumulators into the originals under the task reductions' lock
 * (__omp2numa_task_reduce): until then, no task of the group writes the originals, which the
 * group's body may therefore read and write.  (Items of a declare reduction are not registered:
 * their combiner may expect omp_out to be the original.)
 *
 *   {
 *     struct __o2n_redtgt_9 __o2n_tgt = {.x = &x, .a = (int *)&a};
 *     long __o2n_acc_x = 0;
 *     int __o2n_acc_a[4];  for (...) ((int *)__o2n_acc_a)[__o2n_e] = 0;
 *     const struct __omp2numa_task_reduction __o2n_taskred[] = {
 *         {(void *)__o2n_tgt.x, (void *)&__o2n_acc_x, sizeof __o2n_acc_x},
 *         {(void *)__o2n_tgt.a, (void *)__o2n_acc_a, sizeof __o2n_acc_a}};
 *     __omp2numa_taskgroup_start_reduction(__o2n_taskred, 2);
 *     <body>
 *     __omp2numa_taskgroup_end();
 *     struct __o2n_red_9 __o2n_part = {.x = __o2n_acc_x, .a = (int *)__o2n_acc_a};
 *     __omp2numa_task_reduce(&__o2n_part, __o2n_combine_9, &__o2n_tgt);
 *   }
 */
void __omp2numa_taskgroup_start_reduction(const struct __omp2numa_task_reduction *items,
                                          size_t count);

/** `#pragma omp taskyield`: the thread may run another queued task. */
void __omp2numa_taskyield(void);

/**
 * Reduction of a task into the original variables: `in_reduction` on a task and `reduction` on
 * a taskloop.  Runs combine(shared, partial) under a lock, once per task, when its body ends;
 * also once per taskgroup with task_reduction, for its accumulators, after its end.
 *
 *   struct __o2n_red_14 __o2n_part = {.sum = sum};      (the task's private sum)
 *   __omp2numa_task_reduce(&__o2n_part, __o2n_combine_14, &__o2n_tgt);
 */
void __omp2numa_task_reduce(void *partial, __omp2numa_combine_fn combine, void *shared);

/**
 * Where an in_reduction task combines a list item whose original is at original (an array
 * section's: its first element): the place in the accumulator of the innermost taskgroup of the
 * current task's taskgroups, and those of its ancestors, that registered original among its
 * task_reduction items (__omp2numa_taskgroup_start_reduction); else original itself (a
 * `reduction(task, ...)` item of a parallel or worksharing construct, or a private copy of an
 * enclosing in_reduction task).  Called when the task's body ends, just before its combination.
 *
 *   __o2n_tgt.x = __omp2numa_task_reduction_target(__o2n_tgt.x);
 *   __omp2numa_task_reduce(&__o2n_part, __o2n_combine_14, &__o2n_tgt);
 */
void *__omp2numa_task_reduction_target(const volatile void *original);

/**
 * The list of a construct whose depend clauses have the iterator modifier, when its count of
 * items (known at run time) is more than the emitted code's array on the stack holds: count
 * items on the heap, never NULL (out of memory, the program stops with a message); freed by
 * __omp2numa_depend_free after the call that takes the list (which keeps nothing of it).
 *
 *   struct __omp2numa_depend __o2n_depbuf[16];
 *   struct __omp2numa_depend *const __o2n_deps = __o2n_ndeps <= 16 ? __o2n_depbuf
 *       : __omp2numa_depend_alloc(__o2n_ndeps);
 *   ... (one item per value of the iterators)
 *   __omp2numa_task_submit(__o2n_task, __o2n_task_14, 0, 0, __o2n_deps, __o2n_ndeps);
 *   if (__o2n_deps != __o2n_depbuf)
 *     __omp2numa_depend_free(__o2n_deps);
 */
struct __omp2numa_depend *__omp2numa_depend_alloc(size_t count);
void __omp2numa_depend_free(struct __omp2numa_depend *deps);

/** `#pragma omp depobj(o) depend(kind: x)` / `update(kind)` / `destroy`: depobj is &o, an
 *  omp_depend_t (omp.h: room for a struct __omp2numa_depend). */
void __omp2numa_depobj_init(void *depobj, void *addr, int kind);
void __omp2numa_depobj_update(void *depobj, int kind);
void __omp2numa_depobj_destroy(void *depobj);

/** The outlined body of a taskloop: runs logical iterations [lo, hi) (see the loop conventions). */
typedef void (*__omp2numa_taskloop_fn)(void *data, uint64_t lo, uint64_t hi);

/**
 * `#pragma omp taskloop`: splits logical iterations 0..n-1 into tasks, by grainsize or num_tasks
 * (count, with the flag saying which; neither flag: one task per thread of the team, as libgomp),
 * and runs fn(copy, lo, hi) for each, where copy is the task's own copy of the size bytes at data
 * (firstprivate values and shared addresses, as for a task).  Waits for the tasks and their
 * descendants unless __OMP2NUMA_TASKLOOP_NOGROUP.  flags, priority: as for a task.
 *
 *   struct __o2n_ctx_20 __o2n_args = {.a = a, .sum = &sum};
 *   __omp2numa_taskloop(&__o2n_site, __o2n_taskloop_20, &__o2n_args, sizeof __o2n_args,
 *                       _Alignof(struct __o2n_ctx_20), n, 0, 0, 0);
 */
void __omp2numa_taskloop(const struct __omp2numa_task_site *site, __omp2numa_taskloop_fn fn,
                         const void *data, size_t size, size_t align, uint64_t n, uint64_t count,
                         int flags, int priority);

/* ------------------------------------------------------------------------------------------- */
/* sync.c                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/** `#pragma omp master` / `masked [filter(t)]`: 1 when the calling thread's number is filter. */
int __omp2numa_masked(int filter);

/** `#pragma omp flush`: a full memory fence (sequentially consistent). */
void __omp2numa_flush(void);

/* ------------------------------------------------------------------------------------------- */
/* error.c                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/**
 * `#pragma omp error at(execution) [severity(fatal | warning)] [message(msg)]`: prints
 * "omp2numa: [warning: ]file:line: [fatal error: ]error directive encountered[: msg]" to stderr
 * (message may be NULL); fatal: exits with status 1, as libgomp does.
 *
 *   { __omp2numa_error("a.c", 12, "bad input", 1); }
 */
void __omp2numa_error(const char *file, unsigned line, const char *message, int fatal);

#ifdef __cplusplus
}
#endif

#endif /* OMP2NUMA_ABI_H */
