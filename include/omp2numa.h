/*
 * omp2numa.h -- omp2numa's extensions to the OpenMP API.
 *
 * Includes <omp.h>, so a program that uses the extensions includes only this header.
 */
#ifndef OMP2NUMA_H
#define OMP2NUMA_H

#include <omp.h>

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

/**
 * \brief Returns the number of NUMA nodes that hold threads of the current team.
 *
 * Thread placement is planned with the topology in OMP2NUMA_TOPOLOGY when it is set (an hwloc
 * synthetic description such as "node:2 core:4 pu:1", or an hwloc XML file), else with the
 * machine's, so NUMA-aware code can be tested on a machine with one node.
 * \return at least 1.
 */
int omp_get_num_locality_domains(void);

/**
 * \brief Returns the NUMA node of the calling thread, numbered among the current team's nodes.
 * \return 0 .. omp_get_num_locality_domains() - 1, in the order of the topology's NUMA nodes.
 */
int omp_get_locality_domain_num(void);

#ifdef __cplusplus
}
#endif

#endif /* OMP2NUMA_H */
