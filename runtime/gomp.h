/*
 * gomp.h -- libgomp's ABI (part 2's section only until part 1 is merged).
 */
#ifndef O2N_GOMP_H
#define O2N_GOMP_H

#include "internal.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void (*o2n_gomp_fn)(void *);
typedef unsigned long long o2n_ull;

O2N_INTERNAL void o2n_gomp_workshare_extras(const char *entry, const void *caller,
                                            uintptr_t *reductions, void **mem);

/* ------------------------------------------------------------------------------------------- */
/* gomp_task.c, gomp_taskloop.c, gomp_reduction.c, gomp_cancel.c, gomp_doacross.c: tasks        */
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

/* How many items of a depend clause the entry points convert on their stack. */
#ifndef O2N_GOMP_DEPEND_STACK
#define O2N_GOMP_DEPEND_STACK 16 /* a construct rarely has more; more go to the heap */
#endif

/* Converts gcc's depend array (either format, gomp_task.c) to n items, returns n, and sets *items
   to buf when n <= cap, else to memory from __omp2numa_depend_alloc. */
O2N_INTERNAL size_t o2n_gomp_depend(void **depend, struct __omp2numa_depend *buf, size_t cap,
                                    struct __omp2numa_depend **items);

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
O2N_ABI bool GOMP_cancel(int which, bool do_cancel);
O2N_ABI bool GOMP_cancellation_point(int which);
O2N_ABI bool GOMP_barrier_cancel(void);
O2N_ABI bool GOMP_loop_end_cancel(void);
O2N_ABI bool GOMP_sections_end_cancel(void);

#endif /* O2N_GOMP_H */
