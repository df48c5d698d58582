/*
 * api.c -- the routines of omp.h (locks are in lock.c, devices in device.c, the affinity format in
 * affinity_format.c) and of omp2numa.h, and the ABI version.
 *
 * Invalid arguments that OpenMP leaves unspecified get a warning and are ignored, so that the
 * program keeps the documented state.
 */
#include "internal.h"

#include <limits.h>
#include <time.h>

O2N_ABI unsigned __omp2numa_abi_version(void)
{
  return __OMP2NUMA_ABI_VERSION;
}

O2N_API unsigned omp2numa_get_api_version(void)
{
  return OMP2NUMA_API_VERSION;
}

/* ------------------------------------------------------------------------------------------- */
/* Teams and threads                                                                           */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_set_num_threads(int num_threads)
{
  struct o2n_thread *self = o2n_self();
  if (num_threads < 1) {
    o2n_warn("omp_set_num_threads(%d): the number of threads must be positive; keeping %u",
             num_threads, self->icv.nthreads);
    return;
  }
  o2n_icv_will_change(self);
  self->icv.nthreads = (unsigned)num_threads;
}

O2N_API int omp_get_num_threads(void)
{
  return (int)o2n_self()->team->nthreads;
}

O2N_API int omp_get_thread_num(void)
{
  return (int)o2n_self()->tid;
}

O2N_API int omp_get_max_threads(void)
{
  return (int)o2n_self()->icv.nthreads;
}

O2N_API int omp_get_num_procs(void)
{
  o2n_init();
  return (int)o2n_topology()->npus;
}

O2N_API int omp_in_parallel(void)
{
  return o2n_self()->team->active_level > 0;
}

O2N_API void omp_set_dynamic(int dynamic)
{
  struct o2n_thread *self = o2n_self();
  o2n_icv_will_change(self);
  self->icv.dyn = dynamic != 0;
}

O2N_API int omp_get_dynamic(void)
{
  return o2n_self()->icv.dyn;
}

O2N_API void omp_set_max_active_levels(int max_levels)
{
  o2n_init();
  if (max_levels < 0) {
    o2n_warn("omp_set_max_active_levels(%d): the number of levels must not be negative; "
             "keeping %d",
             max_levels, omp_get_max_active_levels());
    return;
  }
  if (max_levels > O2N_SUPPORTED_ACTIVE_LEVELS)
    max_levels = O2N_SUPPORTED_ACTIVE_LEVELS;
  atomic_store_explicit(&o2n_global.max_active_levels, max_levels, memory_order_relaxed);
}

O2N_API int omp_get_max_active_levels(void)
{
  o2n_init();
  return atomic_load_explicit(&o2n_global.max_active_levels, memory_order_relaxed);
}

O2N_API void omp_set_nested(int nested)
{
  omp_set_max_active_levels(nested ? O2N_SUPPORTED_ACTIVE_LEVELS : 1);
}

O2N_API int omp_get_nested(void)
{
  return omp_get_max_active_levels() > 1;
}

O2N_API int omp_get_supported_active_levels(void)
{
  return O2N_SUPPORTED_ACTIVE_LEVELS;
}

O2N_API int omp_get_level(void)
{
  return (int)o2n_self()->team->level;
}

O2N_API int omp_get_active_level(void)
{
  return (int)o2n_self()->team->active_level;
}

/* The caller's ancestor at a nesting level (itself at its own level), or NULL out of range. */
static const struct o2n_thread *ancestor(int level)
{
  const struct o2n_thread *thread = o2n_self();
  if (level < 0 || (unsigned)level > thread->team->level)
    return NULL;
  while (thread->team->level > (unsigned)level)
    thread = thread->team->parent;
  return thread;
}

O2N_API int omp_get_ancestor_thread_num(int level)
{
  const struct o2n_thread *thread = ancestor(level);
  return thread ? (int)thread->tid : -1;
}

O2N_API int omp_get_team_size(int level)
{
  const struct o2n_thread *thread = ancestor(level);
  return thread ? (int)thread->team->nthreads : -1;
}

O2N_API int omp_get_thread_limit(void)
{
  const unsigned limit = o2n_group_limit(o2n_self()->team->group);
  return limit > INT_MAX ? INT_MAX : (int)limit;
}

O2N_API int omp_get_cancellation(void)
{
  o2n_init();
  return o2n_global.cancel;
}

O2N_API omp_proc_bind_t omp_get_proc_bind(void)
{
  return (omp_proc_bind_t)o2n_self()->icv.bind;
}

/* ------------------------------------------------------------------------------------------- */
/* Schedules                                                                                   */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_set_schedule(omp_sched_t kind, int chunk_size)
{
  struct o2n_thread *self = o2n_self();
  const bool monotonic = (kind & omp_sched_monotonic) != 0;
  const int base = (int)(kind & ~omp_sched_monotonic);
  const struct o2n_sched *sched = o2n_sched_by_kind(base);
  if (!sched || !(sched->flags & O2N_SCHED_ENV)) {
    o2n_warn("omp_set_schedule(%d, %d): not a schedule kind of schedule(runtime); keeping "
             "'%s'",
             base, chunk_size, o2n_sched_by_kind(self->icv.run_sched)->name);
    return;
  }
  o2n_icv_will_change(self);
  self->icv.run_sched = base;
  self->icv.run_chunk = chunk_size > 0 ? chunk_size : 0;
  self->icv.run_monotonic = monotonic;
}

O2N_API void omp_get_schedule(omp_sched_t *kind, int *chunk_size)
{
  const struct o2n_icv *icv = &o2n_self()->icv;
  *kind = (omp_sched_t)(icv->run_sched | (icv->run_monotonic ? omp_sched_monotonic : 0));
  *chunk_size = (int)icv->run_chunk;
}

/* ------------------------------------------------------------------------------------------- */
/* Timing                                                                                      */
/* ------------------------------------------------------------------------------------------- */

O2N_API double omp_get_wtime(void)
{
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

O2N_API double omp_get_wtick(void)
{
  struct timespec res;
  clock_getres(CLOCK_MONOTONIC, &res);
  return (double)res.tv_sec + (double)res.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------------------------------- */
/* Places                                                                                      */
/* ------------------------------------------------------------------------------------------- */

O2N_API int omp_get_num_places(void)
{
  o2n_init();
  return (int)o2n_topology()->nplaces;
}

/* Whether place_num names a place. */
static bool is_place(int place_num)
{
  o2n_init();
  return place_num >= 0 && (unsigned)place_num < o2n_topology()->nplaces;
}

O2N_API int omp_get_place_num_procs(int place_num)
{
  return is_place(place_num) ? (int)o2n_place_proc_ids((unsigned)place_num, NULL) : 0;
}

O2N_API void omp_get_place_proc_ids(int place_num, int *ids)
{
  if (ids && is_place(place_num))
    o2n_place_proc_ids((unsigned)place_num, ids);
}

O2N_API int omp_get_place_num(void)
{
  o2n_self();
  return o2n_topology_bound_place();
}

O2N_API int omp_get_partition_num_places(void)
{
  return (int)o2n_self()->partition.count;
}

O2N_API void omp_get_partition_place_nums(int *place_nums)
{
  const struct o2n_partition partition = o2n_self()->partition;
  for (unsigned i = 0; place_nums && i < partition.count; i++)
    place_nums[i] = (int)(partition.first + i);
}

/* ------------------------------------------------------------------------------------------- */
/* Environment                                                                                 */
/* ------------------------------------------------------------------------------------------- */

O2N_API void omp_display_env(int verbose)
{
  o2n_env_display(&o2n_self()->icv, verbose != 0);
}

/* ------------------------------------------------------------------------------------------- */
/* Teams: a league of one team, whose ICVs are kept as set, or the league of a gcc-compiled    */
/* host teams construct (gomp_parallel.c), whose teams run one after the other                 */
/* ------------------------------------------------------------------------------------------- */

/* The initial thread of the calling thread's regions, which holds the league. */
static const struct o2n_thread *league_root(void)
{
  const struct o2n_thread *t = o2n_self();
  while (t->team->parent)
    t = t->team->parent;
  return t;
}

void o2n_teams_begin(struct o2n_thread *self, unsigned size, unsigned thread_limit)
{
  struct o2n_team *initial = self->team;
  if (initial->parent)
    o2n_fatal("a teams construct inside a parallel region: host teams must be outermost");
  self->league.size = size;
  self->league.team_num = 0;
  const unsigned teams_limit = (unsigned)omp_get_teams_thread_limit();
  o2n_group_init(&self->league.group, thread_limit  ? thread_limit
                                      : teams_limit ? teams_limit
                                                    : o2n_group_limit(initial->group));
  self->league.saved_group = initial->group;
  initial->group = &self->league.group;
}

void o2n_teams_end(struct o2n_thread *self)
{
  self->team->group = self->league.saved_group;
  self->league.size = 0;
  self->league.team_num = 0;
}

O2N_API int omp_get_num_teams(void)
{
  const unsigned size = league_root()->league.size;
  return size ? (int)size : 1;
}

O2N_API int omp_get_team_num(void)
{
  return (int)league_root()->league.team_num;
}

O2N_API void omp_set_num_teams(int num_teams)
{
  o2n_init();
  if (num_teams < 0) {
    o2n_warn("omp_set_num_teams(%d): the number of teams must not be negative; keeping %d",
             num_teams, omp_get_max_teams());
    return;
  }
  atomic_store_explicit(&o2n_global.nteams, num_teams, memory_order_relaxed);
}

O2N_API int omp_get_max_teams(void)
{
  o2n_init();
  return atomic_load_explicit(&o2n_global.nteams, memory_order_relaxed);
}

O2N_API void omp_set_teams_thread_limit(int thread_limit)
{
  o2n_init();
  if (thread_limit < 0) {
    o2n_warn("omp_set_teams_thread_limit(%d): the thread limit must not be negative; keeping %d",
             thread_limit, omp_get_teams_thread_limit());
    return;
  }
  atomic_store_explicit(&o2n_global.teams_thread_limit, thread_limit, memory_order_relaxed);
}

O2N_API int omp_get_teams_thread_limit(void)
{
  o2n_init();
  return atomic_load_explicit(&o2n_global.teams_thread_limit, memory_order_relaxed);
}

/* ------------------------------------------------------------------------------------------- */
/* Resources and tools                                                                         */
/* ------------------------------------------------------------------------------------------- */

/* A pause ends the idle worker threads, which frees their stacks (OMP_STACKSIZE may have made
   them large); the next region creates new ones, whose threadprivate variables start from their
   initial values again.  Both kinds do the same, as in GCC: OpenMP lets a soft pause lose the
   workers' threadprivate data, since it keeps it only between regions that meet conditions a
   pause does not promise.  Inside a parallel region the runtime is in use: -1, as GCC answers. */
static int pause_host(omp_pause_resource_t kind, const char *entry, int device_num)
{
  if (kind != omp_pause_soft && kind != omp_pause_hard) {
    o2n_warn("%s: %d is not omp_pause_soft or omp_pause_hard", entry, (int)kind);
    return -1;
  }
  if (device_num != omp_get_initial_device() || omp_get_level() > 0)
    return -1;
  o2n_pool_retire_idle();
  return 0;
}

O2N_API int omp_pause_resource(omp_pause_resource_t kind, int device_num)
{
  return pause_host(kind, "omp_pause_resource", device_num);
}

O2N_API int omp_pause_resource_all(omp_pause_resource_t kind)
{
  return pause_host(kind, "omp_pause_resource_all", omp_get_initial_device());
}

O2N_API int omp_control_tool(int command, int modifier, void *arg)
{
  (void)command, (void)modifier, (void)arg;
  return omp_control_tool_notool;
}
