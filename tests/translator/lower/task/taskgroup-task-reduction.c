// A taskgroup with task_reduction keeps an accumulator for each list item, initialised as a
// task's in_reduction copy (the identity, a declare reduction's initializer, every element of an
// array or a section), registers the items with the runtime, and combines the accumulators into
// the originals after its end; the body keeps using the originals.  Its in_reduction tasks point
// their targets at the accumulators when they combine; one of a `reduction(task, ...)` does not.
// A declare reduction's item has no accumulator: its combiner may expect omp_out to be the
// original (GCC's task-reduction-2.c), and its tasks combine into it.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

struct span {
  long sum;
  int hi;
};
#pragma omp declare reduction(merge: struct span: omp_out.sum += omp_in.sum) \
    initializer(omp_priv = {0, -1})

// CHECK-LABEL: void items(long *p, int n) {
// CHECK:      /* omp2numa: #pragma omp taskgroup task_reduction ( + : x , a ) task_reduction ( max : m ) task_reduction ( merge : s ) task_reduction ( * : p [ 1 : n ] ) */
// CHECK-NEXT: {
// CHECK:      struct __o2n_redtgt_[[TG:[0-9]+]] __o2n_tgt = {.x = &x, .a = (int *)&a, .m = &m, .p = (long *)(*&p) + __o2n_lb_p};
// CHECK-NEXT: long __o2n_acc_x = 0;
// CHECK-NEXT: int __o2n_acc_a[4];
// CHECK-NEXT: for (size_t __o2n_e = 0; __o2n_e < 4; ++__o2n_e) {
// CHECK-NEXT:   ((int *)__o2n_acc_a)[__o2n_e] = 0;
// CHECK-NEXT: }
// CHECK-NEXT: double __o2n_acc_m = -__builtin_inf();
// CHECK-NEXT: long *const __o2n_sec_p = (long *)__omp2numa_reduction_alloc(__o2n_len_p, sizeof(long));
// CHECK-NEXT: for (size_t __o2n_e = 0; __o2n_e < __o2n_len_p; ++__o2n_e) {
// CHECK-NEXT:   __o2n_sec_p[__o2n_e] = 1;
// CHECK-NEXT: }
// CHECK:      const struct __omp2numa_task_reduction __o2n_taskred[] = {
// CHECK-NEXT:   {(void *)__o2n_tgt.x, (void *)&__o2n_acc_x, sizeof __o2n_acc_x},
// CHECK-NEXT:   {(void *)__o2n_tgt.a, (void *)__o2n_acc_a, sizeof __o2n_acc_a},
// CHECK-NEXT:   {(void *)__o2n_tgt.m, (void *)&__o2n_acc_m, sizeof __o2n_acc_m},
// CHECK-NEXT:   {(void *)__o2n_tgt.p, (void *)__o2n_sec_p, __o2n_len_p * sizeof(long)},
// CHECK-NEXT: };
// CHECK-NEXT: __omp2numa_taskgroup_start_reduction(__o2n_taskred, sizeof __o2n_taskred / sizeof *__o2n_taskred);
// CHECK:      __omp2numa_task_submit(
// CHECK:      x += 10;
// CHECK:      __omp2numa_taskgroup_end();
// CHECK-NEXT: {
// CHECK-NEXT:   struct __o2n_red_[[TG]] __o2n_part = {.x = __o2n_acc_x, .a = (int *)__o2n_acc_a, .m = __o2n_acc_m, .p = __o2n_sec_p, .__o2n_len_p = __o2n_len_p};
// CHECK-NEXT:   __omp2numa_task_reduce(&__o2n_part, __o2n_combine_[[TG]], &__o2n_tgt);
// CHECK-NEXT:   __omp2numa_reduction_free(__o2n_sec_p);
// CHECK-NEXT: }
// CHECK-NEXT: }
void items(long *p, int n) {
  long x = 0;
  volatile double m = 0;
  int a[4] = {0};
  struct span s = {0, 0};
#pragma omp taskgroup task_reduction(+: x, a) task_reduction(max: m) task_reduction(merge: s) \
    task_reduction(*: p[1:n])
  {
#pragma omp task in_reduction(+: x, a) in_reduction(max: m) in_reduction(merge: s) \
    in_reduction(*: p[1:n])
    {
      x++;
      a[1]++;
      m = 2;
      s.sum++;
      p[1] *= 2;
    }
    x += 10;
  }
}

// The task's combination, in its outlined function:
// CHECK:      outlined from line [[@LINE-14]]: #pragma omp task
// CHECK:      struct __o2n_red_{{[0-9]+}} __o2n_part = {.x = x, .a = (int *)a, .m = m, .s = s, .p = __o2n_sec_p, .__o2n_len_p = __o2n_len_p};
// CHECK-NEXT: __o2n_tgt.x = __omp2numa_task_reduction_target(__o2n_tgt.x);
// CHECK-NEXT: __o2n_tgt.a = __omp2numa_task_reduction_target(__o2n_tgt.a);
// CHECK-NEXT: __o2n_tgt.m = __omp2numa_task_reduction_target(__o2n_tgt.m);
// CHECK-NEXT: __o2n_tgt.p = __omp2numa_task_reduction_target(__o2n_tgt.p);
// CHECK-NEXT: __omp2numa_task_reduce(&__o2n_part, __o2n_combine_{{[0-9]+}}, &__o2n_tgt);

// A task in a region with reduction(task, ...) combines into the region's original.
// CHECK:      outlined from line [[@LINE+6]]: #pragma omp task
// CHECK:      struct __o2n_red_{{[0-9]+}} __o2n_part = {.x = x};
// CHECK-NEXT: __omp2numa_task_reduce(
void task_modifier(void) {
  long x = 0;
#pragma omp parallel reduction(task, +: x)
#pragma omp task in_reduction(+: x)
  x++;
}

// A task in an in_reduction task whose taskgroup reduces the enclosing task's copy reduces
// into that copy's accumulator: its capture is the copy's address, not the enclosing task's
// original (__o2n_ctx->x).
// CHECK-LABEL: void nested(void) {
// CHECK:      outlined from line [[@LINE+7]]: #pragma omp task
// CHECK:      /* omp2numa: #pragma omp taskgroup task_reduction ( + : x ) */
// CHECK:      {(void *)__o2n_tgt.x, (void *)&__o2n_acc_x, sizeof __o2n_acc_x},
// CHECK:      &(struct __o2n_ctx_{{[0-9]+}}){.x = &x}
void nested(void) {
  long x = 0;
#pragma omp taskgroup task_reduction(+: x)
#pragma omp task in_reduction(+: x)
  {
#pragma omp taskgroup task_reduction(+: x)
#pragma omp task in_reduction(+: x)
    x++;
  }
}
