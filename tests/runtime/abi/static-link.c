// libomp2numa.a: a program linked with the static archive (plus hwloc, libnuma and pthreads)
// runs a region and a loop, and does not load libomp2numa.so.
//
// RUN: %rt-cc %s -Wl,-Bstatic %rt-link -Wl,-Bdynamic -lhwloc -lnuma -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: ldd %t | FileCheck %s --implicit-check-not=libomp2numa
// CHECK: libhwloc
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>

enum { N = 1000 };

// #pragma omp parallel for
// for (int i = 0; i < N; i++) hits[i]++;
static void region(void *data)
{
  static struct __omp2numa_loop_site loop = {"static-link.c", __LINE__, __OMP2NUMA_SCHED_DEFAULT,
                                             0, 0, 0};
  atomic_int *hits = data;
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&loop, N, 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; ++k)
        atomic_fetch_add(&hits[k], 1);
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end();
  CHECK(omp_get_num_threads() == 3, "team of %d", omp_get_num_threads());
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"static-link.c", __LINE__, 0, 0};
  static atomic_int hits[N];
  CHECK(__omp2numa_abi_version() == __OMP2NUMA_ABI_VERSION, "ABI version %u",
        __omp2numa_abi_version());
  __omp2numa_parallel(&site, region, hits, 0, 1);
  for (int i = 0; i < N; i++)
    CHECK(atomic_load(&hits[i]) == 1, "iteration %d ran %d times", i, atomic_load(&hits[i]));
  return atomic_load(&num_failed);
}
