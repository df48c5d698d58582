// A task's clauses: flags evaluated where the task is created, its dependences as (address, type)
// pairs (an array section's first element), detach's event stored before the block copies it,
// in_reduction's private copy combined at the task's end.  taskwait with depend waits for the
// named predecessors; taskyield and taskgroup are calls around nothing or the group's block.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=TASK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error
#include <omp.h>

void clauses(int n, int *a, double (*m)[8], int cut) {
  omp_event_handle_t ev;
  int sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: sum)
    {
// (Variables shared by the region are reached through its pointers: a is (*a).)
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.a = &(*a), .sum = &(*sum)}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// CHECK-NEXT: #line [[#@LINE+3]]
// CHECK-NEXT: __o2n_deps[] = {{[{][{]}}(void *)&((*a) [ 0 ]), __OMP2NUMA_DEPEND_IN}, {(void *)&((*a) [ (*n) - 1 ]), __OMP2NUMA_DEPEND_OUT}, {(void *)&((*m) [ 2 ] [ 0 ]), __OMP2NUMA_DEPEND_INOUT}, {(void *)&(( * (*m) ) [ 1 ]), __OMP2NUMA_DEPEND_MUTEXINOUTSET{{[}][}]}};
// CHECK-NEXT: __omp2numa_task_submit(__o2n_task, __o2n_task_{{[0-9]+}}, (((*n) > cut) ? 0 : __OMP2NUMA_TASK_UNDEFERRED) | (((*n) < 4) ? __OMP2NUMA_TASK_FINAL : 0) | __OMP2NUMA_TASK_UNTIED | __OMP2NUMA_TASK_MERGEABLE | __OMP2NUMA_TASK_PRIORITY, (int)((__typeof__(((*n) % 3) % 1))((*n) % 3)), __o2n_deps, 4);
#pragma omp task if(task: n > cut) final(n < 4) untied mergeable priority(n % 3) depend(in: a[0:n]) depend(out: a[n-1]) depend(inout: m[2][:8]) depend(mutexinoutset: (*m)[1]) in_reduction(+: sum)
      sum += a[0];
// CHECK: (*ev) = (omp_event_handle_t)__omp2numa_task_event(__o2n_task);
// CHECK-NEXT: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.a = &(*a), .ev = (*ev)}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// CHECK-NEXT: #line [[#@LINE+4]]
// CHECK-NEXT: {{^}} (void)sizeof((void *)&((*a) [ 0 ]));{{$}}
// CHECK-NEXT: #line [[#@LINE+2]]
// CHECK-NEXT: __omp2numa_task_submit(__o2n_task, __o2n_task_{{[0-9]+}}, __OMP2NUMA_TASK_DETACH, 0, (const struct __omp2numa_depend *)0, 0);
#pragma omp task detach(ev) affinity(a[0:n])
      a[0] = (int)ev;
    }
// CHECK: __o2n_deps[] = {{[{][{]}}(void *)&((*a) [ 0 ]), __OMP2NUMA_DEPEND_IN{{[}][}]}};
// CHECK-NEXT: __omp2numa_taskwait_depend(__o2n_deps, 1);
#pragma omp taskwait depend(in: a[0])
// CHECK: __omp2numa_taskyield();
#pragma omp taskyield
  }
}
// TASK: static void __o2n_task_{{[0-9]+}}(void *__o2n_data){{$}}
// TASK:         struct __o2n_redtgt_{{[0-9]+}} __o2n_tgt = {.sum = __o2n_ctx->sum};
// TASK-NEXT:    int sum = 0;
// TASK:         __omp2numa_task_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
