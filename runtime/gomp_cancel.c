/*
 * gomp_cancel.c -- libgomp's ABI for cancellation: GOMP_cancel, GOMP_cancellation_point and the
 * cancellable barriers of gcc -fopenmp code (docs/gomp-abi.md).
 *
 * Thin entry points onto cancel.c and barrier.c.  gcc's `which` argument has libgomp's values,
 * which are those of enum __omp2numa_cancel_kind; its barriers in a region with a cancel
 * construct, and at the end of worksharing constructs there, are the cancellable ones, and
 * return true when the region is cancelled, as o2n_team_barrier_cancel does.
 */
#include "gomp.h"

O2N_ABI bool GOMP_cancel(int which, bool do_cancel)
{
  return __omp2numa_cancel(which, do_cancel);
}

O2N_ABI bool GOMP_cancellation_point(int which)
{
  return __omp2numa_cancellation_point(which);
}

/* Unchecked, as GOMP_barrier (gomp_sync.c). */
O2N_ABI bool GOMP_barrier_cancel(void)
{
  return o2n_team_barrier_cancel(o2n_self());
}

O2N_ABI bool GOMP_loop_end_cancel(void)
{
  GOMP_loop_end_nowait();
  return GOMP_barrier_cancel();
}

O2N_ABI bool GOMP_sections_end_cancel(void)
{
  GOMP_sections_end_nowait();
  return GOMP_barrier_cancel();
}
