// reduction(+: sum) beside reduction(inscan, +: x) on parallel for (as gcc 12 takes them): the
// plain reduction is the region's (a copy per thread in the region's prologue, its own structs
// and combiner, __o2n_red_N_region, combined at the join; a double, which no atomic update
// combines: reduction/atomic-at-join.c), the inscan one the loop's, which
// ends with __omp2numa_reduce (its barrier): the region's reduction, not the loop's, ends the
// region.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK:      struct __o2n_red_[[N:[0-9]+]] {
// CHECK-NEXT:   int x;
// CHECK-NEXT: };
// CHECK:      struct __o2n_red_[[N]]_region {
// CHECK-NEXT:   double sum;
// CHECK-NEXT: };
// CHECK-LABEL: void prefix_and_sum(int n, const int *a, int *b, double *total) {
void prefix_and_sum(int n, const int *a, int *b, double *total) {
  int x = 0;
  double sum = 0;
#pragma omp parallel for reduction(+: sum) reduction(inscan, +: x)
  for (int i = 0; i < n; i++) {
    b[i] = x;
    sum += b[i];
#pragma omp scan exclusive(x)
    x += a[i];
  }
  *total = sum;
}
// CHECK:      static void __o2n_region_[[N]](void *__o2n_data){{$}}
// CHECK:      struct __o2n_redtgt_[[N]]_region __o2n_tgt = {.sum = __o2n_ctx->sum};
// CHECK-NEXT: double sum = 0;
// CHECK:      struct __o2n_redtgt_[[N]] __o2n_tgt = {.x = &(*x)};
// CHECK:      __omp2numa_scan_prefix(&(struct __o2n_red_[[N]]){.x = __o2n_scantotal_x}, __o2n_combine_[[N]], &(struct __o2n_redtgt_[[N]]){.x = &__o2n_scan_x});
// CHECK:      sum += b[i];
// CHECK:      struct __o2n_red_[[N]] __o2n_part = {.x = x};
// CHECK-NEXT: __omp2numa_reduce(&__o2n_part, __o2n_combine_[[N]], &__o2n_tgt);
// CHECK:      __omp2numa_loop_end_nowait();
// CHECK:      struct __o2n_red_[[N]]_region __o2n_part = {.sum = sum};
// CHECK-NEXT: __omp2numa_reduce_at_join(&__o2n_part, sizeof __o2n_part, __o2n_combine_[[N]]_region, &__o2n_tgt, sizeof __o2n_tgt);
