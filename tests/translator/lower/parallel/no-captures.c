// A region that captures nothing has no context struct: the outlined function ignores its
// argument with `(void)__o2n_data;` and the call passes `(void *)0`.  This holds for an empty
// region, for one that uses only its own locals and constants, and for one that uses only
// functions.  (Regions that use only file-scope variables: capture-static-global.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void work(int);

// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[#EMPTY:]](void *__o2n_data);
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[LOCALS:[0-9]+]](void *__o2n_data);
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[CALL:[0-9]+]](void *__o2n_data);
// CHECK-NOT:  struct __o2n_ctx_
// CHECK-LABEL: void none(void)
void none(void) {
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[#EMPTY]], (void *)0, 0, 1);
#pragma omp parallel
  { }
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[LOCALS]], (void *)0, 0, 1);
#pragma omp parallel
  {
    for (int i = 0; i < 4; i++) {
      int mine = 3;
      work(mine + i);
    }
  }
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[CALL]], (void *)0, (int)(2), 1);
#pragma omp parallel num_threads(2)
  work(42);
  // CHECK-NOT: __o2n_ctx
}
// CHECK:      static void __o2n_region_[[#EMPTY]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   (void)__o2n_data;
// CHECK-EMPTY:
// CHECK-NEXT: #line [[#EMPTY]] "{{[^"]*}}no-captures.c"
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  { }
// CHECK-NEXT: }
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[LOCALS]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   (void)__o2n_data;
// CHECK-NOT:  }
// CHECK:          int mine = 3;
// CHECK-NOT:  struct __o2n_ctx_
// CHECK:      static void __o2n_region_[[CALL]](void *__o2n_data)
// CHECK-NEXT: {
// CHECK-NEXT:   (void)__o2n_data;
// CHECK-NOT:  __o2n_ctx
