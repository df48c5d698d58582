//===- Config.h - Facts the translator's stages share ---------------------===//
#ifndef OMP2NUMA_CONFIG_H
#define OMP2NUMA_CONFIG_H

/// The OpenMP version omp2numa implements, as _OPENMP spells it (OpenMP 4.5, November 2015): the
/// newest whose host C features are all supported (docs/language.md says what 5.0 still lacks).
/// translator/wrapper/omp2numa-cc has the same value.
#define OMP2NUMA_OPENMP_VERSION "201511"

#endif
