// `parallel for private(n, c)` where n is a loop bound and c the chunk: the loop header is
// evaluated before the loop's private copies exist, so the bound and the chunk must read the
// original variables, as they do on an orphaned `for private(...)` (the rule stated in
// DataSharing::privateIn).  Here the originals are 100 and 4, the private copies uninitialised.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// RUN: %cc -std=c11 -O1 -Wall -Wextra -Werror -I%runtime_inc -c %t.c -o %t.o

// CHECK:      static void __o2n_region_[[R:[0-9]+]](void *__o2n_data);
// CHECK-LABEL: void header_reads_originals(int *a)
void header_reads_originals(int *a) {
  int n = 100, c = 4;
#pragma omp parallel for private(n, c) schedule(dynamic, c)
  for (int i = 0; i < n; i++) { c = i; n = i; a[i] = c + n; }
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[R]],
}
// CHECK:      static void __o2n_region_[[R]](void *__o2n_data)
// CHECK:        int n;
// CHECK:        int c;
// CHECK-NOT:  {{^}}}
// CHECK-NOT:    __o2n_ub = (n);
// CHECK-NOT:    __o2n_chunk = (int64_t)(c);
// CHECK:        if (__omp2numa_loop_start(
// CHECK:      #line [[@LINE-10]] "{{[^"]*}}parallel-for-private-header.c"
// CHECK-NEXT: {{^ }}{ c = i; n = i; a[i] = c + n; }
