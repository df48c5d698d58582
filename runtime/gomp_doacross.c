/*
 * gomp_doacross.c -- libgomp's ABI for doacross loops (ordered(n) with depend(source) and
 * depend(sink: ...)): the GOMP_loop_doacross_*_start entry points and GOMP_doacross_post/wait,
 * with their unsigned long long forms, for code compiled with gcc -fopenmp (docs/gomp-abi.md).
 *
 * gcc collapses the collapse(c) outer loops of an ordered(n) nest into one: it passes
 * ncounts = n - c + 1 logical trip counts, the first of them the collapsed loops' product, which
 * is the logical iteration space of the chunks (istart, iend), and iteration vectors of ncounts
 * logical indices.  That is omp2numa's doacross loop (loop.c, doacross.c) as it is: n logical
 * iterations counts[0], ncounts loops.  gcc checks sink vectors against the loop bounds itself.
 */
#include "internal.h"
#include "gomp.h"

#include <stdarg.h>

/* Every start entry point: this thread's part of the doacross loop at the caller's site. */
static bool doacross_start(const void *caller, int kind, unsigned ncounts, const uint64_t *counts,
                           int64_t chunk, uint64_t *istart, uint64_t *iend)
{
  int flags = __OMP2NUMA_LOOP_DOACROSS | (chunk > 0 ? __OMP2NUMA_LOOP_CHUNK : 0);
  struct __omp2numa_loop_site *site = o2n_gomp_site(caller, kind, flags);
  const struct o2n_gomp_bounds b = {counts[0], 0, 1, counts[0]};
  return o2n_gomp_doacross_start(site, &b, chunk, ncounts, counts, istart, iend);
}
