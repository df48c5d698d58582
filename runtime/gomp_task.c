/*
 * gomp_task.c -- libgomp's ABI for tasks: GOMP_task, taskwait (with depend), taskyield and
 * taskgroup, for code compiled with gcc -fopenmp (docs/gomp-abi.md).
 *
 * Thin entry points onto task.c and task_depend.c.  A GOMP_task is a task of omp2numa's: its
 * block holds gcc's argument block, which is copied in by gcc's copy function (cpyfn, for
 * firstprivate VLAs and the like) or byte for byte, and its body is gcc's outlined function,
 * which takes the block as its only argument, as omp2numa's do.  gcc's block may need more
 * alignment than a task's block has (a firstprivate array aligned to 256 bytes): it then goes
 * further into a larger block, behind a header that the task's function reads.
 *
 * gcc's depend array comes in two formats (libgomp's task.c describes both):
 *   depend[0] = n != 0, depend[1] = nout, then n addresses: out/inout first, then in;
 *   depend[0] = 0, depend[1] = n, depend[2] = nout, depend[3] = nmutexinoutset,
 *     depend[4] = nin, then n addresses: out/inout, mutexinoutset, in, and last the addresses of
 *     omp_depend_t objects (depobj), which gcc fills in inline with omp2numa's layout: the
 *     address, then the dependence type, with libgomp's values (those of enum
 *     __omp2numa_depend_kind).
 * Both become a list of struct __omp2numa_depend.
 */
#include "gomp.h"

#include <string.h>

/* A task's site, which task.c would name in a fatal message. */
static const struct __omp2numa_task_site gomp_site = {"GOMP_task", 0};

/* The dependence type of the i-th address of gcc's array in the 5.0 format (counts: nout,
   nmutexinoutset, nin; the rest are depend objects). */
static int depend_kind(const void *const *counts, size_t i)
{
  const size_t nout = (uintptr_t)counts[0], nmutex = (uintptr_t)counts[1];
  const size_t nin = (uintptr_t)counts[2];
  if (i < nout)
    return __OMP2NUMA_DEPEND_OUT;
  if (i < nout + nmutex)
    return __OMP2NUMA_DEPEND_MUTEXINOUTSET;
  if (i < nout + nmutex + nin)
    return __OMP2NUMA_DEPEND_IN;
  return __OMP2NUMA_DEPEND_DEPOBJ;
}

/* How many items of a depend clause are converted on the stack: a construct rarely has more. */
enum { DEPEND_STACK = 16 };

/* Converts gcc's depend array to n items, returns n, and sets *items to buf (DEPEND_STACK items)
   when they fit, else to memory from __omp2numa_depend_alloc. */
static size_t gomp_depend(void **depend, struct __omp2numa_depend *buf,
                          struct __omp2numa_depend **items)
{
  const bool v5 = depend[0] == NULL;
  const size_t n = (uintptr_t)(v5 ? depend[1] : depend[0]);
  void **addrs = depend + (v5 ? 5 : 2);
  *items = n <= DEPEND_STACK ? buf : __omp2numa_depend_alloc(n);
  for (size_t i = 0; i < n; i++) {
    const int kind = v5 ? depend_kind((const void *const *)depend + 2, i)
                     : i < (uintptr_t)depend[1] ? __OMP2NUMA_DEPEND_OUT
                                                : __OMP2NUMA_DEPEND_IN;
    (*items)[i] = (struct __omp2numa_depend){addrs[i], kind};
  }
  return n;
}

/* omp2numa's task flags for gcc's (GOMP_TASK_FLAG_*) and if clause. */
static int task_flags(unsigned flags, bool if_clause)
{
  return (if_clause ? 0 : __OMP2NUMA_TASK_UNDEFERRED) |
         (flags & GOMP_TASK_FLAG_FINAL ? __OMP2NUMA_TASK_FINAL : 0) |
         (flags & GOMP_TASK_FLAG_UNTIED ? __OMP2NUMA_TASK_UNTIED : 0) |
         (flags & GOMP_TASK_FLAG_MERGEABLE ? __OMP2NUMA_TASK_MERGEABLE : 0) |
         (flags & GOMP_TASK_FLAG_PRIORITY ? __OMP2NUMA_TASK_PRIORITY : 0) |
         (flags & GOMP_TASK_FLAG_DETACH ? __OMP2NUMA_TASK_DETACH : 0);
}

/* A task whose argument block needs more alignment than a task's block has (a cache line): its
   block starts with this header, and gcc's block follows, aligned, at `offset`. */
struct overaligned {
  o2n_gomp_fn fn;
  size_t offset;
};

static void run_overaligned(void *data)
{
  const struct overaligned *o = data;
  o->fn((char *)data + o->offset);
}

/* Allocates a task for gcc's block of arg_size bytes aligned to arg_align: returns the task's
   block, and sets *arg to where gcc's block goes in it and *body to the task's function. */
static void *task_alloc(o2n_gomp_fn fn, size_t arg_size, size_t arg_align, void **arg,
                        o2n_gomp_fn *body)
{
  *body = fn;
  if (arg_align <= O2N_CACHE_LINE)
    return *arg = __omp2numa_task_alloc(&gomp_site, arg_size, arg_align);
  char *block = __omp2numa_task_alloc(&gomp_site, sizeof(struct overaligned) + arg_align + arg_size,
                                      O2N_CACHE_LINE);
  const uintptr_t at = ((uintptr_t)block + sizeof(struct overaligned) + arg_align - 1) &
                       ~(uintptr_t)(arg_align - 1);
  *(struct overaligned *)block = (struct overaligned){fn, at - (uintptr_t)block};
  *arg = (void *)at;
  *body = run_overaligned;
  return block;
}

O2N_ABI void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                       long arg_size, long arg_align, bool if_clause, unsigned flags,
                       void **depend, int priority, void *detach)
{
  void *arg;
  o2n_gomp_fn body;
  void *block = task_alloc(fn, (size_t)arg_size, (size_t)arg_align, &arg, &body);
  if (flags & GOMP_TASK_FLAG_DETACH) {
    /* As libgomp: the event goes to the clause's variable and to the first word of gcc's block,
       where the task's firstprivate copy of that variable is, before the block is copied. */
    const omp_event_handle_t event = __omp2numa_task_event(block);
    memcpy(detach, &event, sizeof event);
    if (data)
      memcpy(data, &event, sizeof event);
  }
  if (cpyfn)
    cpyfn(arg, data);
  else if (arg_size)
    memcpy(arg, data, (size_t)arg_size);
  struct __omp2numa_depend buf[DEPEND_STACK], *items = buf;
  const size_t n = flags & GOMP_TASK_FLAG_DEPEND ? gomp_depend(depend, buf, &items) : 0;
  /* libgomp suspends the encountering task at an undeferred detached task until the event is
     fulfilled: the taskgroup waits for it (and for the tasks it created, which libgomp would
     leave running). */
  const bool wait_event = !if_clause && (flags & GOMP_TASK_FLAG_DETACH);
  if (wait_event)
    __omp2numa_taskgroup_start();
  __omp2numa_task_submit(block, body, task_flags(flags, if_clause), priority, items, n);
  if (wait_event)
    __omp2numa_taskgroup_end();
  if (items != buf)
    __omp2numa_depend_free(items);
}

O2N_ABI void GOMP_taskwait(void)
{
  __omp2numa_taskwait();
}

O2N_ABI void GOMP_taskwait_depend(void **depend)
{
  struct __omp2numa_depend buf[DEPEND_STACK], *items;
  const size_t n = gomp_depend(depend, buf, &items);
  __omp2numa_taskwait_depend(items, n);
  if (items != buf)
    __omp2numa_depend_free(items);
}

O2N_ABI void GOMP_taskyield(void)
{
  __omp2numa_taskyield();
}

O2N_ABI void GOMP_taskgroup_start(void)
{
  __omp2numa_taskgroup_start();
}

O2N_ABI void GOMP_taskgroup_end(void)
{
  __omp2numa_taskgroup_end();
}
