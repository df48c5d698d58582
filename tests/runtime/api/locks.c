// Simple and nestable locks: mutual exclusion under contention (oversubscribed too), omp_test_*
// on free, held and self-held locks, nesting counts, ownership by task (a nested region's
// thread 0 is another task, even on the same thread), and misuse reported as a fatal error.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 %o2n-run %t
// RUN: env OMP_NUM_THREADS=16 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: not %o2n-run %t unset-free 2>&1 | FileCheck %s --check-prefix=UNSET
// RUN: not %o2n-run %t destroy-held 2>&1 | FileCheck %s --check-prefix=DESTROY
// RUN: not %o2n-run %t unset-nest-other 2>&1 | FileCheck %s --check-prefix=NEST
//
// UNSET: omp2numa: omp_unset_lock: the lock is not locked
// DESTROY: omp2numa: omp_destroy_nest_lock: the lock is locked
// NEST: omp2numa: omp_unset_nest_lock: the lock is not held by the calling task
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

enum { INCREMENTS = 20000 };

struct ctx {
  omp_lock_t lock;
  omp_nest_lock_t nest;
  long counter;      // plain: protected by lock
  long nest_counter; // plain: protected by nest
  atomic_int test_results;
};

// #pragma omp parallel
// for (...) { omp_set_lock(&lock); counter++; omp_unset_lock(&lock); <same with nest twice> }
static void region_contend(void *data)
{
  struct ctx *ctx = data;
  for (int i = 0; i < INCREMENTS; i++) {
    if (i % 2) {
      omp_set_lock(&ctx->lock);
      ctx->counter++;
      omp_unset_lock(&ctx->lock);
    } else {
      omp_set_nest_lock(&ctx->nest);
      omp_set_nest_lock(&ctx->nest);
      ctx->nest_counter++;
      omp_unset_nest_lock(&ctx->nest);
      omp_unset_nest_lock(&ctx->nest);
    }
  }
}

// Thread 0 holds both locks between two barriers; the others must fail to take them.
static void region_test(void *data)
{
  struct ctx *ctx = data;
  if (omp_get_thread_num() == 0) {
    omp_set_lock(&ctx->lock);
    omp_set_nest_lock(&ctx->nest);
  }
  __omp2numa_barrier();
  if (omp_get_thread_num() != 0)
    atomic_fetch_add(&ctx->test_results,
                     omp_test_lock(&ctx->lock) + omp_test_nest_lock(&ctx->nest));
  __omp2numa_barrier();
  if (omp_get_thread_num() == 0) {
    omp_unset_nest_lock(&ctx->nest);
    omp_unset_lock(&ctx->lock);
  }
}

// #pragma omp parallel if(0): a new task on the same thread tries the nestable lock.
static void region_other_task(void *data)
{
  struct ctx *ctx = data;
  int taken = omp_test_nest_lock(&ctx->nest);
  atomic_store(&ctx->test_results, taken);
  if (taken)
    omp_unset_nest_lock(&ctx->nest);
}

int main(int argc, char **argv)
{
  static const struct __omp2numa_region_site site = {"locks.c", __LINE__, 0, 0};
  static struct ctx ctx;
  omp_init_lock(&ctx.lock);
  omp_init_nest_lock(&ctx.nest);

  if (argc > 1) {
    if (strcmp(argv[1], "unset-free") == 0)
      omp_unset_lock(&ctx.lock);
    if (strcmp(argv[1], "destroy-held") == 0) {
      omp_set_nest_lock(&ctx.nest);
      omp_destroy_nest_lock(&ctx.nest);
    }
    if (strcmp(argv[1], "unset-nest-other") == 0)
      omp_unset_nest_lock(&ctx.nest);
    return 0;
  }

  // Single thread: test on free, held and self-held locks.
  CHECK(omp_test_lock(&ctx.lock) == 1, "free simple lock");
  CHECK(omp_test_lock(&ctx.lock) == 0, "held simple lock");
  omp_unset_lock(&ctx.lock);
  CHECK(omp_test_nest_lock(&ctx.nest) == 1, "free nestable lock");
  omp_set_nest_lock(&ctx.nest);
  CHECK(omp_test_nest_lock(&ctx.nest) == 3, "nesting count");
  __omp2numa_parallel(&site, region_other_task, &ctx, 0, 0);
  CHECK(atomic_load(&ctx.test_results) == 0, "another task took a held nestable lock");
  for (int i = 0; i < 3; i++)
    omp_unset_nest_lock(&ctx.nest);
  __omp2numa_parallel(&site, region_other_task, &ctx, 0, 0);
  CHECK(atomic_load(&ctx.test_results) == 1, "another task could not take a free lock");

  // Contention.
  int n = omp_get_max_threads();
  __omp2numa_parallel(&site, region_contend, &ctx, 0, 1);
  CHECK(ctx.counter + ctx.nest_counter == (long)n * INCREMENTS, "counters %ld + %ld, expected "
        "%ld", ctx.counter, ctx.nest_counter, (long)n * INCREMENTS);

  atomic_store(&ctx.test_results, 0);
  __omp2numa_parallel(&site, region_test, &ctx, 0, 1);
  CHECK(atomic_load(&ctx.test_results) == 0, "%d tests took a held lock",
        atomic_load(&ctx.test_results));

  omp_destroy_lock(&ctx.lock);
  omp_destroy_nest_lock(&ctx.nest);
  return atomic_load(&num_failed);
}
