/*
 * gomp.h -- libgomp's ABI: the GOMP_* entry points that code compiled by gcc -fopenmp calls.
 *
 * libomp2numa exports them with libgomp 12's symbol versions (libomp2numa.map), so that a
 * gcc-built program or library runs on libomp2numa's one pool, ICVs and schedules, beside
 * translated code (docs/gomp-abi.md).  The prototypes are libgomp's, as gcc emits the calls
 * (gcc/omp-builtins.def).  Each entry point is a thin wrapper over the runtime's own constructs
 * (parallel.c, loop.c, single.c, critical.c, ...); the gomp_*.c files only convert arguments.
 *
 * Entry points that libomp2numa does not implement are stubs generated from gomp_missing.def:
 * a call stops the program with "omp2numa: GOMP_x is not implemented (...)".
 */
#ifndef O2N_GOMP_H
#define O2N_GOMP_H

#include "internal.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* libgomp's schedule kinds (enum gomp_schedule_type): the sched argument of GOMP_loop_start and
   GOMP_loop_ordered_start is one of runtime (0), static, dynamic, guided, auto (4), with
   GOMP_SCHED_MONOTONIC or'ed in for schedule(monotonic: ...). */
#define GOMP_SCHED_MONOTONIC 0x80000000u

typedef void (*o2n_gomp_fn)(void *);
typedef unsigned long long o2n_ull;

/* ------------------------------------------------------------------------------------------- */
/* gomp_parallel.c                                                                             */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void GOMP_parallel(o2n_gomp_fn fn, void *data, unsigned num_threads, unsigned flags);
O2N_ABI void GOMP_parallel_sections(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                    unsigned count, unsigned flags);
O2N_ABI void GOMP_teams_reg(o2n_gomp_fn fn, void *data, unsigned num_teams,
                            unsigned thread_limit, unsigned flags);
O2N_ABI bool GOMP_teams4(unsigned num_teams_low, unsigned num_teams_high, unsigned thread_limit,
                         bool first);

O2N_ABI void GOMP_parallel_start(o2n_gomp_fn fn, void *data, unsigned num_threads);
O2N_ABI void GOMP_parallel_end(void);
O2N_ABI void GOMP_parallel_sections_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                          unsigned count);

/* Runs fn(data) on a team as GOMP_parallel does, after each thread has run
   enter(enter_arg): how the combined parallel loop and sections entry points start the
   construct on every thread before the body asks for its first chunk. */
O2N_INTERNAL void o2n_gomp_parallel(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                    unsigned flags, void (*enter)(void *), void *enter_arg);

/* ------------------------------------------------------------------------------------------- */
/* gomp_sync.c, gomp_work.c, gomp_alloc.c, gomp_error.c                                         */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void GOMP_barrier(void);
O2N_ABI void GOMP_critical_start(void);
O2N_ABI void GOMP_critical_end(void);
O2N_ABI void GOMP_critical_name_start(void **pptr);
O2N_ABI void GOMP_critical_name_end(void **pptr);
O2N_ABI void GOMP_atomic_start(void);
O2N_ABI void GOMP_atomic_end(void);

O2N_ABI bool GOMP_single_start(void);
O2N_ABI void *GOMP_single_copy_start(void);
O2N_ABI void GOMP_single_copy_end(void *data);
O2N_ABI unsigned GOMP_sections_start(unsigned count);
O2N_ABI unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem);
O2N_ABI unsigned GOMP_sections_next(void);
O2N_ABI void GOMP_sections_end(void);
O2N_ABI void GOMP_sections_end_nowait(void);
O2N_ABI void GOMP_ordered_start(void);
O2N_ABI void GOMP_ordered_end(void);

O2N_ABI void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator);
O2N_ABI void GOMP_free(void *ptr, uintptr_t allocator);
O2N_ABI void GOMP_error(const char *msg, size_t msglen);
O2N_ABI void GOMP_warning(const char *msg, size_t msglen);

/* GOMP 1.0's half of o2n_gomp_parallel (GOMP_parallel_start and the combined *_start forms):
   starts the team, with a copy of the size bytes at enter_arg, and runs enter on the calling
   thread too, which then runs fn itself and calls GOMP_parallel_end. */
O2N_INTERNAL void o2n_gomp_parallel_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                          void (*enter)(void *), const void *enter_arg,
                                          size_t size);

/* ------------------------------------------------------------------------------------------- */
/* gomp_site.c: one loop site per call site, for the schedule and the statistics               */
/* ------------------------------------------------------------------------------------------- */

/* The loop site of the call at return address `caller` (the caller of the GOMP entry point):
   created on first use with the kind and flags given, named by the caller's symbol and offset
   (dladdr), and cached for the life of the program.  Lock-free on later uses. */
O2N_INTERNAL struct __omp2numa_loop_site *o2n_gomp_site(const void *caller, int kind, int flags);

/* The caller's location as "symbol+0xoffset" (or "object+0xoffset"), for error messages. */
O2N_INTERNAL const char *o2n_gomp_where(const void *caller, char *buf, size_t size);

/* ------------------------------------------------------------------------------------------- */
/* gomp_loop.c and gomp_loop_ull.c                                                             */
/* ------------------------------------------------------------------------------------------- */

#define O2N_GOMP_DECLARE_PARALLEL_PARALLEL(name, ...)                                            \
  O2N_ABI void GOMP_parallel_loop_##name(o2n_gomp_fn fn, void *data, unsigned num_threads,      \
                                         long start, long end, long incr, __VA_ARGS__            \
                                         unsigned flags);
#define O2N_GOMP_DECLARE_PARALLEL_NOT_PARALLEL(name, ...)
#define O2N_GOMP_LOOP(name, kind, flags, parallel)                                               \
  O2N_GOMP_DECLARE_PARALLEL_##parallel(name, long chunk,)                                        \
  O2N_ABI bool GOMP_loop_##name##_start(long start, long end, long incr, long chunk,             \
                                        long *istart, long *iend);                               \
  O2N_ABI bool GOMP_loop_##name##_next(long *istart, long *iend);                                \
  O2N_ABI bool GOMP_loop_ull_##name##_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,   \
                                            o2n_ull chunk, o2n_ull *istart, o2n_ull *iend);      \
  O2N_ABI bool GOMP_loop_ull_##name##_next(o2n_ull *istart, o2n_ull *iend);
#define O2N_GOMP_LOOP_RUNTIME(name, flags, parallel)                                             \
  O2N_GOMP_DECLARE_PARALLEL_##parallel(name, )                                                   \
  O2N_ABI bool GOMP_loop_##name##_start(long start, long end, long incr, long *istart,           \
                                        long *iend);                                             \
  O2N_ABI bool GOMP_loop_##name##_next(long *istart, long *iend);                                \
  O2N_ABI bool GOMP_loop_ull_##name##_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,   \
                                            o2n_ull *istart, o2n_ull *iend);                     \
  O2N_ABI bool GOMP_loop_ull_##name##_next(o2n_ull *istart, o2n_ull *iend);
#include "gomp_loops.def"
#undef O2N_GOMP_DECLARE_PARALLEL_PARALLEL
#undef O2N_GOMP_DECLARE_PARALLEL_NOT_PARALLEL

O2N_ABI bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk,
                             long *istart, long *iend, uintptr_t *reductions, void **mem);
O2N_ABI bool GOMP_loop_ordered_start(long start, long end, long incr, long sched, long chunk,
                                     long *istart, long *iend, uintptr_t *reductions, void **mem);
O2N_ABI bool GOMP_loop_ull_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr, long sched,
                                 o2n_ull chunk, o2n_ull *istart, o2n_ull *iend,
                                 uintptr_t *reductions, void **mem);
O2N_ABI bool GOMP_loop_ull_ordered_start(bool up, o2n_ull start, o2n_ull end, o2n_ull incr,
                                         long sched, o2n_ull chunk, o2n_ull *istart,
                                         o2n_ull *iend, uintptr_t *reductions, void **mem);
O2N_ABI void GOMP_loop_end(void);
O2N_ABI void GOMP_loop_end_nowait(void);
O2N_ABI void GOMP_parallel_loop_static_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                             long start, long end, long incr, long chunk);
O2N_ABI void GOMP_parallel_loop_dynamic_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                              long start, long end, long incr, long chunk);
O2N_ABI void GOMP_parallel_loop_guided_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                             long start, long end, long incr, long chunk);
O2N_ABI void GOMP_parallel_loop_runtime_start(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                              long start, long end, long incr);

/* Starts this thread's part of the GOMP loop b (n, start, incr, end) at the site; returns the
   first chunk (user values in *istart, *iend) as the GOMP start entry points do. */
O2N_INTERNAL bool o2n_gomp_loop_start(struct __omp2numa_loop_site *site,
                                      const struct o2n_gomp_loop *b, int64_t chunk,
                                      uint64_t *istart, uint64_t *iend);

/* For the combined parallel constructs: the loop that the body's first call of a next entry
   point starts (gcc's body of a static loop computes its chunks itself and never does). */
O2N_INTERNAL void o2n_gomp_loop_enter(struct __omp2numa_loop_site *site,
                                      const struct o2n_gomp_loop *b, int64_t chunk);

/* Records the thread's chunk [lo, hi) (logical) of its GOMP loop g if it got one, and writes it
   in the user's iteration space; returns got. */
static inline bool o2n_gomp_chunk_out(struct o2n_gomp_loop *g, bool got, uint64_t lo,
                                      uint64_t hi, uint64_t *istart, uint64_t *iend)
{
  g->has_chunk = got;
  g->hi = hi;
  if (got) {
    *istart = g->start + lo * g->incr;
    *iend = hi == g->n ? g->end : g->start + hi * g->incr;
  }
  return got;
}

/* o2n_gomp_loop_next for a loop that is pending, ordered or without a slot. */
O2N_INTERNAL bool o2n_gomp_loop_next_slow(uint64_t *istart, uint64_t *iend);

/* The next chunk of the calling thread's GOMP loop (started first if pending); in an ordered
   loop, passes the ordered turn on to the next chunk first.  Inline in every next entry point:
   a started loop without ordered costs one call of its schedule, or a counter loop's
   fetch-and-add (loop.c), as libgomp's next does.
   gcc copies lastprivate variables out after the loop in the thread whose last chunk ended at
   the loop's end (`if (i == n)`), as libgomp's chunks come to each thread in order; a stealing
   schedule could hand that thread an earlier chunk afterwards, so the thread that ran the final
   chunk takes no other, and the others take what is left. */
static inline bool o2n_gomp_loop_next(uint64_t *istart, uint64_t *iend)
{
  struct o2n_thread *self = o2n_current;
  if (__builtin_expect(!self || (!self->chunk_ws && !self->counter.next) || self->gomp.pending ||
                           self->gomp.ordered,
                       0))
    return o2n_gomp_loop_next_slow(istart, iend);
  struct o2n_gomp_loop *g = &self->gomp;
  uint64_t lo = 0, hi = 0;
  const bool ran_final = g->has_chunk && g->hi == g->n;
  const bool got = !ran_final && (self->chunk_ws ? o2n_loop_take(self, &lo, &hi)
                                                 : o2n_counter_take(&self->counter, &lo, &hi));
  return o2n_gomp_chunk_out(g, got, lo, hi, istart, iend);
}

/* Ends the calling thread's GOMP loop (or sections), through its barrier unless nowait. */
O2N_INTERNAL void o2n_gomp_loop_end(bool nowait);

/* The site kind and flags for libgomp's sched argument (GOMP_loop_start). */
O2N_INTERNAL int o2n_gomp_sched_kind(long sched, int *flags);

/* The chunk argument: a positive chunk size, or 0 for the kind's default. */
O2N_INTERNAL int64_t o2n_gomp_chunk(uint64_t chunk, bool is_signed);

/* Hook for the `reductions` (task reductions) and `mem` (lastprivate(conditional:), inscan)
   arguments of GOMP_loop_start, GOMP_loop_ordered_start, GOMP_sections2_start and their ull
   forms, called on every thread of the team after it entered the construct (self->ws is set):
   the thread's taskgroup of the construct's task reductions, and the team's `mem` block
   (gomp_workshare_extras.c). */
O2N_INTERNAL void o2n_gomp_workshare_extras(const char *entry, const void *caller,
                                            uintptr_t *reductions, void **mem);

/* ------------------------------------------------------------------------------------------- */
/* gomp_target.c, gomp_depend_hook.c                                                           */
/* ------------------------------------------------------------------------------------------- */

O2N_ABI void GOMP_target_ext(int device, o2n_gomp_fn fn, size_t mapnum, void **hostaddrs,
                             size_t *sizes, unsigned short *kinds, unsigned flags, void **depend,
                             void **args);
O2N_ABI void GOMP_target(int device, o2n_gomp_fn fn, const void *unused, size_t mapnum,
                         void **hostaddrs, size_t *sizes, unsigned char *kinds);
O2N_ABI void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                    unsigned short *kinds, unsigned flags, void **depend);
O2N_ABI void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs,
                                         size_t *sizes, unsigned short *kinds, unsigned flags,
                                         void **depend);
O2N_ABI void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs, size_t *sizes,
                                  unsigned short *kinds);
O2N_ABI void GOMP_target_data(int device, const void *unused, size_t mapnum, void **hostaddrs,
                              size_t *sizes, unsigned char *kinds);
O2N_ABI void GOMP_target_end_data(void);
O2N_ABI void GOMP_target_update(int device, const void *unused, size_t mapnum, void **hostaddrs,
                                size_t *sizes, unsigned char *kinds);
O2N_ABI void GOMP_teams(unsigned num_teams, unsigned thread_limit);
O2N_ABI void GOMP_offload_register_ver(unsigned version, const void *host_table, int target_type,
                                       const void *target_data);
O2N_ABI void GOMP_offload_unregister_ver(unsigned version, const void *host_table,
                                         int target_type, const void *target_data);
O2N_ABI void GOMP_offload_register(const void *host_table, int target_type,
                                   const void *target_data);
O2N_ABI void GOMP_offload_unregister(const void *host_table, int target_type,
                                     const void *target_data);

/* Hook for the depend argument of the target entry points: the encountering task waits for the
   sibling tasks that the dependences name, as GOMP_taskwait_depend does. */
O2N_INTERNAL void o2n_gomp_depend_wait(const char *entry, const void *caller, void **depend);

/* ------------------------------------------------------------------------------------------- */
/* gomp_task.c, gomp_taskloop.c, gomp_reduction.c, gomp_workshare_extras.c, gomp_cancel.c,     */
/* gomp_doacross.c: tasks, task reductions, cancellation, doacross                            */
/* ------------------------------------------------------------------------------------------- */

/* The flags of GOMP_task and GOMP_taskloop (gcc's include/gomp-constants.h). */
enum {
  GOMP_TASK_FLAG_UNTIED = 1 << 0,
  GOMP_TASK_FLAG_FINAL = 1 << 1,
  GOMP_TASK_FLAG_MERGEABLE = 1 << 2,
  GOMP_TASK_FLAG_DEPEND = 1 << 3,
  GOMP_TASK_FLAG_PRIORITY = 1 << 4,
  GOMP_TASK_FLAG_UP = 1 << 8,
  GOMP_TASK_FLAG_GRAINSIZE = 1 << 9,
  GOMP_TASK_FLAG_IF = 1 << 10,
  GOMP_TASK_FLAG_NOGROUP = 1 << 11,
  GOMP_TASK_FLAG_REDUCTION = 1 << 12,
  GOMP_TASK_FLAG_DETACH = 1 << 13,
  GOMP_TASK_FLAG_STRICT = 1 << 14
};

O2N_ABI void GOMP_task(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *), long arg_size,
                       long arg_align, bool if_clause, unsigned flags, void **depend,
                       int priority, void *detach);
O2N_ABI void GOMP_taskwait(void);
O2N_ABI void GOMP_taskwait_depend(void **depend);
O2N_ABI void GOMP_taskyield(void);
O2N_ABI void GOMP_taskgroup_start(void);
O2N_ABI void GOMP_taskgroup_end(void);
O2N_ABI void GOMP_taskloop(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *),
                           long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                           int priority, long start, long end, long step);
O2N_ABI void GOMP_taskloop_ull(o2n_gomp_fn fn, void *data, void (*cpyfn)(void *, void *),
                               long arg_size, long arg_align, unsigned flags,
                               unsigned long num_tasks, int priority, o2n_ull start, o2n_ull end,
                               o2n_ull step);

O2N_ABI void GOMP_taskgroup_reduction_register(uintptr_t *data);
O2N_ABI void GOMP_taskgroup_reduction_unregister(uintptr_t *data);
O2N_ABI void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs);
O2N_ABI void GOMP_workshare_task_reduction_unregister(bool cancelled);
O2N_ABI unsigned GOMP_parallel_reductions(o2n_gomp_fn fn, void *data, unsigned num_threads,
                                          unsigned flags);
O2N_ABI void GOMP_scope_start(uintptr_t *reductions);

/* Registers gcc's reductions array in the calling task's innermost taskgroup, for the threads of
   its team: with private copies of its own (shared NULL), or in the team's block at *shared, the
   same for every thread of a worksharing construct (o2n_gomp_team_block). */
O2N_INTERNAL void o2n_gomp_reduction_register(uintptr_t *data, void *_Atomic *shared);

/* The block of size bytes (zeroed, cache-line aligned) that the threads of a team share for a
   construct: the first caller allocates it and stores it in *slot (NULL until then); the others
   get it from there. */
O2N_INTERNAL void *o2n_gomp_team_block(void *_Atomic *slot, size_t size);

O2N_ABI bool GOMP_cancel(int which, bool do_cancel);
O2N_ABI bool GOMP_cancellation_point(int which);
O2N_ABI bool GOMP_barrier_cancel(void);
O2N_ABI bool GOMP_loop_end_cancel(void);
O2N_ABI bool GOMP_sections_end_cancel(void);

O2N_ABI bool GOMP_loop_doacross_static_start(unsigned ncounts, long *counts, long chunk,
                                             long *istart, long *iend);
O2N_ABI bool GOMP_loop_doacross_dynamic_start(unsigned ncounts, long *counts, long chunk,
                                              long *istart, long *iend);
O2N_ABI bool GOMP_loop_doacross_guided_start(unsigned ncounts, long *counts, long chunk,
                                             long *istart, long *iend);
O2N_ABI bool GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts, long *istart,
                                              long *iend);
O2N_ABI bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk,
                                      long *istart, long *iend, uintptr_t *reductions,
                                      void **mem);
O2N_ABI bool GOMP_loop_ull_doacross_static_start(unsigned ncounts, o2n_ull *counts,
                                                 o2n_ull chunk, o2n_ull *istart, o2n_ull *iend);
O2N_ABI bool GOMP_loop_ull_doacross_dynamic_start(unsigned ncounts, o2n_ull *counts,
                                                  o2n_ull chunk, o2n_ull *istart, o2n_ull *iend);
O2N_ABI bool GOMP_loop_ull_doacross_guided_start(unsigned ncounts, o2n_ull *counts,
                                                 o2n_ull chunk, o2n_ull *istart, o2n_ull *iend);
O2N_ABI bool GOMP_loop_ull_doacross_runtime_start(unsigned ncounts, o2n_ull *counts,
                                                  o2n_ull *istart, o2n_ull *iend);
O2N_ABI bool GOMP_loop_ull_doacross_start(unsigned ncounts, o2n_ull *counts, long sched,
                                          o2n_ull chunk, o2n_ull *istart, o2n_ull *iend,
                                          uintptr_t *reductions, void **mem);
O2N_ABI void GOMP_doacross_post(long *counts);
O2N_ABI void GOMP_doacross_wait(long first, ...);
O2N_ABI void GOMP_doacross_ull_post(o2n_ull *counts);
O2N_ABI void GOMP_doacross_ull_wait(o2n_ull first, ...);

/* ------------------------------------------------------------------------------------------- */
/* gomp_missing.c                                                                              */
/* ------------------------------------------------------------------------------------------- */

/* Stops the program: the entry point is not implemented; `what` says which feature it is. */
O2N_INTERNAL noreturn void o2n_gomp_missing(const char *symbol, const char *what);

#endif /* O2N_GOMP_H */
