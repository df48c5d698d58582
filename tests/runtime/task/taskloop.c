// taskloop, hand-lowered: every logical iteration runs exactly once, each task on its own copy of
// the data block, in tasks of the sizes the clause asks for: grainsize(g) (n/g tasks of >= g and
// < 2g iterations, or one task when n < g), grainsize(strict: g) (exactly g but the last),
// num_tasks(k) (min(k, n) tasks, sizes differing by at most one), neither (one task per thread);
// nogroup (no implicit taskgroup: a taskwait waits), n = 0, 1, 7, 1000; task reductions into a
// shared sum (reduction on the taskloop, in_reduction on tasks).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <stdint.h>
#include <string.h>

enum { MAXN = 1000, MAXTASKS = 1000 };

static atomic_int hits[MAXN];
static atomic_int ntasks;
static atomic_uint_least64_t sizes[MAXTASKS + 1]; // sizes[k]: tasks of k iterations
static atomic_int copies_bad;

// The data block: a firstprivate value, a shared address, and an alignment to keep.
struct ctx {
  _Alignas(32) int magic;
  long *sum;
};

static long sum;

struct part {
  long sum;
};

static void combine(void *shared, void *partial)
{
  **(long **)shared += ((struct part *)partial)->sum;
}

static void body(void *data, uint64_t lo, uint64_t hi)
{
  struct ctx *ctx = data;
  if (ctx->magic != 42 || ((uintptr_t)ctx & 31))
    atomic_fetch_add(&copies_bad, 1);
  ctx->magic = -1; // a copy of its own: no other task may see this
  atomic_fetch_add(&ntasks, 1);
  atomic_fetch_add(&sizes[hi - lo], 1);
  struct part part = {0};
  for (uint64_t k = lo; k < hi; k++) {
    atomic_fetch_add(&hits[k], 1);
    part.sum += (long)k;
  }
  // reduction(+: sum): each task's partial, combined at its end.
  long *target = ctx->sum;
  __omp2numa_task_reduce(&part, combine, &target);
}

static void reset(void)
{
  memset(hits, 0, sizeof hits);
  memset(sizes, 0, sizeof sizes);
  atomic_store(&ntasks, 0);
  sum = 0;
}

// Checks exactly-once and the reduction, and returns the number of tasks.
static int check_once(const char *what, uint64_t n)
{
  for (uint64_t k = 0; k < n; k++)
    CHECK(atomic_load(&hits[k]) == 1, "%s, n=%llu: iteration %llu ran %d times", what,
          (unsigned long long)n, (unsigned long long)k, atomic_load(&hits[k]));
  CHECK(sum == (long)(n * (n ? n - 1 : 0) / 2), "%s, n=%llu: sum %ld", what,
        (unsigned long long)n, sum);
  return atomic_load(&ntasks);
}

static void taskloop(uint64_t n, uint64_t count, int flags)
{
  static const struct __omp2numa_task_site site = {"taskloop.c", __LINE__};
  struct ctx ctx = {.magic = 42, .sum = &sum};
  __omp2numa_taskloop(&site, body, &ctx, sizeof ctx, _Alignof(struct ctx), n, count, flags, 0);
  CHECK(ctx.magic == 42, "the encountering task's data block was written");
}

// Sizes present in [lo, hi] only, and their count.
static void check_sizes(const char *what, uint64_t n, uint64_t lo, uint64_t hi, int expect_tasks)
{
  int tasks = check_once(what, n);
  CHECK(tasks == expect_tasks, "%s, n=%llu: %d tasks, expected %d", what, (unsigned long long)n,
        tasks, expect_tasks);
  for (uint64_t k = 0; k <= MAXTASKS; k++)
    if (atomic_load(&sizes[k]) && (k < lo || k > hi))
      CHECK(0, "%s, n=%llu: %llu tasks of %llu iterations, expected sizes %llu..%llu", what,
            (unsigned long long)n, (unsigned long long)atomic_load(&sizes[k]),
            (unsigned long long)k, (unsigned long long)lo, (unsigned long long)hi);
}

static void all_cases(void)
{
  static const uint64_t ns[] = {0, 1, 7, 1000};
  const int nthreads = omp_get_num_threads();
  for (unsigned i = 0; i < sizeof ns / sizeof *ns; i++) {
    const uint64_t n = ns[i];
    // grainsize(3): n/3 tasks (1 if n < 3) of 3..5 (all n if n < 3).
    reset();
    taskloop(n, 3, __OMP2NUMA_TASKLOOP_GRAINSIZE);
    check_sizes("grainsize(3)", n, n < 3 ? n : 3, n < 3 ? n : 5, n == 0 ? 0 : n < 3 ? 1 : (int)(n / 3));
    // grainsize(strict: 3): ceil(n/3) tasks of 3, the last of the rest.
    reset();
    taskloop(n, 3, __OMP2NUMA_TASKLOOP_GRAINSIZE | __OMP2NUMA_TASKLOOP_STRICT);
    check_sizes("grainsize(strict: 3)", n, n % 3 ? n % 3 : 3, 3, (int)((n + 2) / 3));
    CHECK(n % 3 == 0 || atomic_load(&sizes[n % 3]) == 1, "strict: the last task");
    // num_tasks(4): min(4, n) tasks, sizes differ by at most one.
    reset();
    taskloop(n, 4, __OMP2NUMA_TASKLOOP_NUM_TASKS);
    const uint64_t k4 = n < 4 ? n : 4;
    check_sizes("num_tasks(4)", n, k4 ? n / k4 : 0, k4 ? (n + k4 - 1) / k4 : 0, (int)k4);
    // num_tasks(strict: 2000): min(2000, n).
    reset();
    taskloop(n, 2000, __OMP2NUMA_TASKLOOP_NUM_TASKS | __OMP2NUMA_TASKLOOP_STRICT);
    check_sizes("num_tasks(strict: 2000)", n, n ? 1 : 0, n ? 1 : 0, (int)n);
    // Neither: one task per thread of the team.
    reset();
    taskloop(n, 0, 0);
    const uint64_t kt = n < (uint64_t)nthreads ? n : (uint64_t)nthreads;
    check_sizes("default", n, kt ? n / kt : 0, kt ? (n + kt - 1) / kt : 0, (int)kt);
    // nogroup: the taskloop may return first; a taskwait waits for its tasks.
    reset();
    taskloop(n, 10, __OMP2NUMA_TASKLOOP_GRAINSIZE | __OMP2NUMA_TASKLOOP_NOGROUP);
    __omp2numa_taskwait();
    check_once("nogroup", n);
  }
  CHECK(atomic_load(&copies_bad) == 0, "%d tasks saw a bad copy of the data block",
        atomic_load(&copies_bad));
}

// #pragma omp parallel
// #pragma omp single
// all_cases();
static void region(void *data)
{
  (void)data;
  if (__omp2numa_single_start()) {
    all_cases();
    __omp2numa_single_end();
  }
  __omp2numa_barrier();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"taskloop.c", __LINE__, 0, 0};
  for (int rep = 0; rep < 3; rep++)
    __omp2numa_parallel(&site, region, NULL, 0, 1);
  all_cases(); // outside any region: a team of one
  return atomic_load(&num_failed);
}
