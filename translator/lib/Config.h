//===- Config.h - Facts the translator's stages share ---------------------===//
#ifndef OMP2NUMA_CONFIG_H
#define OMP2NUMA_CONFIG_H

/// The OpenMP version omp2numa implements, as _OPENMP spells it (OpenMP 4.5, November 2015).
#define OMP2NUMA_OPENMP_VERSION "201511"

#endif
