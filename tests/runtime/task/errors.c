// Tasks: misuse the runtime can detect stops the program with a message naming the construct.
//
// RUN: %rt-cc %s %rt-link -o %t
// RUN: not %o2n-run %t align 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: omp2numa: errors.c:17: a task's data needs an alignment of 128 bytes; at most 64 is supported
// RUN: not %o2n-run %t grainsize 2>&1 | FileCheck %s --check-prefix=GRAIN
// GRAIN: omp2numa: errors.c:18: grainsize(0): the value must be positive
// RUN: not %o2n-run %t taskgroup 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: omp2numa: __omp2numa_taskgroup_end without __omp2numa_taskgroup_start in the same task
// RUN: not %o2n-run %t fulfil 2>&1 | FileCheck %s --check-prefix=FULFIL
// FULFIL: omp2numa: omp_fulfill_event: {{.*}} is not the event of a task with a detach clause
#include <omp.h>
#include <omp2numa-abi.h>
#include <string.h>

static const struct __omp2numa_task_site task_site = {"errors.c", 17};
static const struct __omp2numa_task_site loop_site = {"errors.c", 18};

static void body(void *data, uint64_t lo, uint64_t hi)
{
  (void)data, (void)lo, (void)hi;
}

static void noop(void *data)
{
  (void)data;
}

int main(int argc, char **argv)
{
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "align"))
    __omp2numa_task_alloc(&task_site, 8, 128);
  if (!strcmp(what, "grainsize"))
    __omp2numa_taskloop(&loop_site, body, NULL, 0, 1, 10, 0, __OMP2NUMA_TASKLOOP_GRAINSIZE, 0);
  if (!strcmp(what, "taskgroup"))
    __omp2numa_taskgroup_end();
  if (!strcmp(what, "fulfil")) {
    // The event of a task that has no detach clause (allocated, not submitted yet).
    void *data = __omp2numa_task_alloc(&task_site, 8, 8);
    omp_fulfill_event((omp_event_handle_t)__omp2numa_task_event(data));
    __omp2numa_task_submit(data, noop, 0, 0, NULL, 0);
  }
  return 0;
}
