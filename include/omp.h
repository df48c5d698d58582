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
 * \brief Synchronisation hints, for omp_init_lock_with_hint() and omp_init_nest_lock_with_hint().
 *
 * A hint is 0 or an or of these values, at most one of contended and uncontended and at most one
 * of speculative and nonspeculative.  omp2numa's locks are the same whatever the hint: it is
 * checked, then ignored.
 */
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,           /**< no hint */
  omp_sync_hint_uncontended = 1,    /**< seldom waited for */
  omp_sync_hint_contended = 2,      /**< often waited for */
  omp_sync_hint_nonspeculative = 4, /**< do not use speculative execution */
  omp_sync_hint_speculative = 8,    /**< may use speculative execution (transactional memory) */
  omp_lock_hint_none = omp_sync_hint_none,                     /**< OpenMP 4.5 name */
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,       /**< OpenMP 4.5 name */
  omp_lock_hint_contended = omp_sync_hint_contended,           /**< OpenMP 4.5 name */
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative, /**< OpenMP 4.5 name */
  omp_lock_hint_speculative = omp_sync_hint_speculative        /**< OpenMP 4.5 name */
} omp_sync_hint_t;

/**
 * \brief The OpenMP 4.5 name of omp_sync_hint_t (deprecated by OpenMP 5.0).
 */
typedef omp_sync_hint_t omp_lock_hint_t;

/**
 * \brief How much of its resources omp_pause_resource() lets the runtime release.
 */
typedef enum omp_pause_resource_t {
  omp_pause_soft = 1, /**< the OpenMP state is kept (threadprivate data, ICVs, locks) */
  omp_pause_hard = 2  /**< the state may be lost too */
} omp_pause_resource_t;

/**
 * \brief Commands of omp_control_tool().
 */
typedef enum omp_control_tool_t {
  omp_control_tool_start = 1, /**< start or restart monitoring */
  omp_control_tool_pause = 2, /**< pause monitoring */
  omp_control_tool_flush = 3, /**< flush the tool's buffers */
  omp_control_tool_end = 4    /**< end monitoring */
} omp_control_tool_t;

/**
 * \brief Results of omp_control_tool().
 */
typedef enum omp_control_tool_result_t {
  omp_control_tool_notool = -2,     /**< no tool is active (always, with omp2numa) */
  omp_control_tool_nocallback = -1, /**< the tool has no control callback */
  omp_control_tool_success = 0,     /**< the tool did what it was asked */
  omp_control_tool_ignored = 1      /**< the tool ignored the command */
} omp_control_tool_result_t;

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

/*
 * Memory allocators.  The handle types are enumerations as wide as a pointer, with libgomp's
 * values, so that code compiled against either header passes the same values: a memory space or
 * predefined allocator is a small number, an allocator from omp_init_allocator() an address.
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define __O2N_UINTPTR_ENUM : __UINTPTR_TYPE__
#else
#define __O2N_UINTPTR_ENUM
#endif

/**
 * \brief A memory space: where an allocator takes its memory from.  On the host every space is
 *        the ordinary memory of the process, except omp_high_bw_mem_space, which it has none of.
 */
typedef enum omp_memspace_handle_t __O2N_UINTPTR_ENUM {
  omp_default_mem_space = 0,   /**< the system's default memory */
  omp_large_cap_mem_space = 1, /**< large capacity memory: the default memory */
  omp_const_mem_space = 2,     /**< memory for constant data: the default memory */
  omp_high_bw_mem_space = 3,   /**< high bandwidth memory: none on the host */
  omp_low_lat_mem_space = 4,   /**< low latency memory: the default memory */
  __omp_memspace_handle_t_max__ = __UINTPTR_MAX__ /**< makes the type as wide as a pointer */
} omp_memspace_handle_t;

/**
 * \brief An allocator: omp_null_allocator, a predefined allocator, or the result of
 *        omp_init_allocator().  The predefined allocators all allocate the process's ordinary
 *        memory with malloc() (no pool, no fallback other than returning NULL).
 */
typedef enum omp_allocator_handle_t __O2N_UINTPTR_ENUM {
  omp_null_allocator = 0,      /**< no allocator: the routines use the default allocator */
  omp_default_mem_alloc = 1,   /**< the default memory space */
  omp_large_cap_mem_alloc = 2, /**< omp_large_cap_mem_space */
  omp_const_mem_alloc = 3,     /**< omp_const_mem_space */
  omp_high_bw_mem_alloc = 4,   /**< omp_high_bw_mem_space: the default memory on the host */
  omp_low_lat_mem_alloc = 5,   /**< omp_low_lat_mem_space */
  omp_cgroup_mem_alloc = 6,    /**< memory for a contention group (access cgroup) */
  omp_pteam_mem_alloc = 7,     /**< memory for a parallel team (access pteam) */
  omp_thread_mem_alloc = 8,    /**< memory for one thread (access thread) */
  __omp_allocator_handle_t_max__ = __UINTPTR_MAX__ /**< makes the type as wide as a pointer */
} omp_allocator_handle_t;

/**
 * \brief The keys of allocator traits, for omp_init_allocator().
 */
typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1, /**< contended (default), uncontended, serialized or private */
  omp_atk_alignment = 2, /**< a power of two, in bytes; default: that of the request */
  omp_atk_access = 3,    /**< all (default), cgroup, pteam or thread */
  omp_atk_pool_size = 4, /**< the bytes the allocator may have allocated at once (headers
                              included); default: no limit */
  omp_atk_fallback = 5,  /**< when an allocation fails: default_mem_fb (default), null_fb,
                              abort_fb or allocator_fb */
  omp_atk_fb_data = 6,   /**< the allocator that allocator_fb falls back to */
  omp_atk_pinned = 7,    /**< true: memory locked in RAM (mlock); false (default) */
  omp_atk_partition = 8  /**< environment (default), nearest, blocked or interleaved */
} omp_alloctrait_key_t;

/**
 * \brief The values of allocator traits that are not numbers.
 */
typedef enum omp_alloctrait_value_t {
  omp_atv_default = (__UINTPTR_TYPE__)-1, /**< the trait's default, for any key */
  omp_atv_false = 0,            /**< pinned: no */
  omp_atv_true = 1,             /**< pinned: yes */
  omp_atv_contended = 3,        /**< sync_hint */
  omp_atv_uncontended = 4,      /**< sync_hint */
  omp_atv_serialized = 5,       /**< sync_hint: one thread at a time allocates */
  omp_atv_sequential = omp_atv_serialized, /**< deprecated name of omp_atv_serialized */
  omp_atv_private = 6,          /**< sync_hint: one thread only */
  omp_atv_all = 7,              /**< access: every thread */
  omp_atv_thread = 8,           /**< access: the allocating thread */
  omp_atv_pteam = 9,            /**< access: the allocating thread's team */
  omp_atv_cgroup = 10,          /**< access: the contention group */
  omp_atv_default_mem_fb = 11,  /**< fallback: retry with omp_default_mem_alloc */
  omp_atv_null_fb = 12,         /**< fallback: return NULL */
  omp_atv_abort_fb = 13,        /**< fallback: stop the program */
  omp_atv_allocator_fb = 14,    /**< fallback: retry with the fb_data allocator */
  omp_atv_environment = 15,     /**< partition: as the system places memory (first touch) */
  omp_atv_nearest = 16,         /**< partition: on the NUMA node of the allocating thread */
  omp_atv_blocked = 17,         /**< partition: one contiguous block per NUMA node of the team */
  omp_atv_interleaved = 18      /**< partition: page by page over the NUMA nodes of the team */
} omp_alloctrait_value_t;

/**
 * \brief One allocator trait: a key and its value (a number, an omp_alloctrait_value_t, or for
 *        omp_atk_fb_data an omp_allocator_handle_t).
 */
typedef struct omp_alloctrait_t {
  omp_alloctrait_key_t key;
  __UINTPTR_TYPE__ value;
} omp_alloctrait_t;

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
 * \brief Returns the largest number of nested active parallel regions the runtime supports.
 * \return 255: the largest value omp_set_max_active_levels() and OMP_MAX_ACTIVE_LEVELS can set.
 */
int omp_get_supported_active_levels(void);

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
 * \brief Tells whether cancellation is enabled (the cancel-var ICV).
 * \return 1 if OMP_CANCELLATION=true, else 0.
 */
int omp_get_cancellation(void);

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
/* Thread affinity display                                                                     */
/* ------------------------------------------------------------------------------------------- */

/*
 * An affinity format is text in which fields are replaced by their value for the calling thread:
 * %t or %{team_num} (0), %T or %{num_teams} (1), %L or %{nesting_level} (omp_get_level()),
 * %n or %{thread_num}, %N or %{num_threads}, %a or %{ancestor_tnum} (the thread number of the
 * thread that encountered the region, -1 outside any region), %H or %{host} (the host name),
 * %P or %{process_id}, %i or %{native_thread_id} (the pthread_t, in hexadecimal), and %A or
 * %{thread_affinity} (the processors the thread may run on: those of its place when it is bound,
 * as "0-3,8"); %% is a %.  A field may have a width between the % and its name: %5n pads on the
 * right to 5 characters, %.5n pads on the left (right-justifies), %0.5n pads with zeros on the
 * left.  The default format (OMP_AFFINITY_FORMAT) is "level %L thread %i affinity %A", as in GCC.
 */

/**
 * \brief Sets the affinity format (the affinity-format-var ICV) that OMP_DISPLAY_AFFINITY and
 *        omp_display_affinity() or omp_capture_affinity() with an empty format use.
 * \param format an affinity format; one with an unknown field prints a warning and is ignored.
 */
void omp_set_affinity_format(const char *format);

/**
 * \brief Copies the affinity format into a buffer.
 * \param buffer receives the format, truncated to size - 1 characters and terminated by '\0';
 *        may be NULL when size is 0.
 * \param size the size of buffer.
 * \return the length of the whole format (without the '\0'): more than size - 1 means that it
 *         was truncated.
 */
__SIZE_TYPE__ omp_get_affinity_format(char *buffer, __SIZE_TYPE__ size);

/**
 * \brief Prints the calling thread's affinity information on stderr, on one line.
 * \param format an affinity format; NULL or "" for the affinity format ICV.  One with an unknown
 *        field prints a warning and nothing else.
 */
void omp_display_affinity(const char *format);

/**
 * \brief Writes the calling thread's affinity information into a buffer.
 * \param buffer receives the text, truncated to size - 1 characters and terminated by '\0';
 *        may be NULL when size is 0.
 * \param size the size of buffer.
 * \param format an affinity format; NULL or "" for the affinity format ICV.  One with an unknown
 *        field prints a warning and writes "".
 * \return the length of the whole text: more than size - 1 means that it was truncated.
 */
__SIZE_TYPE__ omp_capture_affinity(char *buffer, __SIZE_TYPE__ size, const char *format);

/* ------------------------------------------------------------------------------------------- */
/* Teams                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/*
 * omp2numa runs no teams construct: a program is one team of threads (a league of one), and the
 * routines return what OpenMP specifies outside a teams region.  The ICVs that would size teams
 * regions are kept and returned as set.
 */

/**
 * \brief Returns the number of teams in the current league.
 * \return 1.
 */
int omp_get_num_teams(void);

/**
 * \brief Returns the calling thread's team number in the league.
 * \return 0.
 */
int omp_get_team_num(void);

/**
 * \brief Sets the number of teams of later teams regions without a num_teams clause (nteams-var).
 * \param num_teams a non-negative number (0: the implementation chooses); a negative one prints a
 *        warning and is ignored.
 */
void omp_set_num_teams(int num_teams);

/**
 * \brief Returns nteams-var.
 * \return OMP_NUM_TEAMS, the last omp_set_num_teams() value, or 0 by default.
 */
int omp_get_max_teams(void);

/**
 * \brief Sets the thread limit of later teams regions without a thread_limit clause
 *        (teams-thread-limit-var).
 * \param thread_limit a non-negative number (0: the implementation chooses); a negative one prints
 *        a warning and is ignored.
 */
void omp_set_teams_thread_limit(int thread_limit);

/**
 * \brief Returns teams-thread-limit-var.
 * \return OMP_TEAMS_THREAD_LIMIT, the last omp_set_teams_thread_limit() value, or 0 by default.
 */
int omp_get_teams_thread_limit(void);

/* ------------------------------------------------------------------------------------------- */
/* Devices                                                                                     */
/* ------------------------------------------------------------------------------------------- */

/*
 * omp2numa has no offload devices: the only device is the host, the initial device, whose number
 * is omp_get_num_devices(), that is 0.
 */

/**
 * \brief Returns the number of non-host devices.
 * \return 0.
 */
int omp_get_num_devices(void);

/**
 * \brief Returns the device number of the host.
 * \return omp_get_num_devices(), that is 0.
 */
int omp_get_initial_device(void);

/**
 * \brief Returns the number of the device the caller runs on.
 * \return the host's, omp_get_initial_device().
 */
int omp_get_device_num(void);

/**
 * \brief Tells whether the caller runs on the host.
 * \return 1.
 */
int omp_is_initial_device(void);

/**
 * \brief Sets the calling task's default device (the default-device-var ICV), which device
 *        constructs without a device clause would use.
 * \param device_num a non-negative device number; a negative one prints a warning and is ignored.
 */
void omp_set_default_device(int device_num);

/**
 * \brief Returns the calling task's default device.
 * \return OMP_DEFAULT_DEVICE, the last omp_set_default_device() value, or 0 by default.
 */
int omp_get_default_device(void);

/*
 * Device memory.  On the host, "device memory" is host memory: the routines work as GCC's do on a
 * machine without offload devices.  Another device number names no device: they return NULL, 0
 * or EINVAL.  Sizes are size_t, spelled __SIZE_TYPE__.
 */

/**
 * \brief Allocates memory on a device.
 * \param size the number of bytes.
 * \param device_num omp_get_initial_device().
 * \return malloc(size), or NULL for another device.
 */
void *omp_target_alloc(__SIZE_TYPE__ size, int device_num);

/**
 * \brief Frees memory of omp_target_alloc().
 * \param device_ptr the memory, or NULL.
 * \param device_num the device it was allocated on; another number frees nothing.
 */
void omp_target_free(void *device_ptr, int device_num);

/**
 * \brief Tells whether a host pointer has a corresponding storage on a device.
 * \param ptr a host address.
 * \param device_num a device number.
 * \return 1 for the host (every address is its own storage) or a NULL ptr, else 0.
 */
int omp_target_is_present(const void *ptr, int device_num);

/**
 * \brief Tells whether host memory is accessible from a device.
 * \param ptr the first byte.
 * \param size the number of bytes.
 * \param device_num a device number.
 * \return 1 for the host, else 0.
 */
int omp_target_is_accessible(const void *ptr, __SIZE_TYPE__ size, int device_num);

/**
 * \brief Returns the device pointer that corresponds to a host pointer.
 * \param ptr a host address.
 * \param device_num a device number.
 * \return ptr for the host, NULL for another device.
 */
void *omp_get_mapped_ptr(const void *ptr, int device_num);

/**
 * \brief Copies length bytes from src + src_offset to dst + dst_offset.
 * \param dst the destination.
 * \param src the source.
 * \param length the number of bytes.
 * \param dst_offset where to start in dst, in bytes.
 * \param src_offset where to start in src, in bytes.
 * \param dst_device_num the device of dst: the host.
 * \param src_device_num the device of src: the host.
 * \return 0, or EINVAL when a device number is not the host's.
 */
int omp_target_memcpy(void *dst, const void *src, __SIZE_TYPE__ length, __SIZE_TYPE__ dst_offset,
                      __SIZE_TYPE__ src_offset, int dst_device_num, int src_device_num);

/**
 * \brief Copies a rectangular block of a multi-dimensional array into another.
 * \param dst the destination array, or NULL with src NULL to ask how many dimensions are
 *        supported.
 * \param src the source array.
 * \param element_size the size of an element, in bytes.
 * \param num_dims the number of dimensions, at least 1.
 * \param volume the extent of the block in each dimension, in elements.
 * \param dst_offsets where the block starts in dst, in elements, per dimension.
 * \param src_offsets where the block starts in src, likewise.
 * \param dst_dimensions the dimensions of dst.
 * \param src_dimensions the dimensions of src.
 * \param dst_device_num the device of dst: the host.
 * \param src_device_num the device of src: the host.
 * \return 0; INT_MAX (any number of dimensions) when dst and src are NULL; EINVAL when a device
 *         number is not the host's, num_dims is below 1 or a size overflows.
 */
int omp_target_memcpy_rect(void *dst, const void *src, __SIZE_TYPE__ element_size, int num_dims,
                           const __SIZE_TYPE__ *volume, const __SIZE_TYPE__ *dst_offsets,
                           const __SIZE_TYPE__ *src_offsets, const __SIZE_TYPE__ *dst_dimensions,
                           const __SIZE_TYPE__ *src_dimensions, int dst_device_num,
                           int src_device_num);

/**
 * \brief Associates device memory with host memory, for later device constructs.
 * \return EINVAL: host memory needs no device copy, and there is no other device.
 */
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, __SIZE_TYPE__ size,
                             __SIZE_TYPE__ device_offset, int device_num);

/**
 * \brief Removes an association made by omp_target_associate_ptr().
 * \return EINVAL: there is none.
 */
int omp_target_disassociate_ptr(const void *ptr, int device_num);

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
 * \brief Initialises a simple lock, unlocked, with a synchronisation hint.
 * \param lock the lock; it must not be initialised already.
 * \param hint an omp_sync_hint_t combination.  The lock is the same as omp_init_lock()'s; an
 *        invalid hint (unknown bits, contended with uncontended, speculative with nonspeculative)
 *        prints a warning, and the lock is initialised all the same.
 */
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);

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
 * \brief Initialises a nestable lock, unlocked, with a synchronisation hint.
 * \param lock the lock; it must not be initialised already.
 * \param hint as for omp_init_lock_with_hint().
 */
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint);

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
 * \brief Tells whether the calling task is an explicit task (OpenMP 5.2): one that a task or
 *        taskloop construct created, deferred or run at once.
 * \return 1 in an explicit task, else 0: in an implicit task, in a target region's initial
 *         task and outside any region.
 */
int omp_in_explicit_task(void);

/**
 * \brief Returns the largest priority a task may have: a priority clause's larger values count
 *        as this one.
 * \return the max-task-priority-var ICV: OMP_MAX_TASK_PRIORITY, 0 by default (priorities are then
 *         ignored).
 */
int omp_get_max_task_priority(void);

/* ------------------------------------------------------------------------------------------- */
/* Memory allocators                                                                           */
/* ------------------------------------------------------------------------------------------- */

/*
 * Every allocation routine takes an allocator; omp_null_allocator means the calling task's default
 * allocator (omp_get_default_allocator()).  A request of 0 bytes returns NULL.  When an allocator
 * cannot satisfy a request (its pool is exhausted, the system has no memory, memory cannot be
 * pinned), its fallback trait decides: retry with omp_default_mem_alloc, return NULL, stop the
 * program, or retry with another allocator.  Memory is freed with omp_free() whatever allocator
 * it came from.  Sizes are size_t, spelled __SIZE_TYPE__.
 */

/**
 * \brief Creates an allocator.
 * \param memspace a memory space.
 * \param ntraits the number of traits.
 * \param traits ntraits traits; a key that is given twice takes its last value.
 * \return the allocator, to be destroyed with omp_destroy_allocator(); omp_null_allocator if the
 *         memory space is not one of omp_memspace_handle_t's or is omp_high_bw_mem_space (the host
 *         has none), if a trait has an unknown key or a value that its key does not take, or if
 *         there is no memory for it.
 */
omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[]);

/**
 * \brief Destroys an allocator made by omp_init_allocator().
 * \param allocator the allocator; omp_null_allocator and the predefined ones are ignored.  The
 *        memory it allocated must have been freed.
 */
void omp_destroy_allocator(omp_allocator_handle_t allocator);

/**
 * \brief Sets the calling task's default allocator (the def-allocator-var ICV), which
 *        omp_null_allocator stands for.  The tasks and teams the task creates later inherit it.
 * \param allocator an allocator; omp_null_allocator sets omp_default_mem_alloc.
 */
void omp_set_default_allocator(omp_allocator_handle_t allocator);

/**
 * \brief Returns the calling task's default allocator.
 * \return def-allocator-var: the last omp_set_default_allocator() value, else OMP_ALLOCATOR's,
 *         else omp_default_mem_alloc.
 */
omp_allocator_handle_t omp_get_default_allocator(void);

/**
 * \brief Allocates memory.
 * \param size the number of bytes.
 * \param allocator the allocator, or omp_null_allocator.
 * \return memory aligned as the allocator's alignment trait says, and at least as malloc's; NULL
 *         when size is 0, or when the allocation fails and the fallback is null_fb (or, for
 *         default_mem_fb, when omp_default_mem_alloc fails too).
 */
void *omp_alloc(__SIZE_TYPE__ size, omp_allocator_handle_t allocator);

/**
 * \brief Allocates memory with a given alignment.
 * \param alignment a power of two (anything else returns NULL); the memory is aligned on the
 *        larger of it and the allocator's alignment trait.
 * \param size the number of bytes.
 * \param allocator the allocator, or omp_null_allocator.
 * \return as omp_alloc().
 */
void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator);

/**
 * \brief Allocates an array of zero-filled memory.
 * \param nmemb the number of elements.
 * \param size the size of an element; nmemb * size must not overflow (else the allocation fails).
 * \param allocator the allocator, or omp_null_allocator.
 * \return as omp_alloc(); NULL when nmemb or size is 0.
 */
void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size, omp_allocator_handle_t allocator);

/**
 * \brief omp_calloc() with a given alignment.
 * \param alignment as for omp_aligned_alloc().
 * \param nmemb the number of elements.
 * \param size the size of an element.
 * \param allocator the allocator, or omp_null_allocator.
 * \return as omp_calloc().
 */
void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                         omp_allocator_handle_t allocator);

/**
 * \brief Moves memory to a new allocation of another size, possibly from another allocator.
 *
 * When the new allocation comes from the allocator of ptr, the pool counts only the difference
 * of the sizes, as if the memory had grown in place.
 * \param ptr memory from these routines, or NULL (then as omp_alloc(size, allocator)).
 * \param size the new size; 0 frees ptr and returns NULL.
 * \param allocator the allocator of the new memory, or omp_null_allocator.
 * \param free_allocator the allocator of ptr, or omp_null_allocator (it is not needed: the
 *        memory records its allocator).
 * \return the new memory, with the first min(old size, size) bytes of ptr, which is freed; or NULL
 *         as omp_alloc(), and then ptr is left as it was.
 */
void *omp_realloc(void *ptr, __SIZE_TYPE__ size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator);

/**
 * \brief Frees memory from omp_alloc() and the other allocation routines.
 * \param ptr the memory, or NULL (nothing happens).
 * \param allocator the allocator it came from, or omp_null_allocator (it is not needed: the memory
 *        records its allocator).
 */
void omp_free(void *ptr, omp_allocator_handle_t allocator);

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

/* ------------------------------------------------------------------------------------------- */
/* Resources and tools                                                                         */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Lets the runtime release resources of a device before the program's next OpenMP
 *        construct there.
 *
 * omp2numa ends its idle worker threads, which frees their stacks; the next parallel region
 * creates new ones, so the workers' threadprivate variables start from their initial values
 * again (as with GCC, for both kinds).
 * \param kind omp_pause_soft or omp_pause_hard.
 * \param device_num the host's number, omp_get_initial_device().
 * \return 0; -1 for another device number or kind, or when called inside a parallel region
 *         (as GCC does).
 */
int omp_pause_resource(omp_pause_resource_t kind, int device_num);

/**
 * \brief omp_pause_resource() on every device, that is on the host.
 * \param kind omp_pause_soft or omp_pause_hard.
 * \return 0, or -1 as omp_pause_resource().
 */
int omp_pause_resource_all(omp_pause_resource_t kind);

/**
 * \brief Passes a command to the OMPT tool that monitors the program, if there is one.
 *
 * omp2numa loads no tool (OMP_TOOL and OMP_TOOL_LIBRARIES are accepted and ignored).
 * \param command an omp_control_tool_t.
 * \param modifier a tool-specific modifier.
 * \param arg a tool-specific argument.
 * \return omp_control_tool_notool.
 */
int omp_control_tool(int command, int modifier, void *arg);

#ifdef __cplusplus
}
#endif

#endif /* OMP2NUMA_OMP_H */
