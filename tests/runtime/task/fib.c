// Tasks, hand-lowered: recursive fib with a task per call and taskwait, created by one thread of
// the team (single, whose barrier runs the tasks), by the primary thread alone (masked, no
// barrier: the end of the region runs them), by every thread at once, and outside any region
// (every task runs at once).  Checks the value each time.  Arguments: n, and the repetitions.
//
//   int fib(int n) {
//     if (n < 2) return n;
//     int x, y;
//     #pragma omp task shared(x)
//     x = fib(n - 1);
//     #pragma omp task shared(y)
//     y = fib(n - 2);
//     #pragma omp taskwait
//     return x + y;
//   }
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: %o2n-run %t 20 3
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t 18 2
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t 22 3
// RUN: env OMP_NUM_THREADS=3 OMP2NUMA_TOPOLOGY="node:3 core:1 pu:1" %o2n-run %t 18 3
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t 18 3
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %o2n-run %t 16 3
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan 14 2 %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan 12 2 %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdlib.h>

struct fib_ctx {
  int n;
  int *out;
};

static int fib(int n);

static void fib_task(void *data)
{
  struct fib_ctx *ctx = data;
  *ctx->out = fib(ctx->n);
}

static int fib(int n)
{
  if (n < 2)
    return n;
  int x, y;
  {
    static const struct __omp2numa_task_site site = {"fib.c", __LINE__};
    struct fib_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct fib_ctx));
    *task = (struct fib_ctx){n - 1, &x};
    __omp2numa_task_submit(task, fib_task, 0, 0, NULL, 0);
  }
  {
    static const struct __omp2numa_task_site site = {"fib.c", __LINE__};
    struct fib_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct fib_ctx));
    *task = (struct fib_ctx){n - 2, &y};
    __omp2numa_task_submit(task, fib_task, 0, 0, NULL, 0);
  }
  __omp2numa_taskwait();
  return x + y;
}

static int fib_serial(int n)
{
  return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2);
}

struct region_ctx {
  int n;
  int result;
  atomic_int all[64];
};

// #pragma omp parallel
// #pragma omp single
// result = fib(n);
static void region_single(void *data)
{
  struct region_ctx *ctx = data;
  if (__omp2numa_single_start()) {
    ctx->result = fib(ctx->n);
    __omp2numa_single_end();
  }
  __omp2numa_barrier();
}

// #pragma omp parallel
// #pragma omp masked
// #pragma omp task
// result = fib(n);
static void region_masked(void *data)
{
  struct region_ctx *ctx = data;
  if (__omp2numa_masked(0)) {
    static const struct __omp2numa_task_site site = {"fib.c", __LINE__};
    struct fib_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct fib_ctx));
    *task = (struct fib_ctx){ctx->n, &ctx->result};
    __omp2numa_task_submit(task, fib_task, 0, 0, NULL, 0);
  }
}

// #pragma omp parallel
// all[omp_get_thread_num()] = fib(n - omp_get_thread_num() % 3);
static void region_all(void *data)
{
  struct region_ctx *ctx = data;
  int tid = omp_get_thread_num();
  atomic_store(&ctx->all[tid], fib(ctx->n - tid % 3));
}

int main(int argc, char **argv)
{
  const int n = argc > 1 ? atoi(argv[1]) : 20, reps = argc > 2 ? atoi(argv[2]) : 3;
  const int expected = fib_serial(n);
  for (int rep = 0; rep < reps; rep++) {
    static const struct __omp2numa_region_site site = {"fib.c", __LINE__, 0, 0};
    struct region_ctx ctx = {.n = n, .result = -1};
    __omp2numa_parallel(&site, region_single, &ctx, 0, 1);
    CHECK(ctx.result == expected, "single: fib(%d) = %d, expected %d", n, ctx.result, expected);
    ctx.result = -1;
    __omp2numa_parallel(&site, region_masked, &ctx, 0, 1);
    CHECK(ctx.result == expected, "masked: fib(%d) = %d, expected %d", n, ctx.result, expected);
    __omp2numa_parallel(&site, region_all, &ctx, 0, 1);
    const int nthreads = omp_get_max_threads() < 64 ? omp_get_max_threads() : 64;
    for (int t = 0; t < nthreads; t++)
      CHECK(ctx.all[t] == fib_serial(n - t % 3), "all: thread %d: %d", t, ctx.all[t]);
  }
  // Outside any region: the tasks run at once.
  CHECK(fib(15) == 610, "outside a region: fib(15) = %d", fib(15));
  return atomic_load(&num_failed);
}
