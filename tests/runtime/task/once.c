// Tasks, hand-lowered: every task runs exactly once, on a thread of its team, and every wait waits
// for what it must: nested tasks (a tree of depth D and fan-out F, each task counting itself),
// taskwait (children only), taskgroup (all descendants, nested groups), tasks pending at an
// explicit barrier, at a loop's barrier, at a reduction and at the end of the region, tasks made
// by every thread at once, undeferred tasks (run at once by the encountering thread), final tasks
// (descendants included and omp_in_final), and tasks outside any region.  Team sizes 1 to 8.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP2NUMA_TOPOLOGY="node:2 core:4 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=active %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { DEPTH = 6, FANOUT = 4, MAX_NODES = 5461 /* (4^7 - 1) / 3 */, REPS = 5 };

static atomic_int hits[MAX_NODES];
static atomic_int team_size; // the size of the team the tasks must run in
static atomic_int wrong_team;

static void spin(int n)
{
  for (volatile int i = 0; i < n; i++)
    ;
}

// A node of the tree: counts itself, creates its children, and waits for them when `wait`.
struct node_ctx {
  int id, depth, wait;
};

static void node(void *data);

static void spawn(int id, int depth, int wait, int flags)
{
  static const struct __omp2numa_task_site site = {"once.c", __LINE__};
  struct node_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct node_ctx));
  *task = (struct node_ctx){id, depth, wait};
  __omp2numa_task_submit(task, node, flags, 0, NULL, 0);
}

static void node(void *data)
{
  const struct node_ctx ctx = *(struct node_ctx *)data;
  atomic_fetch_add(&hits[ctx.id], 1);
  if (omp_get_num_threads() != atomic_load(&team_size) ||
      omp_get_thread_num() >= omp_get_num_threads())
    atomic_fetch_add(&wrong_team, 1);
  spin(ctx.id % 7 * 50);
  if (ctx.depth == DEPTH)
    return;
  for (int c = 1; c <= FANOUT; c++)
    spawn(ctx.id * FANOUT + c, ctx.depth + 1, ctx.wait, 0);
  if (ctx.wait) {
    __omp2numa_taskwait();
    // taskwait waits for the children (which, waiting for theirs, cover the whole subtree).
    for (int c = 1; c <= FANOUT; c++)
      CHECK(atomic_load(&hits[ctx.id * FANOUT + c]) == 1, "node %d: child %d not done at taskwait",
            ctx.id, ctx.id * FANOUT + c);
  }
}

// Every node of the tree (ids 0 .. MAX_NODES-1) ran once.
static void check_tree(const char *what)
{
  for (int i = 0; i < MAX_NODES; i++)
    CHECK(atomic_load(&hits[i]) == 1, "%s: node %d ran %d times", what, i, atomic_load(&hits[i]));
  memset(hits, 0, sizeof hits);
}

static bool tree_done(void)
{
  for (int i = 0; i < MAX_NODES; i++)
    if (atomic_load(&hits[i]) != 1)
      return false;
  return true;
}

enum mode {
  SINGLE_BARRIER,    // single (its barrier), tree without taskwaits
  SINGLE_TASKGROUP,  // single: taskgroup around the root, checked inside the single
  MASKED_END,        // masked, no barrier: the end of the region
  EXPLICIT_BARRIER,  // thread 0 creates, everybody meets at an explicit barrier, then checks
  LOOP_BARRIER,      // tasks created in a loop's iterations; the loop's barrier
  REDUCTION,         // tasks created before a reduction (which contains the barrier)
  NMODES
};

struct region_ctx {
  enum mode mode;
  int sum;
};

static void combine(void *shared, void *partial)
{
  *(int *)shared += *(int *)partial;
}

static void region(void *data)
{
  struct region_ctx *ctx = data;
  switch (ctx->mode) {
  case SINGLE_BARRIER:
    if (__omp2numa_single_start()) {
      spawn(0, 0, 0, 0);
      __omp2numa_single_end();
    }
    __omp2numa_barrier();
    CHECK(tree_done(), "single: the barrier left with tasks pending");
    break;
  case SINGLE_TASKGROUP:
    if (__omp2numa_single_start()) {
      __omp2numa_taskgroup_start();
      __omp2numa_taskgroup_start(); // nested: the inner one waits for the same tree here
      spawn(0, 0, 0, 0);
      __omp2numa_taskgroup_end();
      CHECK(tree_done(), "inner taskgroup: left with descendants pending");
      __omp2numa_taskgroup_end();
      __omp2numa_single_end();
    }
    __omp2numa_barrier();
    break;
  case MASKED_END:
    if (__omp2numa_masked(0))
      spawn(0, 0, 0, 0);
    break;
  case EXPLICIT_BARRIER:
    if (omp_get_thread_num() == omp_get_num_threads() - 1)
      spawn(0, 0, 0, 0);
    __omp2numa_barrier();
    CHECK(tree_done(), "explicit barrier: left with tasks pending");
    __omp2numa_barrier();
    break;
  case LOOP_BARRIER: {
    static struct __omp2numa_loop_site loop = {"once.c", __LINE__, __OMP2NUMA_SCHED_DYNAMIC,
                                               0, 0, 0};
    uint64_t lo, hi;
    // for (k = 1; k <= FANOUT; k++) spawn the subtree of node k, then the root's count
    if (__omp2numa_loop_start(&loop, FANOUT + 1, 0, 0, &lo, &hi)) do {
        for (uint64_t k = lo; k < hi; k++) {
          if (k == 0)
            atomic_fetch_add(&hits[0], 1);
          else
            spawn((int)k, 1, 0, 0);
        }
      } while (__omp2numa_loop_next(&lo, &hi));
    __omp2numa_loop_end();
    CHECK(tree_done(), "loop barrier: left with tasks pending");
    __omp2numa_barrier();
    break;
  }
  case REDUCTION: {
    if (omp_get_thread_num() == 0)
      spawn(0, 0, 0, 0);
    int partial = 1;
    __omp2numa_reduce(&partial, combine, &ctx->sum);
    CHECK(tree_done(), "reduction: left with tasks pending");
    CHECK(ctx->sum == omp_get_num_threads(), "reduction: %d", ctx->sum);
    __omp2numa_barrier();
    break;
  }
  case NMODES:
    break;
  }
}

// Tasks made by every thread at once: each thread a tree of its own, waited for with taskwait.
static atomic_int per_thread[64][64];

struct small_ctx {
  int tid, k;
};

static void small(void *data)
{
  struct small_ctx *ctx = data;
  atomic_fetch_add(&per_thread[ctx->tid][ctx->k], 1);
}

static void region_all(void *data)
{
  (void)data;
  const int tid = omp_get_thread_num();
  for (int k = 0; k < 64; k++) {
    static const struct __omp2numa_task_site site = {"once.c", __LINE__};
    struct small_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, 4);
    *task = (struct small_ctx){tid, k};
    __omp2numa_task_submit(task, small, 0, 0, NULL, 0);
  }
  __omp2numa_taskwait();
  for (int k = 0; k < 64; k++)
    CHECK(atomic_load(&per_thread[tid][k]) == 1, "thread %d: task %d ran %d times", tid, k,
          atomic_load(&per_thread[tid][k]));
}

// Undeferred and final.
struct flag_ctx {
  pthread_t creator;
  int *ran;
  int expect_final;
};

static void undeferred_body(void *data)
{
  struct flag_ctx *ctx = data;
  CHECK(pthread_equal(pthread_self(), ctx->creator), "an undeferred task ran on another thread");
  CHECK(omp_in_final() == ctx->expect_final, "omp_in_final() = %d", omp_in_final());
  (*ctx->ran)++;
}

static void final_body(void *data)
{
  struct flag_ctx *ctx = data;
  CHECK(omp_in_final(), "a final task: omp_in_final() = 0");
  // Its child is included: it runs at once, on this thread, and is final too.
  int ran = 0;
  static const struct __omp2numa_task_site site = {"once.c", __LINE__};
  struct flag_ctx *child = __omp2numa_task_alloc(&site, sizeof *child, _Alignof(struct flag_ctx));
  *child = (struct flag_ctx){pthread_self(), &ran, 1};
  __omp2numa_task_submit(child, undeferred_body, 0, 0, NULL, 0);
  CHECK(ran == 1, "a final task's child did not run at once");
  (*ctx->ran)++;
}

static void region_flags(void *data)
{
  (void)data;
  CHECK(!omp_in_final(), "implicit task: omp_in_final() = 1");
  int ran = 0;
  static const struct __omp2numa_task_site site = {"once.c", __LINE__};
  struct flag_ctx *task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct flag_ctx));
  *task = (struct flag_ctx){pthread_self(), &ran, 0};
  __omp2numa_task_submit(task, undeferred_body, __OMP2NUMA_TASK_UNDEFERRED, 0, NULL, 0);
  CHECK(ran == 1, "an undeferred task did not run at once");
  int fran = 0;
  task = __omp2numa_task_alloc(&site, sizeof *task, _Alignof(struct flag_ctx));
  *task = (struct flag_ctx){pthread_self(), &fran, 1};
  __omp2numa_task_submit(task, final_body, __OMP2NUMA_TASK_FINAL, 0, NULL, 0);
  __omp2numa_taskwait();
  CHECK(fran == 1, "a final task did not run");
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"once.c", __LINE__, 0, 0};
  const char *names[NMODES] = {"single", "taskgroup", "masked", "explicit barrier", "loop",
                               "reduction"};
  atomic_store(&team_size, omp_get_max_threads());
  for (int rep = 0; rep < REPS; rep++) {
    for (int mode = 0; mode < NMODES; mode++) {
      struct region_ctx ctx = {(enum mode)mode, 0};
      __omp2numa_parallel(&site, region, &ctx, 0, 1);
      check_tree(names[mode]);
    }
    memset(per_thread, 0, sizeof per_thread);
    __omp2numa_parallel(&site, region_all, NULL, 0, 1);
    __omp2numa_parallel(&site, region_flags, NULL, 0, 1);
  }
  CHECK(atomic_load(&wrong_team) == 0, "%d tasks ran outside their team",
        atomic_load(&wrong_team));

  // Outside any region: a team of one; every task runs at once, in creation order.
  atomic_store(&team_size, 1);
  spawn(0, 0, 1, 0);
  check_tree("outside a region");
  __omp2numa_taskgroup_start();
  spawn(0, 0, 0, 0);
  __omp2numa_taskgroup_end();
  check_tree("outside a region, taskgroup");
  region_flags(NULL);
  CHECK(atomic_load(&wrong_team) == 0, "%d tasks ran outside their team",
        atomic_load(&wrong_team));
  return atomic_load(&num_failed);
}
