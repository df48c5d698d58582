/*
 * omp2numa.h -- omp2numa's extensions to the OpenMP API.
 *
 * Includes <omp.h>, so a program that uses the extensions includes only this header.
 */
#ifndef OMP2NUMA_H
#define OMP2NUMA_H

#include <omp.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * \brief The API version this header describes: 0xMMmmpp for version MM.mm.pp.
 *
 * Compare it with omp2numa_get_api_version() to detect a program running with another runtime
 * than the one it was compiled against.
 */
#define OMP2NUMA_API_VERSION 0x000100

/**
 * \brief Returns the API version of the runtime the program runs with.
 * \return the OMP2NUMA_API_VERSION the runtime was built with.
 */
unsigned omp2numa_get_api_version(void);

/* ------------------------------------------------------------------------------------------- */
/* Locality domains and placed memory                                                          */
/* ------------------------------------------------------------------------------------------- */

/*
 * A locality domain is a NUMA node that holds threads of a team, numbered 0, 1, ... among the
 * team's nodes in the topology's order.  Thread placement is planned with the topology in
 * OMP2NUMA_TOPOLOGY when it is set (an hwloc synthetic description such as "node:2 core:4 pu:1",
 * or an hwloc XML file), else with the machine's, so NUMA-aware code can be tested on a machine
 * with one node.
 *
 * The allocation functions follow hwloc's error convention: they return NULL and set errno.
 * Memory is placed per unit (a bloc1d block, a bloc1dcyclic bloc).  A unit is a whole number of
 * pages; the mapping is marked MADV_NOHUGEPAGE unless every unit is a whole number of transparent
 * huge pages (2 MiB), so a huge page never straddles two units.  Each unit is bound (strictly:
 * MPOL_BIND) to its domain's node before it is touched.  Where nothing can be bound (one NUMA
 * node, a synthetic OMP2NUMA_TOPOLOGY, no kernel support), the memory is returned unbound and
 * works all the same.
 *
 * Which team: inside a parallel region, the current team.  Outside any region, the team that a
 * parallel region without clauses would get at that point (omp_get_max_threads() threads placed
 * by OMP_PROC_BIND and OMP_PLACES), because that is the team that will use the memory.
 */

/**
 * \brief Returns the number of NUMA nodes that hold threads of the current team.
 * \return at least 1; 1 outside any parallel region.
 */
int omp_get_num_locality_domains(void);

/**
 * \brief Returns the NUMA node of the calling thread, numbered among the current team's nodes.
 * \return 0 .. omp_get_num_locality_domains() - 1, in the order of the topology's NUMA nodes.
 */
int omp_get_locality_domain_num(void);

/**
 * \brief Allocates memory cut into one contiguous block per locality domain: block d, the d-th
 *        ceil(size / n) bytes rounded up to pages, is placed on domain d of the n domains.
 *
 * Blocks of at least 16 huge pages (32 MiB) are rounded up to whole huge pages, so that the
 * memory can use them; the last domains may then get a smaller block, or none.
 * \param size the number of bytes, at least 1.
 * \return page-aligned memory, zero-filled, to be freed with omp_locality_domain_free(); or NULL
 *         with errno EINVAL if size is 0, ENOMEM if the memory cannot be mapped.
 */
void *omp_locality_domain_allocate_bloc1d(size_t size);

/**
 * \brief Allocates memory cut into blocs of blocsize bytes (rounded up to pages), dealt
 *        round-robin over the locality domains: bloc i is placed on domain i mod n.
 * \param size the number of bytes, at least 1.
 * \param blocsize the bytes of one bloc, at least 1.  A multiple of 2 MiB keeps huge pages
 *        usable; anything else is rounded up to pages.  Each bloc is a separate kernel memory
 *        area: Linux's vm.max_map_count (65530 by default) bounds their number per process.
 * \return page-aligned memory, zero-filled, to be freed with omp_locality_domain_free(); or NULL
 *         with errno EINVAL if size or blocsize is 0, ENOMEM if the memory cannot be mapped.
 */
void *omp_locality_domain_allocate_bloc1dcyclic(size_t size, size_t blocsize);

/**
 * \brief Frees memory from omp_locality_domain_allocate_bloc1d() or _bloc1dcyclic().
 * \param p the pointer they returned, or NULL (nothing happens).  Any other pointer prints a
 *        warning and is ignored.
 * \param size the size given to the allocation (a different one prints a warning; the whole
 *        allocation is freed).
 */
void omp_locality_domain_free(void *p, size_t size);

/**
 * \brief Test and diagnosis hook: where the placement API planned an address to be.
 *
 * Answers from the plan, not from the kernel, so it also works under a synthetic
 * OMP2NUMA_TOPOLOGY, where nothing is really bound.  Use move_pages(2) for where pages are.
 * \param addr any address inside memory returned by omp_locality_domain_allocate_bloc1d() or
 *        _bloc1dcyclic(), or by an allocator whose partition trait is nearest, blocked or
 *        interleaved (omp_alloc()), not yet freed.
 * \param node if not NULL, receives the OS number (P#) of the planned NUMA node.
 * \return the locality domain of the unit holding addr (numbered as in the team the memory was
 *         allocated for), or -1 with errno EINVAL if addr is not in such memory.
 */
int omp2numa_get_planned_domain(const void *addr, int *node);

/* ------------------------------------------------------------------------------------------- */
/* Memory that follows its threads                                                             */
/* ------------------------------------------------------------------------------------------- */

/*
 * First touch places a page once.  When a later phase of the program uses memory from other
 * threads than the ones that touched it first, these calls move it: explicitly, to a node or to
 * where a thread or the team runs (omp2numa_migrate*); lazily, to whichever thread touches each
 * part next (omp2numa_next_touch); or whenever its owner, a thread or a team, has been placed on
 * another node (omp2numa_attach, omp2numa_follow).  They act on the whole pages that cover
 * [ptr, ptr + size), other data on those pages included.  Under a synthetic OMP2NUMA_TOPOLOGY
 * there is no node to move to: the calls that name a thread or a team check their arguments and
 * move nothing.  They return 0, or -1 with errno.
 */

/**
 * \brief Moves memory to a NUMA node, and binds it there.
 *
 * The pages in memory are moved; pages not touched yet will be allocated on the node (a strict
 * binding: MPOL_BIND), until the range is migrated again or marked for next touch.
 * \param ptr the start of the range; not necessarily page-aligned.
 * \param size its bytes, at least 1.
 * \param node the OS number (P#) of the NUMA node, as numactl and move_pages(2) number nodes.
 * \return 0 when every page of the range is on the node; or -1 with errno EINVAL if ptr is NULL,
 *         size 0 or node not a node of this machine, EIO if some page could not be moved (a page
 *         shared with another process, for instance), EFAULT if the range is not mapped.
 */
int omp2numa_migrate(void *ptr, size_t size, int node);

/**
 * \brief Moves memory to the NUMA node where a thread of the current team runs (its place's
 *        node), as omp2numa_migrate() does.
 * \param thread the thread's number in the current team, 0 .. omp_get_num_threads() - 1.
 * \return as omp2numa_migrate(); EINVAL also if thread is not a thread of the team.
 */
int omp2numa_migrate_to_thread(void *ptr, size_t size, int thread);

/**
 * \brief Moves memory over the NUMA nodes of the current team, cut as
 *        omp_locality_domain_allocate_bloc1d() cuts it: the d-th block on domain d.
 *
 * Outside any region: over the nodes of the team that a region without clauses would get.
 * \return as omp2numa_migrate().
 */
int omp2numa_migrate_to_team(void *ptr, size_t size);

/**
 * \brief Marks memory for next touch: each part of it moves to the node of the first thread
 *        that touches it afterwards.
 *
 * The pages are protected (PROT_NONE); a thread that touches one takes a fault, and the runtime's
 * SIGSEGV handler moves the unit of OMP2NUMA_NEXT_TOUCH_PAGES pages (16 by default) that holds it
 * to the thread's node, then unprotects the unit.  Pages not touched since the mark are placed
 * by their first touch (the range's policy becomes MPOL_LOCAL), and the range is marked
 * MADV_NOHUGEPAGE; a transparent huge page already in it moves whole.  Marking a range that
 * overlaps a marked one first unmarks the older one's untouched pages where they are.
 *
 * Restrictions: the memory must be readable and writable, and stay so; system calls that are
 * given marked memory (read(2) into it, for instance) fail with EFAULT instead of faulting, so
 * touch it first; a SIGSEGV handler that the program installs after the first call must pass
 * the faults it does not expect to the handler it replaced (sigaction's old action), as the
 * runtime's passes the faults outside marked ranges to the one installed before it.
 * \return 0; or -1 with errno EINVAL if ptr is NULL or size 0, ENOMEM if the range is not mapped
 *         or 64 ranges are still marked and partly untouched.
 */
int omp2numa_next_touch(void *ptr, size_t size);

/** \brief omp2numa_attach(): the owner is the calling thread. */
#define OMP2NUMA_ATTACH_THREAD 0x1ul
/** \brief omp2numa_attach(): the owner is the calling thread's team. */
#define OMP2NUMA_ATTACH_TEAM 0x2ul
/** \brief omp2numa_attach(): when the owner has moved, mark the memory for next touch instead
 *         of moving it at once. */
#define OMP2NUMA_ATTACH_NEXT_TOUCH 0x4ul
/** \brief Every flag omp2numa_attach() knows. */
#define OMP2NUMA_ATTACH_ALLFLAGS 0x7ul

/**
 * \brief Attaches memory to the calling thread, or to its team, and places it where the owner
 *        runs: on the thread's node, or over the team's nodes as omp2numa_migrate_to_team().
 *
 * The owner is a position in the nesting of teams, which OpenMP keeps from one region to the
 * next: "thread t of the team at this level" (with the numbers of its ancestors), or the team of
 * the thread that encountered it.  A later region may place the same thread numbers on other
 * nodes (another number of threads, another OMP_PROC_BIND); omp2numa_follow() then moves the
 * memory after them.
 * \param flags OMP2NUMA_ATTACH_THREAD or OMP2NUMA_ATTACH_TEAM, optionally or'ed with
 *        OMP2NUMA_ATTACH_NEXT_TOUCH (the memory is marked for next touch, now and when it
 *        follows, instead of moved).
 * \return 0; or -1 with errno EINVAL (ptr NULL, size 0, unknown flags, not exactly one owner),
 *         EBUSY (the pages overlap attached memory), or as omp2numa_migrate().
 */
int omp2numa_attach(void *ptr, size_t size, unsigned long flags);

/**
 * \brief Detaches memory attached by omp2numa_attach(); the memory stays where it is.
 * \param ptr the pointer given to omp2numa_attach().
 * \return 0; or -1 with errno ENOENT if no memory is attached at ptr.
 */
int omp2numa_detach(const void *ptr);

/**
 * \brief Moves the memory attached to the calling thread, and to its team, that is not where
 *        its owner runs now.
 *
 * Call it from each thread at the start of a region (or phase) whose threads may run on other
 * nodes than when the memory was placed.  Memory already in place is left alone, so the call
 * costs a lock and a look at the attachments when nothing moved.  A team's memory is moved by the
 * first of its threads that calls it.
 * \return 0; or -1 with errno from the first move that failed (the others are still done), or
 *         ENOMEM.
 */
int omp2numa_follow(void);

/* ------------------------------------------------------------------------------------------- */
/* affinity(name) maps                                                                         */
/* ------------------------------------------------------------------------------------------- */

/**
 * \brief Forgets the iteration-to-thread map that loops with affinity(name) recorded.
 *
 * The next loop with affinity(name) records the map again, under its own schedule.  For programs
 * whose access pattern changes.  A loop with that name running meanwhile finishes with the map
 * it started with and adds nothing to the new one.
 * \param name the name of the affinity clause, as written in it.
 * \return 0; or -1 with errno EINVAL if name is NULL, ENOENT if no loop with affinity(name) has
 *         started yet.
 */
int omp2numa_affinity_reset(const char *name);

#ifdef __cplusplus
}
#endif

#endif /* OMP2NUMA_H */
