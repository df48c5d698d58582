/*
 * foreign.c -- refusing another OpenMP runtime in the same process.
 *
 * Code compiled with gcc -fopenmp (or clang -fopenmp) calls its own runtime, libgomp (libomp),
 * for its regions, while its omp_get_thread_num() and other omp_* calls resolve to libomp2numa's,
 * the first definition the dynamic linker finds: such a program computes wrong results without a
 * word.  Until libomp2numa speaks libgomp's ABI, a process that has loaded either runtime stops
 * at start-up with a message saying what to do.  omp2numa-cc refuses such objects at link time
 * already; this catches libraries that reach the program another way (-l, dependencies of
 * shared libraries).  OMP2NUMA_ALLOW_FOREIGN_OPENMP=1 turns the error into a warning, for a
 * library that links the other runtime without using it.
 */
#include "internal.h"

#include <link.h>
#include <stdlib.h>
#include <string.h>

/* The shared objects of other OpenMP runtimes, by the start of their file names. */
static const char *const foreign_runtimes[] = {"libgomp.so", "libomp.so", "libiomp5.so"};

static int find_foreign(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  const char *path = info->dlpi_name ? info->dlpi_name : "";
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  for (size_t i = 0; i < sizeof foreign_runtimes / sizeof *foreign_runtimes; i++)
    if (strncmp(base, foreign_runtimes[i], strlen(foreign_runtimes[i])) == 0) {
      *(const char **)data = path;
      return 1;
    }
  return 0;
}

void o2n_refuse_foreign_runtimes(void)
{
  const char *found = NULL;
  if (!dl_iterate_phdr(find_foreign, &found))
    return;
  const char *allow = getenv("OMP2NUMA_ALLOW_FOREIGN_OPENMP");
  if (allow && strcmp(allow, "1") == 0) {
    o2n_warn("this program also loads %s, another OpenMP runtime (allowed by "
             "OMP2NUMA_ALLOW_FOREIGN_OPENMP=1); code compiled with -fopenmp for it computes "
             "wrong results if it runs a parallel region", found);
    return;
  }
  o2n_fatal("this program also loads %s, another OpenMP runtime: code compiled with gcc or clang "
            "-fopenmp calls it, while its omp_* calls reach omp2numa's, so its results would be "
            "wrong. Rebuild that code with omp2numa-cc (or without -fopenmp); if it never runs "
            "OpenMP code, set OMP2NUMA_ALLOW_FOREIGN_OPENMP=1", found);
}
