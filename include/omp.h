/*
 * omp.h -- the OpenMP runtime routines of omp2numa.
 *
 * Programs translated by omp2numa include this header, not the compiler's: the routines are
 * implemented by libomp2numa.  Only the standard names live here; omp2numa's extensions are in
 * <omp2numa.h>, which includes this file.
 *
 * Unless a routine says otherwise, "the current team" is the team of the innermost parallel region
 * that the calling thread executes; outside any region it is a team of one whose only thread is
 * the calling thread.
 */
#ifndef OMP2NUMA_OMP_H
#define OMP2NUMA_OMP_H

#include <stdint.h> /* uintptr_t: omp_event_handle_t */

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------- */
/* Types                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Loop schedule kinds, for omp_set_schedule() and omp_get_schedule().
 *
 * The standard kinds have the standard values; omp2numa's extended kinds start at 101 and have
 * the values of the kinds the translator emits.  A kind may be or'ed with omp_sched_monotonic.
 */
typedef enum omp_sched_t {
  omp_sched_static = 1,   /**< static: blocks, or round-robin chunks */
  omp_sched_dynamic = 2,  /**< dynamic: first come, first served chunks */
  omp_sched_guided = 3,   /**< guided: chunks proportional to the remaining iterations */
  omp_sched_auto = 4,     /**< auto: the runtime chooses */
  omp_sched_adaptive = 101, /**< omp2numa: NUMA-aware work stealing */
  omp_sched_fac2 = 102,   /**< omp2numa: factoring */
  omp_sched_tss = 103,    /**< omp2numa: trapezoid self-scheduling */
  omp_sched_wf2 = 104,    /**< omp2numa: weighted factoring */
  omp_sched_rand = 105,   /**< omp2numa: random chunk sizes */
  omp_sched_monotonic = -0x7fffffff - 1 /**< modifier bit 0x80000000, spelled as an int */
} omp_sched_t;

/**
 * \brief Thread affinity policies, as returned by omp_get_proc_bind().
 */
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,   /**< threads are not bound */
  omp_proc_bind_true = 1,    /**< threads are bound; omp2numa places them as for close */
  omp_proc_bind_primary = 2, /**< every thread on the primary thread's processor */
  omp_proc_bind_master = omp_proc_bind_primary, /**< deprecated name of omp_proc_bind_primary */
  omp_proc_bind_close = 3,   /**< consecutive threads on consecutive processors */
  omp_proc_bind_spread = 4   /**< threads spread evenly over the processors */
} omp_proc_bind_t;

/**
 * \brief A simple lock.  Opaque: use only through the omp_*_lock routines.
 */
typedef struct omp_lock_t {
  void *__o2n_opaque[1];
} omp_lock_t;

/**
 * \brief A nestable lock.  Opaque: use only through the omp_*_nest_lock routines.
 */
typedef struct omp_nest_lock_t {
  void *__o2n_opaque[3];
} omp_nest_lock_t;

/**
 * \brief The event of a task with a detach clause: the clause's variable receives it when the task
 *        is created, and omp_fulfill_event() fulfils it.
 */
typedef uintptr_t omp_event_handle_t;

/**
 * \brief A depend object (the depobj construct): a dependence that depend(depobj: o) clauses name.
 *        Opaque, with gcc's size (two pointers); use only through the depobj construct.
 */
typedef struct omp_depend_t {
  char __omp_depend_t__[2 * sizeof(void *)];
} omp_depend_t;

/* ------------------------------------------------------------------------------------------- */
/* Teams and threads                                                                           */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Sets the number of threads of later parallel regions without a num_threads clause.
 *
 * Affects the calling thread's later regions (the nthreads-var ICV of its task).
 * \param num_threads the number of threads, at least 1; otherwise a warning is printed and the
 *        value is ignored.
 */
void omp_set_num_threads(int num_threads);

/**
 * \brief Returns the number of threads of the current team.
 * \return 1 outside any parallel region.
 */
int omp_get_num_threads(void);

/**
 * \brief Returns the calling thread's number in the current team.
 * \return 0 .. omp_get_num_threads() - 1; the primary thread is 0.
 */
int omp_get_thread_num(void);

/**
 * \brief Returns the number of threads a parallel region without a num_threads clause would
 *        request if the calling thread encountered one now.
 * \return the nthreads-var ICV: OMP_NUM_THREADS, omp_set_num_threads(), or by default the number
 *         of processors.
 */
int omp_get_max_threads(void);

/**
 * \brief Returns the number of processors available to the program.
 * \return the processing units of the topology the runtime plans with: the machine's, or the one
 *         given in OMP2NUMA_TOPOLOGY.
 */
int omp_get_num_procs(void);

/**
 * \brief Tells whether the caller is inside an active parallel region (a team of more than one).
 * \return 1 inside an active region, else 0.
 */
int omp_in_parallel(void);

/**
 * \brief Enables or disables dynamic adjustment of the number of threads.
 *
 * When enabled, a parallel region gets no more threads than there are processors not already
 * running threads of the program.
 * \param dynamic non-zero to enable, 0 to disable.
 */
void omp_set_dynamic(int dynamic);

/**
 * \brief Tells whether dynamic adjustment of the number of threads is enabled.
 * \return 1 if enabled (OMP_DYNAMIC=true or omp_set_dynamic(1)), else 0.
 */
int omp_get_dynamic(void);

/**
 * \brief Enables or disables nested parallelism (deprecated by OpenMP 5.0).
 * \param nested non-zero sets the maximum number of active levels to the supported maximum,
 *        0 sets it to 1.
 */
void omp_set_nested(int nested);

/**
 * \brief Tells whether nested parallelism is enabled (deprecated by OpenMP 5.0).
 * \return 1 if more than one active level is allowed, else 0.
 */
int omp_get_nested(void);

/**
 * \brief Sets how many nested parallel regions may be active (have more than one thread).
 * \param max_levels a non-negative number; larger than the supported maximum (255) means the
 *        maximum.  A negative value prints a warning and is ignored.
 */
void omp_set_max_active_levels(int max_levels);

/**
 * \brief Returns how many nested parallel regions may be active.
 * \return the max-active-levels ICV (OMP_MAX_ACTIVE_LEVELS; 1 by default).
 */
int omp_get_max_active_levels(void);

/**
 * \brief Returns the number of parallel regions, active or not, that enclose the caller.
 * \return 0 outside any region.
 */
int omp_get_level(void);

/**
 * \brief Returns the number of active parallel regions that enclose the caller.
 * \return 0 outside any active region.
 */
int omp_get_active_level(void);

/**
 * \brief Returns the thread number of the caller's ancestor at a nesting level.
 * \param level 0 (the initial thread) .. omp_get_level().
 * \return the ancestor's thread number in its team, or -1 if level is out of range.
 */
int omp_get_ancestor_thread_num(int level);

/**
 * \brief Returns the size of the team of the caller's ancestor at a nesting level.
 * \param level 0 (the initial thread) .. omp_get_level().
 * \return that team's number of threads, or -1 if level is out of range.
 */
int omp_get_team_size(int level);

/**
 * \brief Returns the maximum number of threads the program may use at once.
 * \return OMP_THREAD_LIMIT, or INT_MAX when it is not set.
 */
int omp_get_thread_limit(void);

/**
 * \brief Returns the thread affinity policy of the caller's later parallel regions that have no
 *        proc_bind clause.
 * \return omp_proc_bind_false if OMP_PROC_BIND=false, the policy OMP_PROC_BIND names if it is set,
 *         and omp_proc_bind_close by default: omp2numa binds thread t of a team of n threads to
 *         the same processor in every region of n threads, filling one NUMA node before the next.
 */
omp_proc_bind_t omp_get_proc_bind(void);

/* ------------------------------------------------------------------------------------------- */
/* Places                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/*
 * A place is a set of processors that threads are bound to; the place list comes from OMP_PLACES
 * (by default one place per hardware thread, NUMA node by node).  Processor numbers are the
 * operating system's CPU numbers, or the P# numbers of the topology in OMP2NUMA_TOPOLOGY when it
 * is set.  Places are numbered 0 .. omp_get_num_places() - 1 in the order of the list.
 */

/**
 * \brief Returns the number of places in the place list.
 * \return at least 1.
 */
int omp_get_num_places(void);

/**
 * \brief Returns the number of processors in a place.
 * \param place_num a place number, 0 .. omp_get_num_places() - 1.
 * \return the number of processors, or 0 if place_num is not a place number.
 */
int omp_get_place_num_procs(int place_num);

/**
 * \brief Writes the processor numbers of a place, in increasing order.
 * \param place_num a place number, 0 .. omp_get_num_places() - 1; otherwise nothing is written.
 * \param ids an array of at least omp_get_place_num_procs(place_num) elements.
 */
void omp_get_place_proc_ids(int place_num, int *ids);

/**
 * \brief Returns the place the calling thread is bound to.
 * \return its place number, or -1 if the thread is not bound (OMP_PROC_BIND=false, or the
 *         initial thread before its first parallel region).
 */
int omp_get_place_num(void);

/**
 * \brief Returns the number of places in the calling task's place partition: the places its
 *        nested parallel regions may use (proc_bind(spread) gives each thread a part of its
 *        parent's).
 * \return at least 1.
 */
int omp_get_partition_num_places(void);

/**
 * \brief Writes the place numbers of the calling task's place partition, in increasing order.
 * \param place_nums an array of at least omp_get_partition_num_places() elements.
 */
void omp_get_partition_place_nums(int *place_nums);

/* ------------------------------------------------------------------------------------------- */
/* Schedules                                                                                   */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Sets the schedule of the caller's later loops with schedule(runtime).
 * \param kind a schedule kind, possibly or'ed with omp_sched_monotonic.  A kind that is not
 *        valid there (not an omp_sched_t value, or omp_sched_wf2, which needs weights) prints a
 *        warning and leaves the schedule unchanged.
 * \param chunk_size the chunk size; a value below 1 selects the kind's default.
 */
void omp_set_schedule(omp_sched_t kind, int chunk_size);

/**
 * \brief Returns the schedule of the caller's loops with schedule(runtime).
 * \param kind receives the kind, or'ed with omp_sched_monotonic if that modifier was given.
 * \param chunk_size receives the chunk size, 0 for the kind's default.
 */
void omp_get_schedule(omp_sched_t *kind, int *chunk_size);

/* ------------------------------------------------------------------------------------------- */
/* Locks                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Initialises a simple lock, unlocked.
 * \param lock the lock; it must not be initialised already.
 */
void omp_init_lock(omp_lock_t *lock);

/**
 * \brief Uninitialises a simple lock.
 * \param lock an unlocked lock.  Destroying a locked lock is a fatal error.
 */
void omp_destroy_lock(omp_lock_t *lock);

/**
 * \brief Waits until a simple lock is free, then takes it.
 * \param lock an initialised lock.  The caller must not hold it already (that deadlocks).
 */
void omp_set_lock(omp_lock_t *lock);

/**
 * \brief Releases a simple lock.
 * \param lock a lock the caller holds.  Releasing an unlocked lock is a fatal error.
 */
void omp_unset_lock(omp_lock_t *lock);

/**
 * \brief Takes a simple lock if it is free, without waiting.
 * \param lock an initialised lock.
 * \return 1 if the caller took the lock, 0 if it was held.
 */
int omp_test_lock(omp_lock_t *lock);

/**
 * \brief Initialises a nestable lock, unlocked.
 * \param lock the lock; it must not be initialised already.
 */
void omp_init_nest_lock(omp_nest_lock_t *lock);

/**
 * \brief Uninitialises a nestable lock.
 * \param lock an unlocked lock.  Destroying a locked lock is a fatal error.
 */
void omp_destroy_nest_lock(omp_nest_lock_t *lock);

/**
 * \brief Takes a nestable lock, waiting while another task holds it; a task that holds it
 *        already takes it once more.
 * \param lock an initialised lock.
 */
void omp_set_nest_lock(omp_nest_lock_t *lock);

/**
 * \brief Releases a nestable lock once; it becomes free when released as often as it was taken.
 * \param lock a lock the calling task holds.  Anything else is a fatal error.
 */
void omp_unset_nest_lock(omp_nest_lock_t *lock);

/**
 * \brief Takes a nestable lock if it is free or held by the calling task, without waiting.
 * \param lock an initialised lock.
 * \return the new nesting count (at least 1) if the caller took the lock, 0 otherwise.
 */
int omp_test_nest_lock(omp_nest_lock_t *lock);

/* ------------------------------------------------------------------------------------------- */
/* Timing                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Returns elapsed wall-clock time.
 * \return seconds since an arbitrary fixed point in the past (a monotonic clock); only
 *         differences are meaningful.
 */
double omp_get_wtime(void);

/**
 * \brief Returns the resolution of omp_get_wtime().
 * \return seconds between two ticks of the clock.
 */
double omp_get_wtick(void);

/* ------------------------------------------------------------------------------------------- */
/* Tasks                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Fulfils the event of a task with a detach clause.
 *
 * The task completes when its body has returned and its event is fulfilled, in either order;
 * until then, taskwait, taskgroup and barriers wait for it.  May be called from any thread,
 * including one that is not a thread of the task's team.
 * \param event the value the task's detach clause stored; fulfilling it twice, or a value that is
 *        no such event, is a fatal error when the runtime can tell.
 */
void omp_fulfill_event(omp_event_handle_t event);

/**
 * \brief Tells whether the calling task is final (a task with final(true), or a descendant of
 *        one: its own tasks run at once, included in it).
 * \return 1 in a final task, else 0 (also in implicit tasks and outside any region).
 */
int omp_in_final(void);

/**
 * \brief Returns the largest priority a task may have: a priority clause's larger values count
 *        as this one.
 * \return the max-task-priority-var ICV: OMP_MAX_TASK_PRIORITY, 0 by default (priorities are then
 *         ignored).
 */
int omp_get_max_task_priority(void);

/* ------------------------------------------------------------------------------------------- */
/* Environment                                                                                 */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Prints the OpenMP version and the settings of the OMP_* environment variables on stderr,
 *        between "OPENMP DISPLAY ENVIRONMENT BEGIN" and "OPENMP DISPLAY ENVIRONMENT END", one
 *        "  NAME = 'value'" line each, as OMP_DISPLAY_ENV=true does at start-up.
 *
 * The values are the calling task's current ones (omp_set_num_threads() and the like change them).
 * \param verbose non-zero to print omp2numa's own variables (OMP2NUMA_*) too, as
 *        OMP_DISPLAY_ENV=verbose does.
 */
void omp_display_env(int verbose);

#ifdef __cplusplus
}
#endif

#endif /* OMP2NUMA_OMP_H */
