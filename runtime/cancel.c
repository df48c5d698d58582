/*
 * cancel.c -- cancellation: the cancel and cancellation point constructs.
 *
 * Cancellation happens only when cancel-var is true (OMP_CANCELLATION); otherwise both constructs
 * do nothing.  Each construct that can be cancelled has a flag: its team's (parallel), its
 * work-share slot's (for, sections; a gcc-compiled static loop has none, and its flag is the
 * team's ws_cancel_gen), its taskgroup's.  `cancel` sets the flag and sends the
 * encountering thread to the end of the construct (the emitted code jumps there when the call
 * returns 1); the other threads find the flag at their cancellation points: cancellation point
 * and cancel constructs, and, in a region that has a cancel parallel construct, its barriers
 * (the translator emits __omp2numa_barrier_cancel for them, barrier.c).
 *
 * A cancelled region's threads leave for its end at different points, so nobody may keep waiting
 * for the others: cancelling a region moves the futex words its barrier and its reductions wait
 * on, and those waits look at the flag when they wake.  A reduction so interrupted leaves its
 * variables unspecified, as OpenMP says.  Tasks of a cancelled region or taskgroup that have not
 * started are discarded (task.c).  Waits of ordered regions and of work-share slots are not
 * interrupted: a region must not be cancelled while some of its threads are in them.
 */
#include "internal.h"

/* 1 + the team's barrier generation: a loop without a work-share slot runs in one generation. */
static uint32_t loop_gen(struct o2n_team *team)
{
  return o2n_futex_value(&team->barrier.gen, memory_order_relaxed) + 1;
}

/* Whether the construct of the given kind that the calling thread is in has been cancelled. */
static bool cancelled(const struct o2n_thread *self, int kind)
{
  switch (kind) {
  case __OMP2NUMA_CANCEL_PARALLEL:
    return o2n_team_cancelled(self->team);
  case __OMP2NUMA_CANCEL_FOR:
  case __OMP2NUMA_CANCEL_SECTIONS:
    if (!self->ws)
      return atomic_load_explicit(&self->team->ws_cancel_gen, memory_order_relaxed) ==
             loop_gen(self->team);
    return atomic_load_explicit(&self->ws->cancelled, memory_order_relaxed);
  case __OMP2NUMA_CANCEL_TASKGROUP: {
    /* Cancelling a region cancels its explicit tasks too. */
    const struct o2n_taskgroup *group = o2n_taskgroup_cancellable(self->task->taskgroup);
    return (group && atomic_load_explicit(&group->cancelled, memory_order_relaxed)) ||
           o2n_team_cancelled(self->team);
  }
  default:
    o2n_fatal("unknown construct kind %d in a cancellation (not one of __omp2numa_cancel_kind)",
              kind);
  }
}

/* Cancels the team's region.  The flag is set before the words move, and the moves release it:
   a waiter that acquires a moved word sees the flag; one that read the word before it moved is
   woken by the move. */
static void cancel_team(struct o2n_team *team)
{
  if (atomic_exchange_explicit(&team->cancelled, true, memory_order_relaxed) ||
      team->nthreads == 1)
    return;
  o2n_futex_bump(&team->barrier.gen);
  o2n_futex_bump(&team->reduce_done);
  /* The barrier's and the reduction's waits run tasks, and sleep on the team's wake word. */
  o2n_task_wake(team);
}

static void activate(struct o2n_thread *self, int kind)
{
  switch (kind) {
  case __OMP2NUMA_CANCEL_PARALLEL:
    cancel_team(self->team);
    break;
  case __OMP2NUMA_CANCEL_FOR:
  case __OMP2NUMA_CANCEL_SECTIONS:
    if (self->ws)
      atomic_store_explicit(&self->ws->cancelled, true, memory_order_relaxed);
    else
      atomic_store_explicit(&self->team->ws_cancel_gen, loop_gen(self->team),
                            memory_order_relaxed);
    break;
  case __OMP2NUMA_CANCEL_TASKGROUP:
    if (self->task->taskgroup)
      atomic_store_explicit(&o2n_taskgroup_cancellable(self->task->taskgroup)->cancelled, true,
                            memory_order_relaxed);
    break;
  }
}

O2N_ABI int __omp2numa_cancel(int kind, int if_true)
{
  if (!o2n_global.cancel)
    return 0;
  struct o2n_thread *self = o2n_self();
  if (if_true)
    activate(self, kind);
  /* With a false if clause, the construct is still a cancellation point. */
  return cancelled(self, kind);
}

O2N_ABI int __omp2numa_cancellation_point(int kind)
{
  return o2n_global.cancel && cancelled(o2n_self(), kind);
}
