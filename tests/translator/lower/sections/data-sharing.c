// Data-sharing clauses on sections, privatised in the construct's own block:
//  - private(p): an uninitialised copy;
//  - firstprivate(fp): the original's value is read before the copies exist, then copied in;
//  - lastprivate(lp): the thread that ran the last section (the one whose chunk ends at the
//    section count) copies its value back after the loop, before the barrier;
//  - reduction(*:sum): a copy set to the identity, combined by __omp2numa_reduce, which holds
//    the barrier (an integer sum would be an atomic update before it: atomic-at-join.c).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_red_[[#S:]] {
// CHECK-NEXT:   int sum;
// CHECK-NEXT: };
// CHECK:      static void __o2n_combine_[[#S]](void *__o2n_target, void *__o2n_partial)
// CHECK:        *__o2n_t->sum = *__o2n_t->sum * __o2n_p->sum;
// CHECK-LABEL: void f(int n, int *a)
void f(int n, int *a) {
  int p = 0, fp = 5, lp = 0, sum = 0;
#pragma omp parallel
  {
#pragma omp sections private(p) firstprivate(fp) lastprivate(lp) reduction(*:sum)
    {
      { p = 1; lp = fp + p; sum += 1; }
#pragma omp section
      { p = 2; lp = fp + p; sum += 2; }
#pragma omp section
      a[0] = n;
    }
  }
  a[1] = lp + sum;
}
// CHECK:      static void __o2n_region_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK:        int fp = __o2n_ctx->fp;
// CHECK-NEXT:   int *const lp = &__o2n_ctx->lp;
// CHECK-NEXT:   int *const sum = &__o2n_ctx->sum;
// CHECK:      /* omp2numa: #pragma omp sections private
// CHECK:      {
// CHECK-NEXT:   static struct __omp2numa_loop_site __o2n_loop = {"{{[^"]*}}", [[#S]], __OMP2NUMA_SCHED_DYNAMIC, 0, 0, 0};
// CHECK-NEXT:   uint64_t __o2n_lo, __o2n_hi;
// CHECK-NEXT:   int __o2n_first_fp = fp;
// CHECK-NEXT:   int *const __o2n_last_lp = &(*lp);
// CHECK-NEXT:   struct __o2n_redtgt_[[#S]] __o2n_tgt = {.sum = &(*sum)};
// CHECK-NEXT:   int p;
// CHECK-NEXT:   (void)p;
// CHECK-NEXT:   int fp = __o2n_first_fp;
// CHECK-NEXT:   (void)fp;
// CHECK-NEXT:   int lp = {0};
// CHECK-NEXT:   (void)lp;
// CHECK-NEXT:   int sum = 1;
// CHECK-NEXT:   if (__omp2numa_loop_start(&__o2n_loop, 3, 0, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK:        { p = 1; lp = fp + p; sum += 1; }
// CHECK:        { p = 2; lp = fp + p; sum += 2; }
// CHECK:        a[0] = n;
// CHECK:          if (__o2n_hi == 3 && __o2n_lo < __o2n_hi) {
// CHECK-NEXT:       *__o2n_last_lp = lp;
// CHECK-NEXT:     }
// CHECK-NEXT:   } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT:   {
// CHECK-NEXT:     struct __o2n_red_[[#S]] __o2n_part = {.sum = sum};
// CHECK-NEXT:     __omp2numa_reduce(&__o2n_part, __o2n_combine_[[#S]], &__o2n_tgt);
// CHECK-NEXT:   }
// CHECK-NEXT:   __omp2numa_loop_end_nowait();
// CHECK-NEXT: }
