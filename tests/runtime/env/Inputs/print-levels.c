// Prints, for each nesting level 0..3 along thread 0's path (and one line from a thread of
// another outer thread's inner team), the team size, nthreads-var (omp_get_max_threads) and
// bind-var, for the per-level OMP_NUM_THREADS and OMP_PROC_BIND tests (levels.test).
#include <omp.h>
#include <omp2numa-abi.h>
#include <stdio.h>

enum { DEPTH = 3 };

static void show(void)
{
  printf("level %d: team %d, max-threads %d, bind %d, active-levels %d\n", omp_get_level(),
         omp_get_num_threads(), omp_get_max_threads(), (int)omp_get_proc_bind(),
         omp_get_max_active_levels());
}

// #pragma omp parallel
// {
//   if (every ancestor thread number is 0) show();
//   if (omp_get_level() < DEPTH) { nested region }
// }
static void region(void *data)
{
  (void)data;
  static const struct __omp2numa_region_site site = {"print-levels.c", __LINE__, 0, 0};
  int first = 1;
  for (int l = 1; l <= omp_get_level(); l++)
    first &= omp_get_ancestor_thread_num(l) == 0;
  if (first)
    show();
  if (omp_get_level() < DEPTH)
    __omp2numa_parallel(&site, region, NULL, 0, 1);
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"print-levels.c", __LINE__, 0, 0};
  show();
  __omp2numa_parallel(&site, region, NULL, 0, 1);
  return 0;
}
