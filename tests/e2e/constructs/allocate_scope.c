// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t | FileCheck %s
// REQUIRES: translator
//
// The allocate clause on scope (OpenMP 5.1, gcc 13; gcc 12 rejects it, so no gcc build here):
// private, firstprivate and reduction copies come from the clause's allocator, aligned as
// align(n) asks, and are freed at the end of the scope (with a pool of 96 KiB, 200 copies of
// 32 KiB would run out of it otherwise; the null fallback gives NULL then).
// OpenMP_VV's tests/5.2/scope/test_scope_allocate_construct.c was rejected before.
//
// CHECK: ok

#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#define ALIGNED(p, n) ((((uintptr_t)(p)) & ((uintptr_t)(n) - 1)) == 0)
#define N 4096

static int failures;

static void expect(int ok, int line) {
  if (!ok) {
    printf("FAIL %s:%d\n", __FILE__, line);
    __atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED);
  }
}
#define EXPECT(c) expect((c), __LINE__)

int main(void) {
  omp_alloctrait_t traits[] = {
      {omp_atk_alignment, 4096}, {omp_atk_pool_size, 98304}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t h = omp_init_allocator(omp_default_mem_space, 3, traits);
  if (h == omp_null_allocator)
    return 1;
  int x = 42, sum = 0, threads = 0;
  double big[N]; /* 32 KiB: one copy at a time fits the pool, two threads' copies too */
  for (int i = 0; i < N; i++)
    big[i] = i;
  for (int round = 0; round < 100; round++) {
#pragma omp parallel num_threads(2) shared(sum)
    {
#pragma omp masked
      threads += omp_get_num_threads();
#pragma omp scope private(big) firstprivate(x) allocate(h: big) allocate(align(64): x)
      {
        big[N - 1] = omp_get_thread_num();
        x += omp_get_thread_num();
        EXPECT(ALIGNED(big, 4096) && ALIGNED(&x, 64) && big[N - 1] == omp_get_thread_num());
        EXPECT(x == 42 + omp_get_thread_num());
      }
#pragma omp scope reduction(+: sum) allocate(h: sum) nowait
      {
        sum += 1;
        EXPECT(ALIGNED(&sum, 4096));
      }
    }
  }
  EXPECT(x == 42 && big[N - 1] == N - 1 && big[0] == 0);
  EXPECT(sum == threads && threads >= 100);
  omp_destroy_allocator(h);
  if (failures)
    return 1;
  puts("ok");
  return 0;
}
