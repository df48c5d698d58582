/* What the default allocator that OMP_ALLOCATOR made gives: whether it is a predefined one, the
   alignment of small blocks from omp_alloc(..., omp_null_allocator), and whether a block larger
   than a pool fails (fallback null_fb) or not. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
  omp_allocator_handle_t h = omp_get_default_allocator();
  printf("predefined: %d\n", h >= omp_default_mem_alloc && h <= omp_thread_mem_alloc);
  int aligned64 = 1;
  for (int i = 0; i < 100; i++) {
    void *p = omp_alloc(1 + i % 7, omp_null_allocator);
    aligned64 &= p && (uintptr_t)p % 64 == 0;
    omp_free(p, omp_null_allocator);
  }
  printf("aligned to 64: %d\n", aligned64);
  void *big = omp_alloc(1 << 20, omp_null_allocator);
  printf("1 MiB block: %s\n", big ? "yes" : "no");
  omp_free(big, omp_null_allocator);
  return 0;
}
