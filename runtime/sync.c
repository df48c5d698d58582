/*
 * sync.c -- the constructs that need no shared state: master/masked and flush.
 */
#include "internal.h"

O2N_ABI int __omp2numa_masked(int filter)
{
  return filter >= 0 && (unsigned)filter == o2n_self()->tid;
}

O2N_ABI void __omp2numa_flush(void)
{
  atomic_thread_fence(memory_order_seq_cst);
}
