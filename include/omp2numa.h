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
