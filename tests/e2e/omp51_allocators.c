// RUN: %o2n-compile %s -o %t
// RUN: env OMP_NUM_THREADS=4 %o2n-run %t pteam | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_ALLOCATOR=omp_thread_mem_alloc %o2n-run %t thread | FileCheck %s
// RUN: %if gcc-openmp %{ gcc -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.gomp %}
// RUN: %if gcc-openmp %{ env OMP_NUM_THREADS=4 %o2n-run %t.gomp pteam | FileCheck %s %}
// RUN: %if gcc-openmp %{ env OMP_NUM_THREADS=3 OMP_ALLOCATOR=omp_thread_mem_alloc %o2n-run %t.gomp thread | FileCheck %s %}
// RUN: %if clang-openmp %{ clang-16 -std=c11 -fopenmp -O1 -Wall -Werror %s -o %t.libomp %}
// RUN: %if clang-openmp %{ env OMP_NUM_THREADS=4 %o2n-run %t.libomp pteam | FileCheck %s %}
// REQUIRES: translator
//
// The memory allocators as a program uses them, checked against the serial meaning and with the
// same program built with gcc -fopenmp and clang-16 -fopenmp: the default allocator (from
// OMP_ALLOCATOR, or set before the region) inherited by every thread of a team and set by each
// thread for itself; a pool that a team shares and that is never overdrawn (each block of 1000
// bytes costs at least 1032 of a 4096-byte pool, so at most 3 are held at once); blocked and
// interleaved partitions and an aligned allocator holding the arrays of parallel loops; calloc
// zero-filling; realloc keeping the contents while a block moves from one allocator to another.
//
// CHECK: ok

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void expect(int ok, const char *what)
{
  if (!ok) {
    printf("MISMATCH %s\n", what);
    failures++;
  }
}

static omp_allocator_handle_t make(omp_alloctrait_value_t partition, uintptr_t alignment)
{
  omp_alloctrait_t traits[] = {{omp_atk_partition, partition}, {omp_atk_alignment, alignment}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 2, traits);
  expect(a != omp_null_allocator, "init_allocator");
  return a;
}

// sum of i for i < n, computed in a parallel loop over an array from allocator a.
static void loop_over(omp_allocator_handle_t a, long n, uintptr_t alignment)
{
  double *x = omp_calloc((size_t)n, sizeof *x, a);
  expect(x != NULL && (uintptr_t)x % alignment == 0, "loop array");
  int zero = 1;
#pragma omp parallel for reduction(&& : zero)
  for (long i = 0; i < n; i++) {
    zero = zero && x[i] == 0.0;
    x[i] = (double)i;
  }
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (long i = 0; i < n; i++)
    sum += x[i];
  expect(zero, "calloc zero-filled");
  expect(sum == (double)n * (double)(n - 1) / 2, "loop sum");
  omp_free(x, a);
}

int main(int argc, char **argv)
{
  const omp_allocator_handle_t initial =
      argc > 1 && strcmp(argv[1], "thread") == 0 ? omp_thread_mem_alloc : omp_default_mem_alloc;
  expect(omp_get_default_allocator() == initial, "OMP_ALLOCATOR");
  omp_alloctrait_t pool_traits[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 2, pool_traits);
  expect(pool != omp_null_allocator, "pool");
  omp_set_default_allocator(omp_pteam_mem_alloc);
  int held = 0, inherited = 1, own = 1;
#pragma omp parallel reduction(+ : held) reduction(&& : inherited, own)
  {
    inherited = omp_get_default_allocator() == omp_pteam_mem_alloc;
    omp_set_default_allocator(pool);
    void *mine[3];
    for (int i = 0; i < 3; i++)
      held += (mine[i] = omp_alloc(1000, omp_null_allocator)) != NULL;
#pragma omp barrier
    for (int i = 0; i < 3; i++)
      omp_free(mine[i], omp_null_allocator);
    own = omp_get_default_allocator() == pool;
  }
  expect(inherited && own, "default allocator of the team");
  expect(held == 3, "pool shared by the team");
  expect(omp_get_default_allocator() == omp_pteam_mem_alloc, "primary's default allocator");

  omp_allocator_handle_t blocked = make(omp_atv_blocked, 64);
  omp_allocator_handle_t interleaved = make(omp_atv_interleaved, 4096);
  loop_over(blocked, 1 << 20, 64);
  loop_over(interleaved, 100003, 4096);

  // realloc from the pool to the blocked allocator and back, contents kept.
  char *p = omp_alloc(1000, pool);
  for (int i = 0; i < 1000; i++)
    p[i] = (char)i;
  p = omp_realloc(p, 100000, blocked, pool);
  expect(p != NULL && (uintptr_t)p % 64 == 0, "realloc to blocked");
  int same = 1;
  for (int i = 0; i < 1000; i++)
    same &= p[i] == (char)i;
  p = omp_realloc(p, 500, pool, omp_null_allocator);
  for (int i = 0; i < 500; i++)
    same &= p[i] == (char)i;
  expect(same, "realloc contents");
  omp_free(p, pool);
  omp_destroy_allocator(interleaved);
  omp_destroy_allocator(blocked);
  omp_destroy_allocator(pool);
  if (failures == 0)
    printf("ok\n");
  return failures != 0;
}
