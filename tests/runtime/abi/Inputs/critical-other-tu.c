// The other translation unit of abi/critical.c: critical constructs with the same names, through
// their own static lock pointers.  Names are program-wide, so these exclude the main file's.
#include <omp2numa-abi.h>
#include <stdatomic.h>

int other_tu_update(long *counter, atomic_int *inside)
{
  // #pragma omp critical(update)
  // { ++*counter; }
  static void *__o2n_critical_update;
  int clash = 0;
  __omp2numa_critical_start(&__o2n_critical_update, "update");
  clash |= atomic_fetch_add_explicit(inside, 1, memory_order_relaxed) != 0;
  ++*counter;
  atomic_fetch_sub_explicit(inside, 1, memory_order_relaxed);
  __omp2numa_critical_end(&__o2n_critical_update);
  return clash;
}

int other_tu_unnamed(long *counter, atomic_int *inside)
{
  // #pragma omp critical
  // { ++*counter; }
  static void *__o2n_critical;
  int clash = 0;
  __omp2numa_critical_start(&__o2n_critical, 0);
  clash |= atomic_fetch_add_explicit(inside, 1, memory_order_relaxed) != 0;
  ++*counter;
  atomic_fetch_sub_explicit(inside, 1, memory_order_relaxed);
  __omp2numa_critical_end(&__o2n_critical);
  return clash;
}
