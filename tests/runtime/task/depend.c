// Dependences, hand-lowered: sibling tasks run in the order their depend clauses impose, and
// only that order is imposed.  Each task records when it started and ended on one global clock
// (a counter), so "A before B" is end(A) < start(B).  Chains of out and inout, in after out and
// out after in, a diamond, an inoutset group between writers and readers, mutexinoutset members
// that must never overlap, depobj (out, updated to in, destroyed), the same address twice in one
// clause, a list from __omp2numa_depend_alloc (an iterator's), taskwait depend (waits for its
// predecessors, not for other tasks), and dependences on a detached task.  Every thread creates
// tasks in some phases.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 %o2n-run %t
// RUN: env OMP_NUM_THREADS=5 OMP_WAIT_POLICY=passive %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

enum { MAXT = 64, REPS = 20 };

static atomic_int clock_;
static atomic_int start[MAXT], end[MAXT];
static atomic_int inside;      // mutexinoutset members running now
static atomic_int overlaps;    // ... seen at once
static int x, y, z, w;         // the addresses that the clauses name

static void spin(int n)
{
  for (volatile int i = 0; i < n; i++)
    ;
}

struct ctx {
  int id;
  int mutex;   // a mutexinoutset member: checks that no other member runs
};

static void body(void *data)
{
  struct ctx *ctx = data;
  atomic_store(&start[ctx->id], atomic_fetch_add(&clock_, 1) + 1);
  if (ctx->mutex && atomic_fetch_add(&inside, 1) != 0)
    atomic_fetch_add(&overlaps, 1);
  spin((ctx->id * 37) % 5 * 400);
  if (ctx->mutex)
    atomic_fetch_sub(&inside, 1);
  atomic_store(&end[ctx->id], atomic_fetch_add(&clock_, 1) + 1);
}

// #pragma omp task depend(...)  { body(id) }
static void task(int id, int mutex, int flags, const struct __omp2numa_depend *deps, size_t n)
{
  static const struct __omp2numa_task_site site = {"depend.c", __LINE__};
  struct ctx *t = __omp2numa_task_alloc(&site, sizeof *t, _Alignof(struct ctx));
  *t = (struct ctx){id, mutex};
  __omp2numa_task_submit(t, body, flags, 0, deps, n);
}

#define DEP(var, kind) ((struct __omp2numa_depend){(void *)&(var), __OMP2NUMA_DEPEND_##kind})

static void before(int a, int b, const char *what)
{
  CHECK(atomic_load(&end[a]) != 0 && atomic_load(&start[b]) != 0 &&
            atomic_load(&end[a]) < atomic_load(&start[b]),
        "%s: task %d (end %d) not before task %d (start %d)", what, a, atomic_load(&end[a]), b,
        atomic_load(&start[b]));
}

static void reset(void)
{
  atomic_store(&clock_, 0);
  for (int i = 0; i < MAXT; i++) {
    atomic_store(&start[i], 0);
    atomic_store(&end[i], 0);
  }
}

// The dependences of one generating task; checked after its taskwait.
static void generate(void)
{
  reset();
  // Chain: 0 out, 1..4 inout, 5 out, on x.
  task(0, 0, 0, &DEP(x, OUT), 1);
  for (int i = 1; i <= 4; i++)
    task(i, 0, 0, &DEP(x, INOUT), 1);
  task(5, 0, 0, &DEP(x, OUT), 1);
  // Readers and writers on y: 10 out; 11..14 in; 15 out; 16 in.
  task(10, 0, 0, &DEP(y, OUT), 1);
  for (int i = 11; i <= 14; i++)
    task(i, 0, 0, &DEP(y, IN), 1);
  task(15, 0, 0, &DEP(y, OUT), 1);
  task(16, 0, 0, &DEP(y, IN), 1);
  // Diamond on z, w: 20 out(z); 21 in(z) out(w); 22 in(z) inout(x2); 23 in(w) in(x2).
  static int x2;
  task(20, 0, 0, &DEP(z, OUT), 1);
  task(21, 0, 0, (struct __omp2numa_depend[]){DEP(z, IN), DEP(w, OUT)}, 2);
  task(22, 0, 0, (struct __omp2numa_depend[]){DEP(z, IN), DEP(x2, INOUT)}, 2);
  task(23, 0, 0, (struct __omp2numa_depend[]){DEP(w, IN), DEP(x2, IN)}, 2);
  // An iterator's list on the heap: 24..27 out(v[k]); 28 depend(iterator(k = 0 : 4), in: v[k]).
  static int v[4];
  for (int k = 0; k < 4; k++)
    task(24 + k, 0, 0, &DEP(v[k], OUT), 1);
  struct __omp2numa_depend *deps = __omp2numa_depend_alloc(4);
  for (int k = 0; k < 4; k++)
    deps[k] = DEP(v[k], IN);
  task(28, 0, 0, deps, 4);
  __omp2numa_depend_free(deps);
  // inoutset on a: 30 out; 31..34 inoutset; 35 in; 36 inoutset (a new group, after 35); 37 out.
  static int a;
  task(30, 0, 0, &DEP(a, OUT), 1);
  for (int i = 31; i <= 34; i++)
    task(i, 0, 0, &DEP(a, INOUTSET), 1);
  task(35, 0, 0, &DEP(a, IN), 1);
  task(36, 0, 0, &DEP(a, INOUTSET), 1);
  task(37, 0, 0, &DEP(a, OUT), 1);
  // mutexinoutset on b: 40 out; 41..48 mutexinoutset (never two at once); 49 in.
  static int b;
  task(40, 0, 0, &DEP(b, OUT), 1);
  for (int i = 41; i <= 48; i++)
    task(i, 1, 0, &DEP(b, MUTEXINOUTSET), 1);
  task(49, 0, 0, &DEP(b, IN), 1);
  // depobj on c: o = depobj(c, out): 50 depobj(o); update(o, in): 51, 52 depobj(o); 53 out(c).
  static int c;
  omp_depend_t o;
  __omp2numa_depobj_init(&o, &c, __OMP2NUMA_DEPEND_OUT);
  task(50, 0, 0, &DEP(o, DEPOBJ), 1);
  __omp2numa_depobj_update(&o, __OMP2NUMA_DEPEND_IN);
  task(51, 0, 0, &DEP(o, DEPOBJ), 1);
  task(52, 0, 0, &DEP(o, DEPOBJ), 1);
  __omp2numa_depobj_destroy(&o);
  task(53, 0, 0, &DEP(c, OUT), 1);
  // The same address twice in one clause (in and out): no dependence on itself.
  static int d;
  task(55, 0, 0, (struct __omp2numa_depend[]){DEP(d, IN), DEP(d, OUT)}, 2);
  task(56, 0, 0, &DEP(d, IN), 1);
  // An undeferred task waits for its predecessors, then runs at once.
  static int e;
  task(58, 0, 0, &DEP(e, OUT), 1);
  task(59, 0, __OMP2NUMA_TASK_UNDEFERRED, &DEP(e, IN), 1);
  before(58, 59, "undeferred after out");

  __omp2numa_taskwait();
  for (int i = 0; i < 5; i++)
    before(i, i + 1, "chain on x");
  for (int i = 11; i <= 14; i++) {
    before(10, i, "in after out");
    before(i, 15, "out after in");
  }
  before(15, 16, "in after out");
  before(20, 21, "diamond");
  before(20, 22, "diamond");
  before(21, 23, "diamond");
  before(22, 23, "diamond");
  for (int i = 31; i <= 34; i++) {
    before(30, i, "inoutset after out");
    before(i, 35, "in after inoutset");
    before(i, 36, "inoutset after in after inoutset");
  }
  for (int i = 24; i <= 27; i++)
    before(i, 28, "in over an iterator after out");
  before(35, 36, "inoutset after in");
  before(36, 37, "out after inoutset");
  for (int i = 41; i <= 48; i++) {
    before(40, i, "mutexinoutset after out");
    before(i, 49, "in after mutexinoutset");
  }
  before(50, 51, "depobj in after depobj out");
  before(50, 52, "depobj in after depobj out");
  before(51, 53, "out after depobj in");
  before(52, 53, "out after depobj in");
  before(55, 56, "in after in+out");
  CHECK(atomic_load(&overlaps) == 0, "mutexinoutset members overlapped %d times",
        atomic_load(&overlaps));
}

// taskwait depend waits for the tasks it names, not for the others: 60 out(x) must be done when
// it returns; 61 in(z) depends on a detached task 62 out(z) whose event is fulfilled only after
// the taskwait (waiting for 61 would never end; in a team of one, 61 waits in the deque).
static omp_event_handle_t event;

static void detached_body(void *data)
{
  struct ctx *ctx = data;
  atomic_store(&start[ctx->id], atomic_fetch_add(&clock_, 1) + 1);
}

static void taskwait_depend(void)
{
  reset();
  static const struct __omp2numa_task_site site = {"depend.c", __LINE__};
  struct ctx *t = __omp2numa_task_alloc(&site, sizeof *t, _Alignof(struct ctx));
  event = (omp_event_handle_t)__omp2numa_task_event(t);
  *t = (struct ctx){62, 0};
  __omp2numa_task_submit(t, detached_body, __OMP2NUMA_TASK_DETACH, 0, &DEP(z, OUT), 1);
  task(61, 0, 0, &DEP(z, IN), 1);
  task(60, 0, 0, &DEP(x, OUT), 1);
  __omp2numa_taskwait_depend(&DEP(x, IN), 1);
  CHECK(atomic_load(&end[60]) != 0, "taskwait depend(in: x) returned before the out(x) task");
  CHECK(atomic_load(&start[61]) == 0, "a task ran before its detached predecessor completed");
  // 62 completes now: its "end" is the fulfilment.
  atomic_store(&end[62], atomic_fetch_add(&clock_, 1) + 1);
  omp_fulfill_event(event);
  __omp2numa_taskwait();
  before(62, 61, "in after a detached out");
}

static void region(void *data)
{
  (void)data;
  // Every thread generates its own families (the tables are per parent).
  if (omp_get_thread_num() == 0) {
    generate();
    taskwait_depend();
  }
  __omp2numa_barrier();
  if (__omp2numa_single_start()) {
    // #pragma omp task { generate(); }  -- an explicit task's children
    __omp2numa_taskgroup_start();
    static const struct __omp2numa_task_site site = {"depend.c", __LINE__};
    void *t = __omp2numa_task_alloc(&site, 0, 1);
    __omp2numa_task_submit(t, (__omp2numa_task_fn)(void (*)(void))generate, 0, 0, NULL, 0);
    __omp2numa_taskgroup_end();
    __omp2numa_single_end();
  }
  __omp2numa_barrier();
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"depend.c", __LINE__, 0, 0};
  for (int rep = 0; rep < REPS; rep++)
    __omp2numa_parallel(&site, region, NULL, 0, 1);
  // Outside any region (a team of one).
  generate();
  taskwait_depend();
  return atomic_load(&num_failed);
}
