/*
 * foreign.c -- other OpenMP runtimes in the same process.
 *
 * libomp2numa speaks libgomp's ABI (gomp.h), so code compiled with gcc -fopenmp runs on it, as
 * long as its GOMP_* and omp_* calls bind to libomp2numa: libomp2numa must come before libgomp
 * in the dynamic linker's search order (omp2numa-cc links it in place of libgomp;
 * LD_PRELOAD=libomp2numa.so or the libgomp.so.1 of lib/omp2numa do it for existing binaries:
 * docs/gomp-abi.md).  A libgomp that is loaded too is then harmless: nothing reaches it.  At
 * start-up, libomp2numa checks that the symbols bind to itself, and stops the program with a
 * message saying what to do when they do not.
 *
 * Code compiled with clang -fopenmp (or icc) calls libomp's own ABI (__kmpc_*), which
 * libomp2numa does not speak: a process that has loaded libomp or libiomp5 stops as well.
 * OMP2NUMA_ALLOW_FOREIGN_OPENMP=1 turns either error into a warning, for a library that links
 * the other runtime without using it.
 */
#include "internal.h"

#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

/* The shared objects of other OpenMP runtimes, by the start of their file names; gomp says
   whether libomp2numa stands in for it. */
static const struct {
  const char *name;
  bool gomp;
} foreign_runtimes[] = {{"libgomp.so", true}, {"libomp.so", false}, {"libiomp5.so", false}};

struct found {
  const char *path;
  bool gomp;
};

static int find_foreign(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  const char *path = info->dlpi_name ? info->dlpi_name : "";
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  for (size_t i = 0; i < sizeof foreign_runtimes / sizeof *foreign_runtimes; i++)
    if (strncmp(base, foreign_runtimes[i].name, strlen(foreign_runtimes[i].name)) == 0) {
      struct found *found = data;
      found->path = path;
      found->gomp = foreign_runtimes[i].gomp;
      /* libomp2numa itself under libgomp's name (lib/omp2numa/libgomp.so.1) is not foreign;
         the binding check below covers a real libgomp either way. */
      return !found->gomp;
    }
  return 0;
}

/* Whether libgomp's entry points, as a gcc-built binary asks for them (with their versions),
   bind to libomp2numa. */
static bool gomp_binds_here(void)
{
  static const struct {
    const char *name, *version;
  } probes[] = {{"GOMP_parallel", "GOMP_4.0"}, {"GOMP_barrier", "GOMP_1.0"},
                {"omp_get_thread_num", "OMP_1.0"}};
  Dl_info self;
  if (!dladdr((void *)o2n_refuse_foreign_runtimes, &self))
    return false;
  for (size_t i = 0; i < sizeof probes / sizeof *probes; i++) {
    Dl_info where;
    void *sym = dlvsym(RTLD_DEFAULT, probes[i].name, probes[i].version);
    if (!sym || !dladdr(sym, &where) || where.dli_fbase != self.dli_fbase)
      return false;
  }
  return true;
}

void o2n_refuse_foreign_runtimes(void)
{
  struct found found = {NULL, false};
  dl_iterate_phdr(find_foreign, &found);
  if (!found.path || (found.gomp && gomp_binds_here()))
    return;
  const char *allow = getenv("OMP2NUMA_ALLOW_FOREIGN_OPENMP");
  if (allow && strcmp(allow, "1") == 0) {
    o2n_warn("this program also loads %s, another OpenMP runtime (allowed by "
             "OMP2NUMA_ALLOW_FOREIGN_OPENMP=1); code that calls it computes wrong results if it "
             "runs a parallel region", found.path);
    return;
  }
  if (found.gomp)
    o2n_fatal("this program also loads %s before libomp2numa, so that code compiled with gcc "
              "-fopenmp calls libgomp while its omp_* calls may reach omp2numa's. Put "
              "libomp2numa first: link with omp2numa-cc (or -lomp2numa before -lgomp), or run "
              "with LD_PRELOAD=libomp2numa.so or LD_LIBRARY_PATH=<prefix>/lib/omp2numa "
              "(docs/gomp-abi.md); if it never runs OpenMP code, set "
              "OMP2NUMA_ALLOW_FOREIGN_OPENMP=1", found.path);
  o2n_fatal("this program also loads %s, another OpenMP runtime: code compiled with clang "
            "-fopenmp calls it, while its omp_* calls reach omp2numa's, so its results would be "
            "wrong. Rebuild that code with omp2numa-cc or gcc -fopenmp; if it never runs "
            "OpenMP code, set OMP2NUMA_ALLOW_FOREIGN_OPENMP=1", found.path);
}
