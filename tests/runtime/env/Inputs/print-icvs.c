// Prints the ICVs that the OMP_* variables set, one per line, for the env/*.test files.
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdatomic.h>
#include <stdio.h>

// #pragma omp parallel [num_threads(n)]
// { if (omp_get_thread_num() == 0) size = omp_get_num_threads(); }
static void region(void *data)
{
  if (omp_get_thread_num() == 0)
    atomic_store((atomic_int *)data, omp_get_num_threads());
}

static int team_size(int num_threads)
{
  // #pragma omp parallel, and #pragma omp parallel num_threads(num_threads) when non-zero
  static const struct __omp2numa_region_site site = {"print-icvs.c", __LINE__, 0, 0};
  static const struct __omp2numa_region_site site_nt = {"print-icvs.c", __LINE__, 0,
                                                         __OMP2NUMA_REGION_NUM_THREADS};
  atomic_int size = 0;
  __omp2numa_parallel(num_threads ? &site_nt : &site, region, &size, num_threads, 1);
  return atomic_load(&size);
}

int main(void)
{
  static const char *const kinds[] = {"?", "static", "dynamic", "guided", "auto"};
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  const int base = kind & ~omp_sched_monotonic;
  printf("nthreads-var: %d\n", omp_get_max_threads());
  printf("team: %d\n", team_size(0));
  printf("team of 8: %d\n", team_size(8));
  printf("run-sched-var: %s%s,%d\n", (kind & omp_sched_monotonic) ? "monotonic:" : "",
         base >= 1 && base <= 4 ? kinds[base] : "extension", chunk);
  printf("dyn-var: %d\n", omp_get_dynamic());
  printf("max-active-levels-var: %d\n", omp_get_max_active_levels());
  printf("bind-var: %d\n", (int)omp_get_proc_bind());
  printf("thread-limit-var: %d\n", omp_get_thread_limit());
  printf("cancel-var: %d\n", omp_get_cancellation());
  printf("default-device-var: %d\n", omp_get_default_device());
  printf("nteams-var: %d\n", omp_get_max_teams());
  printf("teams-thread-limit-var: %d\n", omp_get_teams_thread_limit());
  printf("def-allocator-var: %d\n", (int)omp_get_default_allocator());
  return 0;
}
