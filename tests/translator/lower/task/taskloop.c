// taskloop: the trip count is computed where the construct is (its bounds read the variables
// there); the context carries the first value and step, and each task runs logical iterations
// [__o2n_lo, __o2n_hi) with its own copy.  lastprivate is written back by the task that ran the
// last iteration; reduction partials are combined at each task's end.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %strip-checks %t.c | FileCheck %s --check-prefix=TASK
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// DIAG-NOT: error

int loops(int n, int m, int x) {
  int last = -1, j, total = 0;
  long i;
  static int cnt[10][7];
#pragma omp parallel
#pragma omp single
  {
// CHECK:      const long __o2n_lb = (0);
// CHECK-NEXT: const long __o2n_ub = (n);
// CHECK:      struct __o2n_ctx_[[#TL:]] __o2n_args = {.i = &(*i), .last = &(*last), .x = x, .__o2n_lb = __o2n_lb, .__o2n_step = __o2n_step, .__o2n_n = __o2n_n};
// CHECK-NEXT: #line [[#@LINE+2]]
// CHECK-NEXT: __omp2numa_taskloop(&__o2n_site, __o2n_taskloop_[[#TL]], &__o2n_args, sizeof __o2n_args, _Alignof(struct __o2n_ctx_[[#TL]]), __o2n_n, (uint64_t)(3), __OMP2NUMA_TASKLOOP_NOGROUP | __OMP2NUMA_TASKLOOP_NUM_TASKS | __OMP2NUMA_TASKLOOP_STRICT, 0);
#pragma omp taskloop lastprivate(i, last) firstprivate(x) num_tasks(strict: 3) nogroup
    for (i = 0; i < n; i++)
      last = (int)i * x;
#pragma omp taskwait
// CHECK: __omp2numa_taskloop({{.*}}, (uint64_t)(4), __OMP2NUMA_TASKLOOP_GRAINSIZE, 0);
#pragma omp taskloop collapse(2) grainsize(4) reduction(+: total)
    for (int a = 0; a < n; a++)
      for (j = m - 1; j >= 0; j--) {
        cnt[a][j]++;
        total += 1;
      }
  }
  return total + last;
}
// TASK: static void __o2n_taskloop_{{[0-9]+}}(void *__o2n_data, uint64_t __o2n_lo, uint64_t __o2n_hi){{$}}
// TASK:        int last;
// TASK-NEXT:   long i;
// TASK-NEXT:   for (uint64_t __o2n_k = __o2n_lo; __o2n_k < __o2n_hi; ++__o2n_k) {
// TASK-NEXT:       i = (long)((uint64_t)__o2n_lb + __o2n_k * __o2n_step);
// TASK:        if (__o2n_hi == __o2n_n && __o2n_lo < __o2n_hi) {
// TASK-NEXT:     *__o2n_ctx->i = (long)((uint64_t)__o2n_lb + __o2n_n * __o2n_step);
// TASK-NEXT:     *__o2n_ctx->last = last;
// TASK: static void __o2n_taskloop_{{[0-9]+}}(void *__o2n_data, uint64_t __o2n_lo, uint64_t __o2n_hi){{$}}
// TASK:        const uint64_t __o2n_n_1 = __o2n_ctx->__o2n_n_1;
// TASK:        int total = 0;
// TASK:        uint64_t __o2n_rest = __o2n_k;
// TASK:        __omp2numa_task_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);
