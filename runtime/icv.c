/*
 * icv.c -- the internal control variables: their defaults, and the runtime's one-time
 * initialisation (topology first, because the default number of threads is its PU count, and the
 * default places; then the environment, env.c).
 */
#include "internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

struct o2n_global_icv o2n_global;

/* The ICVs of every initial task: defaults overridden by the environment. */
static struct o2n_icv initial_icv;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_runtime(void)
{
  o2n_topology_init();
  o2n_places_init();
  o2n_load_init();
  atomic_init(&o2n_global.max_active_levels, O2N_DEFAULT_MAX_ACTIVE_LEVELS);
  o2n_global.thread_limit = INT_MAX;
  o2n_global.spins = O2N_SPIN_DEFAULT;
  o2n_global.wait_policy = -1;
  o2n_global.display_env = 0;
  o2n_global.stacksize = 0;
  o2n_global.cancel = false;
  o2n_global.display_affinity = false;
  atomic_init(&o2n_global.nteams, 0);
  atomic_init(&o2n_global.teams_thread_limit, 0);
  o2n_global.target_offload = O2N_OFFLOAD_DEFAULT;
  o2n_global.max_task_priority = 0;
  initial_icv = (struct o2n_icv){
      .nthreads = o2n_topology()->npus,
      .dyn = false,
      .bind = omp_proc_bind_close,
      .run_sched = __OMP2NUMA_SCHED_AUTO,
      .run_chunk = 0,
      .run_monotonic = false,
      .default_device = 0,
      .def_allocator = omp_default_mem_alloc,
  };
  o2n_env_read(&o2n_global, &initial_icv);
  o2n_global.initial_max_active_levels =
      atomic_load_explicit(&o2n_global.max_active_levels, memory_order_relaxed);
  if (o2n_global.display_env)
    o2n_env_display(&initial_icv, o2n_global.display_env == 2);
}

/* At start-up: another OpenMP runtime in the process is refused before any code runs in it, and
   the OMP_* variables are kept as they are now.  OMP_DISPLAY_ENV prints the settings when the
   program starts, as in other OpenMP implementations, not at its first parallel region.  Only
   then does the runtime initialise this early: other programs pay for hwloc's topology discovery
   on first use only. */
__attribute__((constructor)) static void at_start(void)
{
  o2n_refuse_foreign_runtimes();
  o2n_env_snapshot();
  if (getenv("OMP_DISPLAY_ENV"))
    o2n_init();
}

void o2n_init(void)
{
  /* pthread_once also orders the initialisation before every caller's later reads. */
  pthread_once(&init_once, init_runtime);
}

const struct o2n_icv *o2n_icv_initial(void)
{
  return &initial_icv;
}

void o2n_icv_for_level(struct o2n_icv *icv, unsigned level)
{
  if (level < o2n_global.nthreads_levels)
    icv->nthreads = (unsigned)o2n_global.nthreads_list[level];
  if (level < o2n_global.bind_levels)
    icv->bind = o2n_global.bind_list[level];
}

unsigned o2n_spin_cap(unsigned spins, unsigned nrunning, unsigned others)
{
  const unsigned nreal = o2n_topology()->nreal;
  const unsigned demand = nrunning + others;
  /* This program's threads alone outnumber the processors, or everybody's more than twice: the
     thread a waiter waits for is more likely waiting for a processor than running, and a spin
     would take one from it or from the other programs' waiters, so the waiter barely spins. */
  if (nrunning > nreal || demand > O2N_SPIN_CROWD_FACTOR * nreal)
    return spins < O2N_SPIN_THROTTLED ? spins : O2N_SPIN_THROTTLED;
  /* Other programs take up to as many processors as there are: a short wait spins on this
     program's own share of them, since a sleep (or a yield) gives that share away and costs a
     turn behind a busy process (docs/runtime.md, Waiting); a long one (OMP_WAIT_POLICY=active)
     is cut so that a long wait still sleeps. */
  if (demand > nreal)
    return spins < O2N_SPIN_CROWDED ? spins : O2N_SPIN_CROWDED;
  return spins;
}

unsigned o2n_spin_budget(unsigned nrunning)
{
  /* Passive: nothing to cut, and no load to read at every fork. */
  if (o2n_global.spins == 0)
    return 0;
  return o2n_spin_cap(o2n_global.spins, nrunning, o2n_load_others_cached());
}

unsigned o2n_spin_recheck(unsigned spins)
{
  return o2n_spin_cap(spins, o2n_pool_runnable(), o2n_load_others());
}
