// parallel masked taskloop: split into a parallel region and the masked taskloop in it, both on
// the one pragma.  num_threads and if(parallel:) go to the region; filter, lastprivate,
// reduction and grainsize to the taskloop, whose lastprivate and reduction variables the region
// shares (gcc's split).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void f(int n, int *a)
// CHECK: struct __o2n_ctx_[[#R:]]_1 __o2n_args = {.n = n, .last = last, .sum = sum, .a = a};
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[#R]]_1, &__o2n_args, (int)(n), !!(n > 1));
// CHECK: static void __o2n_taskloop_[[#R]](void *__o2n_data, uint64_t __o2n_lo, uint64_t __o2n_hi)
// CHECK: *__o2n_ctx->last = last;
// CHECK: __omp2numa_task_reduce(&__o2n_part, __o2n_combine_[[#R]], &__o2n_tgt);
// CHECK: static void __o2n_region_[[#R]]_1(void *__o2n_data){{$}}
// CHECK: int *const last = &__o2n_ctx->last;
// CHECK-NEXT: long *const sum = &__o2n_ctx->sum;
// CHECK: if (__omp2numa_masked((int)(1))) {
// CHECK: struct __o2n_ctx_[[#R]] __o2n_args = {.a = a, .last = &(*last), .sum = &(*sum),
// CHECK: __omp2numa_taskloop(&__o2n_site, __o2n_taskloop_[[#R]], {{.*}}, (uint64_t)(4), __OMP2NUMA_TASKLOOP_GRAINSIZE, 0);
void f(int n, int *a) {
  int last = 0;
  long sum = 0;
#pragma omp parallel masked taskloop num_threads(n) filter(1) lastprivate(last) reduction(+: sum) grainsize(4) if(parallel: n > 1)
  for (int i = 0; i < n; i++) {
    last = a[i];
    sum += i;
  }
}
