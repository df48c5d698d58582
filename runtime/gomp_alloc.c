/*
 * gomp_alloc.c -- GOMP_alloc and GOMP_free: the allocate directive and clause of gcc-compiled
 * code, on allocator.c's omp_aligned_alloc and omp_free.
 */
#include "gomp.h"

O2N_ABI void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator)
{
  void *p = omp_aligned_alloc(alignment, size, (omp_allocator_handle_t)allocator);
  /* libgomp: an allocation that fails (after the allocator's fallback) stops the program. */
  if (!p)
    o2n_fatal("GOMP_alloc: out of memory allocating %zu bytes", size);
  return p;
}

O2N_ABI void GOMP_free(void *ptr, uintptr_t allocator)
{
  omp_free(ptr, (omp_allocator_handle_t)allocator);
}
