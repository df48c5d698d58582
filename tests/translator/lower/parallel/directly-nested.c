// A directive whose statement is another directive, with no braces in between:
//   #pragma omp parallel          the statement of `parallel` is the `for` construct,
//   #pragma omp for               whose statement is the loop.
//   for (...) ...
// The outer construct must outline the inner construct's lowered code, as it does when the inner
// construct is wrapped in braces (nested.c).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// parallel, then for.
// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void parallel_then_for(int n, int *a)
void parallel_then_for(int n, int *a) {
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]], &__o2n_args, 0, 1);
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK-NOT:  {{^}}}
// CHECK:      /* omp2numa: #pragma omp for */
// CHECK-NEXT: {{^[ ]+$}}
// CHECK-NEXT: {
// CHECK:        if (__omp2numa_loop_start(
// CHECK:      #line [[@LINE-10]] "{{[^"]*}}directly-nested.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^    }}a[i] = i;
// CHECK:        __omp2numa_loop_end();
// CHECK-NEXT: }

// Three parallel regions, each the statement of the one before.
// CHECK:      static void __o2n_region_[[L3:[0-9]+]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[L2:[0-9]+]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[L1:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: long three_levels(void)
long three_levels(void) {
  long hits = 0;
#pragma omp parallel
#pragma omp parallel
#pragma omp parallel
  hits++;
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[L1]], &__o2n_args, 0, 1);
  return hits;
}
// CHECK:      static void __o2n_region_[[L3]](void *__o2n_data)
// CHECK:      {{^}}  (*hits)++;
// CHECK-NEXT: }
// CHECK:      static void __o2n_region_[[L2]](void *__o2n_data)
// CHECK-NOT:  {{^}}}
// CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[L3]], &__o2n_args, 0, 1);
// CHECK:      static void __o2n_region_[[L1]](void *__o2n_data)
// CHECK-NOT:  {{^}}}
// CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[L2]], &__o2n_args, 0, 1);
