// The allocate clause: a private copy comes from __omp2numa_private_alloc (the allocator as
// written, 0 for the def-allocator-var ICV; the larger of the type's alignment and align(n)),
// the body reaches it as (*name), and it is freed at the end of the region, task or
// worksharing block; a firstprivate copy is initialised through the pointer, after the captures
// the allocator reads.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#include <omp.h>

void region(int n, omp_allocator_handle_t h) {
  int x = 1, y;
  double v[n];
  // CHECK-LABEL: static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
  // CHECK: omp_allocator_handle_t h = __o2n_ctx->h;
  // CHECK: int *const x = __omp2numa_private_alloc(sizeof(int), 64, (uintptr_t)((h)));
  // CHECK-NEXT: (*x) = __o2n_ctx->x;
  // CHECK: int *const y = __omp2numa_private_alloc(sizeof(int), 4, 0);
  // CHECK: double (*const v)[__o2n_ctx->__o2n_dim_v_0] = __omp2numa_private_alloc(sizeof(double [__o2n_ctx->__o2n_dim_v_0]), {{[0-9]+}}, 0);
  // CHECK: (*y) = (*x) + (int)sizeof (*v);
  // CHECK: __omp2numa_private_free(x);
  // CHECK-NEXT: __omp2numa_private_free(y);
  // CHECK-NEXT: __omp2numa_private_free(v);
  // CHECK-NEXT: }
#pragma omp parallel firstprivate(x) private(y, v) allocate(allocator(h), align(64): x) allocate(y, v)
  y = x + (int)sizeof v;
}

void loop(int *a, int n) {
  static int l;
  // CHECK-LABEL: void loop(
  // CHECK: int *const l = __omp2numa_private_alloc(sizeof(int), 4, (uintptr_t)((omp_low_lat_mem_alloc)));
  // CHECK: (*l) = a[i];
  // CHECK: *__o2n_last_l = (*l);
  // CHECK: __omp2numa_private_free(l);
  // CHECK-NEXT: __omp2numa_loop_end();
#pragma omp for lastprivate(l) allocate(omp_low_lat_mem_alloc: l)
  for (int i = 0; i < n; i++)
    l = a[i];
}

void reduce(int *q, int n) {
  static int r;
  // CHECK-LABEL: void reduce(
  // CHECK: int *const r = __omp2numa_private_alloc(sizeof(int), 4, 0);
  // CHECK-NEXT: (*r) = 0;
  // CHECK: int *const __o2n_sec_q = (int *)__omp2numa_private_alloc(__o2n_len_q * sizeof(int), 32, 0);
  // CHECK: (*r) += q[i];
  // CHECK: struct __o2n_red_{{[0-9]+}} __o2n_part = {.r = (*r), .q = __o2n_sec_q, .__o2n_len_q = __o2n_len_q};
  // CHECK: __omp2numa_private_free(__o2n_sec_q);
  // CHECK: __omp2numa_private_free(r);
  // CHECK-NEXT: __omp2numa_loop_end_nowait();
#pragma omp for reduction(+: r) reduction(+: q[0:n]) allocate(r) allocate(align(32): q)
  for (int i = 0; i < n; i++)
    r += q[i];
}
