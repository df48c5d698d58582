// in_reduction over an array section through a pointer: the task keeps the pointer's value
// (the pointer may be gone when the task runs), its target is the section's first element
// from that value.  A task whose body may create tasks (a call, a task construct) waits for
// its children before combining: they may reduce into its private copy through a pointer.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

void more(long *p, int n);

// CHECK-LABEL: void leaf(
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.i = i, .n = n, .p = p}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// The task's function: no call in its body, no wait.
// CHECK-LABEL: static void __o2n_task_{{[0-9]+}}(void *__o2n_data)
// CHECK: __o2n_tgt = {.p = (long *)__o2n_ctx->p + __o2n_lb_p};
// CHECK: long *p = (long *)(__o2n_sec_p - __o2n_lb_p);
// CHECK: p[1 + i % n] += i;
// CHECK-NEXT: {
// CHECK-NEXT: __o2n_part
// CHECK-NEXT: __o2n_tgt.p = __omp2numa_task_reduction_target(__o2n_tgt.p);
// CHECK-NEXT: __omp2numa_task_reduce(
void leaf(long *p, int n, int i) {
#pragma omp task in_reduction(+: p[1:n])
  p[1 + i % n] += i;
}

// CHECK-LABEL: void caller(
// CHECK: __builtin_memcpy(__o2n_task, &(struct __o2n_ctx_{{[0-9]+}}){.n = n, .p = p}, sizeof(struct __o2n_ctx_{{[0-9]+}}));
// The task's function calls a function: it waits for its children.
// CHECK-LABEL: static void __o2n_task_{{[0-9]+}}(void *__o2n_data)
// CHECK: __o2n_tgt = {.p = (long *)__o2n_ctx->p + __o2n_lb_p};
// CHECK: more(p, n);
// CHECK: __omp2numa_taskwait();
// CHECK-NEXT: {
// CHECK-NEXT: __o2n_part
// CHECK-NEXT: __o2n_tgt.p = __omp2numa_task_reduction_target(__o2n_tgt.p);
// CHECK-NEXT: __omp2numa_task_reduce(
void caller(long *p, int n) {
#pragma omp task in_reduction(+: p[0:n])
  {
    p[0]++;
    more(p, n);
  }
}
