// __omp2numa_reduction_alloc / __omp2numa_reduction_free, hand-lowered: every thread's private
// copy of a 12 MB array section lives on the heap (a worker's stack would overflow), starts as
// the identity, and is freed once the partials are combined; an empty section still gets
// memory (never NULL).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t
#include "../Inputs/check.h"

#include <omp2numa-abi.h>
#include <stdint.h>
#include <stdlib.h>

enum { LEN = 3 << 20, ITER = 4096 }; /* 3 Mi ints: 12 MB */

// int *h = malloc(...);
// #pragma omp parallel for reduction(+: h[0:LEN])
// for (int i = 0; i < ITER; i++) h[(i * 769) % LEN] += 1;
struct target {
  int *h;
};
struct partial {
  int *h;
  size_t len;
};

static void combine(void *shared, void *data)
{
  struct target *t = shared;
  struct partial *p = data;
  for (size_t e = 0; e < p->len; ++e)
    t->h[e] += p->h[e];
}

static void region(void *data)
{
  static struct __omp2numa_loop_site loop = {"reduction-alloc.c", __LINE__,
                                             __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  struct target *t = data;
  int *const sec = (int *)__omp2numa_reduction_alloc(LEN, sizeof(int));
  CHECK(sec != NULL, "no private copy");
  for (size_t e = 0; e < LEN; ++e)
    sec[e] = 0;
  uint64_t lo, hi;
  if (__omp2numa_loop_start(&loop, ITER, 0, 0, &lo, &hi)) do {
      for (uint64_t k = lo; k < hi; ++k)
        sec[(k * 769) % LEN] += 1;
    } while (__omp2numa_loop_next(&lo, &hi));
  __omp2numa_loop_end_nowait();
  struct partial p = {sec, LEN};
  __omp2numa_reduce(&p, combine, t);
  __omp2numa_reduction_free(sec);
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"reduction-alloc.c", __LINE__, 0, 0};
  int *h = calloc(LEN, sizeof *h);
  struct target t = {h};
  __omp2numa_parallel(&site, region, &t, 0, 1);
  long total = 0;
  for (size_t e = 0; e < LEN; ++e)
    total += h[e];
  CHECK(total == ITER && h[769] == 1, "total %ld", total);
  void *empty = __omp2numa_reduction_alloc(0, sizeof(int));
  CHECK(empty != NULL, "an empty copy is NULL");
  __omp2numa_reduction_free(empty);
  free(h);
  return num_failed;
}
