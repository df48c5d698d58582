// Task blocks and dependence records, hand-lowered: a task's data block holds what its creator
// wrote, whichever thread runs it and however often blocks are reused.  Tasks of every block size
// (each free list's and beyond, up to 4000 bytes of data) made by thread 0 alone and run by the
// team (stolen in batches, their blocks given back to thread 0 by the threads that ran them), and
// made by every thread at once; a writer with more successors than the spare room of its block
// (the readers after it), then a writer after the readers; and a run of dependences on many
// addresses, in many regions (the entries of the dependence table reused).
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: env OMP_NUM_THREADS=1 %o2n-run %t
// RUN: env OMP_NUM_THREADS=2 %o2n-run %t
// RUN: env OMP_NUM_THREADS=3 %o2n-run %t
// RUN: env OMP_NUM_THREADS=4 OMP2NUMA_TOPOLOGY="node:2 core:2 pu:1" %o2n-run %t
// RUN: env OMP_NUM_THREADS=8 OMP_WAIT_POLICY=passive %o2n-run %t
//
// Under ThreadSanitizer, which must report nothing.
// RUN: %if tsan %{ %rt-tsan-cc %s %rt-tsan-link -o %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=2 %o2n-tsan-run %t.tsan %}
// RUN: %if tsan %{ env OMP_NUM_THREADS=4 %o2n-tsan-run %t.tsan %}
#include "../Inputs/check.h"

#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

enum { NTASKS = 4000, REPS = 8, NSIZES = 5, READERS = 100, NADDR = 300 };

// Data sizes: in the first three free lists (blocks of 256, 512, 1024 bytes with the header),
// and beyond them (a block from malloc).
static const int sizes[NSIZES] = {8, 200, 600, 1500, 4000};

static atomic_int ran[NTASKS];

// A task's data: its number, the task that must have run before it (or -1), then a pattern
// derived from its number up to its size.
struct data {
  int id, after, size;
  unsigned char bytes[];
};

static unsigned char pattern(int id, int i)
{
  return (unsigned char)(id * 31 + i * 7);
}

static void body(void *p)
{
  const struct data *d = p;
  int bad = 0;
  for (int i = 0; i < d->size; i++)
    bad += d->bytes[i] != pattern(d->id, i);
  CHECK(bad == 0, "task %d: %d of its %d bytes differ from what its creator wrote", d->id, bad,
        d->size);
  CHECK(d->after < 0 || atomic_load(&ran[d->after]) == 1, "task %d ran before task %d", d->id,
        d->after);
  atomic_fetch_add(&ran[d->id], 1);
}

// #pragma omp task firstprivate(<size bytes>) depend(deps)  { body }
static void spawn(int id, int after, const struct __omp2numa_depend *deps, size_t ndeps)
{
  static const struct __omp2numa_task_site site = {"blocks.c", __LINE__};
  const int size = sizes[id % NSIZES];
  struct data *d = __omp2numa_task_alloc(&site, sizeof *d + (size_t)size, _Alignof(struct data));
  d->id = id;
  d->after = after;
  d->size = size;
  for (int i = 0; i < size; i++)
    d->bytes[i] = pattern(id, i);
  __omp2numa_task_submit(d, body, 0, 0, deps, ndeps);
}

static void check_ran(const char *what, int n)
{
  for (int id = 0; id < n; id++) {
    CHECK(atomic_load(&ran[id]) == 1, "%s: task %d ran %d times", what, id,
          atomic_load(&ran[id]));
    atomic_store(&ran[id], 0);
  }
}

// #pragma omp parallel { #pragma omp masked { tasks } }: one creator, the team runs them.
static void region_masked(void *arg)
{
  (void)arg;
  if (omp_get_thread_num() == 0)
    for (int id = 0; id < NTASKS; id++)
      spawn(id, -1, NULL, 0);
}

// #pragma omp parallel { tasks; taskwait }: every thread creates its share.
static void region_all(void *arg)
{
  (void)arg;
  const int t = omp_get_thread_num(), n = omp_get_num_threads();
  for (int id = t; id < NTASKS; id += n)
    spawn(id, -1, NULL, 0);
  __omp2numa_taskwait();
}

#define DEP(var, kind) ((struct __omp2numa_depend){(void *)&(var), __OMP2NUMA_DEPEND_##kind})

static int x, cells[NADDR];
static atomic_int readers_done, writer_early;

static void reader(void *p)
{
  body(p);
  atomic_fetch_add(&readers_done, 1);
}

static void last_writer(void *p)
{
  body(p);
  if (atomic_load(&readers_done) != READERS)
    atomic_fetch_add(&writer_early, 1);
}

// #pragma omp task depend(kind: var) { fn }, with a data block of the smallest size.
static void spawn_small(int id, int after, __omp2numa_task_fn fn,
                        const struct __omp2numa_depend *deps, size_t ndeps)
{
  static const struct __omp2numa_task_site site = {"blocks.c", __LINE__};
  struct data *d = __omp2numa_task_alloc(&site, sizeof *d, _Alignof(struct data));
  *d = (struct data){id, after, 0};
  __omp2numa_task_submit(d, fn, 0, 0, deps, ndeps);
}

// A writer with READERS successors, which must all wait for it, and the next writer for all of
// them.  Then out(cells[k]) and in(cells[k]) in(x) on NADDR addresses: each reader after its
// writer.
static void region_depend(void *arg)
{
  (void)arg;
  if (omp_get_thread_num() != 0)
    return;
  spawn(0, -1, &DEP(x, OUT), 1);
  for (int r = 1; r <= READERS; r++)
    spawn_small(r, 0, reader, &DEP(x, IN), 1);
  spawn_small(READERS + 1, 0, last_writer, &DEP(x, OUT), 1);
  for (int k = 0; k < NADDR; k++) {
    const int w = READERS + 2 + 2 * k;
    spawn(w, -1, &DEP(cells[k], OUT), 1);
    spawn(w + 1, w, (struct __omp2numa_depend[]){DEP(cells[k], IN), DEP(x, IN)}, 2);
  }
  __omp2numa_taskwait();
  CHECK(atomic_load(&readers_done) == READERS, "%d readers ran, want %d",
        atomic_load(&readers_done), READERS);
  CHECK(atomic_load(&writer_early) == 0, "the last writer ran before every reader had");
  atomic_store(&readers_done, 0);
  atomic_store(&writer_early, 0);
}

int main(void)
{
  static const struct __omp2numa_region_site site = {"blocks.c", __LINE__, 0, 0};
  for (int rep = 0; rep < REPS; rep++) {
    __omp2numa_parallel(&site, region_masked, NULL, 0, 1);
    check_ran("masked creator", NTASKS);
    __omp2numa_parallel(&site, region_all, NULL, 0, 1);
    check_ran("every thread a creator", NTASKS);
    __omp2numa_parallel(&site, region_depend, NULL, 0, 1);
    check_ran("dependences", READERS + 2 + 2 * NADDR);
  }
  return atomic_load(&num_failed);
}
