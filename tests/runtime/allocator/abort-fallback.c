// omp_atv_abort_fb: when an allocator with this fallback cannot allocate (here its pool is
// exhausted, or nmemb * size overflows), the program stops with a message and status 1, as with
// libgomp.  The first allocation, within the pool, succeeds.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: not %o2n-run %t pool 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: not %o2n-run %t overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
//
// POOL: first block
// POOL-NEXT: omp2numa: out of memory (allocating 1000 bytes with an allocator whose fallback is omp_atv_abort_fb)
// POOL-NOT: survived
// OVERFLOW: first block
// OVERFLOW-NEXT: omp2numa: out of memory (allocating 18446744073709551615 bytes with an allocator whose fallback is omp_atv_abort_fb)
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
  const omp_alloctrait_t traits[] = {{omp_atk_pool_size, 2048}, {omp_atk_fallback, omp_atv_abort_fb}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 2, traits);
  if (a == omp_null_allocator || !omp_alloc(1000, a))
    return 2;
  fprintf(stderr, "first block\n");
  if (argc > 1 && strcmp(argv[1], "overflow") == 0)
    omp_calloc(SIZE_MAX / 2, 4, a);
  else
    omp_alloc(1000, a);
  fprintf(stderr, "survived\n");
  return 0;
}
