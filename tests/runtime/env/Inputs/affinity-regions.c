// Runs regions whose threads' affinity information changes, or not, with a line "-- <phase>" on
// stderr before each phase, for env/display-affinity.test:
//   #pragma omp parallel num_threads(2)   (twice)
//   #pragma omp parallel num_threads(1)
//   #pragma omp parallel num_threads(2)
//   omp_set_max_active_levels(2);
//   #pragma omp parallel num_threads(2)
//   #pragma omp parallel num_threads(2)   (nested)
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>

static const struct __omp2numa_region_site site = {"affinity-regions.c", __LINE__, 0,
                                                    __OMP2NUMA_REGION_NUM_THREADS};

static void empty(void *data)
{
  (void)data;
}

static void outer(void *data)
{
  (void)data;
  __omp2numa_parallel(&site, empty, NULL, 2, 1);
}

static void phase(const char *name)
{
  fprintf(stderr, "-- %s\n", name);
  fflush(stderr);
}

int main(void)
{
  phase("two threads");
  __omp2numa_parallel(&site, empty, NULL, 2, 1);
  phase("the same two threads");
  __omp2numa_parallel(&site, empty, NULL, 2, 1);
  phase("one thread");
  __omp2numa_parallel(&site, empty, NULL, 1, 1);
  phase("two threads again");
  __omp2numa_parallel(&site, empty, NULL, 2, 1);
  phase("nested");
  omp_set_max_active_levels(2);
  __omp2numa_parallel(&site, outer, NULL, 2, 1);
  phase("end");
  return 0;
}
