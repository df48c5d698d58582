//===- Config.h - Facts the translator's stages share ---------------------===//
#ifndef OMP2NUMA_CONFIG_H
#define OMP2NUMA_CONFIG_H

// Set once, in the top-level CMakeLists.txt, for the translator and the wrapper alike:
//   OMP2NUMA_OPENMP_VERSION  _OPENMP's value, as a string literal ("201511": OpenMP 4.5)
//   OMP2NUMA_VERSION_NUMBER  _OMP2NUMA's value, as a string literal (MAJOR*10000+MINOR*100+PATCH)
//   OMP2NUMA_VERSION         omp2numa's version, "MAJOR.MINOR.PATCH"
#if !defined(OMP2NUMA_OPENMP_VERSION) || !defined(OMP2NUMA_VERSION_NUMBER) ||                    \
    !defined(OMP2NUMA_VERSION)
#error "translator/CMakeLists.txt defines the version macros"
#endif

#endif
