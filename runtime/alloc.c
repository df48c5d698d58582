/*
 * alloc.c -- allocations that do not fail: when memory runs out, the program stops with a message.
 *
 * The runtime cannot go on without the memory of a team, a worker, a map or a place list, and its
 * entry points have no error to return (the ABI has none), so it stops, as libgomp's gomp_malloc
 * does.  The placement API is the exception: it returns NULL with ENOMEM (placement.c).
 */
#include "internal.h"

#include <hwloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static noreturn void out_of_memory(size_t size)
{
  o2n_fatal("out of memory (allocating %zu bytes)", size);
}

void *o2n_xmalloc(size_t size)
{
  void *p = malloc(size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *o2n_xmalloc_array(uint64_t count, size_t size, const char *what)
{
  if (size != 0 && count > SIZE_MAX / size)
    o2n_fatal("%s of %llu elements of %zu bytes is larger than memory", what,
              (unsigned long long)count, size);
  return o2n_xmalloc((size_t)count * size);
}

void *o2n_xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory(n * size);
  return p;
}

void *o2n_xrealloc(void *p, size_t size)
{
  p = realloc(p, size ? size : 1);
  if (!p)
    out_of_memory(size);
  return p;
}

void *o2n_xcalloc_aligned(size_t size)
{
  /* C11's aligned_alloc wants a multiple of the alignment. */
  const size_t rounded = (size + O2N_CACHE_LINE - 1) / O2N_CACHE_LINE * O2N_CACHE_LINE;
  void *p = aligned_alloc(O2N_CACHE_LINE, rounded ? rounded : O2N_CACHE_LINE);
  if (!p)
    out_of_memory(size);
  return memset(p, 0, rounded);
}

char *o2n_xstrdup(const char *s)
{
  const size_t size = strlen(s) + 1;
  return memcpy(o2n_xmalloc(size), s, size);
}

hwloc_bitmap_t o2n_xbitmap_alloc(void)
{
  hwloc_bitmap_t set = hwloc_bitmap_alloc();
  if (!set)
    o2n_fatal("out of memory (allocating a bitmap)");
  return set;
}
