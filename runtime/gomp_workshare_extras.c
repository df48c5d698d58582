/*
 * gomp_workshare_extras.c -- the `reductions` and `mem` arguments of libgomp's OpenMP 5.0
 * worksharing entry points (GOMP_loop_start, GOMP_loop_ordered_start, GOMP_sections2_start,
 * GOMP_loop_doacross_start and the ull forms), and GOMP_scope_start, which gcc calls for a scope
 * construct with task reductions only.
 *
 * gcc passes `reductions` for task reductions on the construct (reduction(task, ...)) and `mem`
 * for lastprivate(conditional:) and inscan reductions: a block of *mem bytes, zeroed, that the
 * threads of the team share for the construct.  Both need a block per construct that the team
 * shares: the first thread to ask for it allocates it and publishes it in the work-share slot
 * (struct o2n_ws's gomp_reductions and gomp_mem) with a compare-and-swap; the others take it.
 * The `mem` block is freed with the slot (work.c), the task reductions' by thread 0 when gcc's
 * code has combined them (GOMP_workshare_task_reduction_unregister, gomp_reduction.c).
 */
#include "gomp.h"

#include <stdlib.h>

void *o2n_gomp_team_block(void *_Atomic *slot, size_t size)
{
  /* Acquire: the winner's zeroes. */
  void *block = atomic_load_explicit(slot, memory_order_acquire);
  if (block)
    return block;
  void *mine = o2n_xcalloc_aligned(size);
  /* acq_rel: publishes our zeroes, or acquires the winner's. */
  if (atomic_compare_exchange_strong_explicit(slot, &block, mine, memory_order_acq_rel,
                                              memory_order_acquire))
    return mine;
  free(mine);
  return block;
}

void o2n_gomp_workshare_extras(const char *entry, const void *caller, uintptr_t *reductions,
                               void **mem)
{
  (void)entry;
  (void)caller;
  struct o2n_thread *self = o2n_self();
  if (reductions) {
    /* As libgomp: each thread's taskgroup, ended by GOMP_workshare_task_reduction_unregister. */
    __omp2numa_taskgroup_start();
    self->task->taskgroup->workshare = true;
    o2n_gomp_reduction_register(reductions, &self->ws->gomp_reductions);
  }
  if (mem)
    *mem = o2n_gomp_team_block(&self->ws->gomp_mem, (size_t)(uintptr_t)*mem);
}

/* A scope's slot: only its blocks are used (the kind is any but a loop's). */
static void scope_init(struct o2n_ws *ws, struct o2n_thread *self, void *arg)
{
  (void)self;
  (void)arg;
  ws->kind = O2N_WS_SINGLE;
}

O2N_ABI void GOMP_scope_start(uintptr_t *reductions)
{
  struct o2n_thread *self = o2n_self();
  /* The slot is left once the thread has registered: the last thread leaves after every thread
     has taken the team's block, which the arrays keep (its thread 0 frees it at the end,
     GOMP_workshare_task_reduction_unregister). */
  self->ws = o2n_ws_enter(self, scope_init, NULL);
  o2n_gomp_workshare_extras("GOMP_scope_start", __builtin_return_address(0), reductions, NULL);
  o2n_ws_leave(self);
}
