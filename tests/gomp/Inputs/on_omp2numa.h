// on_omp2numa.h: for programs compiled with gcc -fopenmp (tests/gomp): whether they run on
// libomp2numa, and a CHECK macro.  omp2numa_get_api_version is weak, so that the same program
// also links and runs on libgomp (to compare with).
#ifndef ON_OMP2NUMA_H
#define ON_OMP2NUMA_H
#include <stdio.h>
#include <stdlib.h>

unsigned omp2numa_get_api_version(void) __attribute__((weak));

// Prints "runtime: omp2numa" or "runtime: other" (libgomp).
static inline void print_runtime(void)
{
  printf("runtime: %s\n", omp2numa_get_api_version ? "omp2numa" : "other");
}

static int failures __attribute__((unused));
#define CHECK(cond, ...)                                                                         \
  do {                                                                                           \
    if (!(cond)) {                                                                               \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                \
      printf(__VA_ARGS__);                                                                       \
      printf("\n");                                                                              \
      failures++;                                                                                \
    }                                                                                            \
  } while (0)
#endif
