// Arrays a region copies: a firstprivate array on a region and on a loop is copied whole
// (__builtin_memcpy from the original); variable-length arrays travel in the context as void *
// with their sizes measured where they are declared, and are re-declared with those sizes.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: struct __o2n_ctx_{{[0-9]+}} {
// CHECK: size_t __o2n_dim_v_0;
// CHECK: void *v;
void regions(int n, int *a) {
  int arr[4] = {1, 2, 3, 4};
  int v[n];
  double (*rows)[n] = (double (*)[n])a;
// CHECK: .__o2n_dim_v_0 = sizeof(v) / sizeof((v)[0]), .v = (void *)v
#pragma omp parallel firstprivate(arr)
  {
    v[0] = arr[0];
    rows[0][0] = 1.0;
  }
#pragma omp parallel
  {
#pragma omp for firstprivate(arr)
    for (int i = 0; i < n; i++)
      a[i] = arr[i % 4];
  }
}
// CHECK: static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK: int *const v = __o2n_ctx->v;
// CHECK: double (*rows)[__o2n_ctx->__o2n_dim_rows_0] = __o2n_ctx->rows;
// CHECK: int arr[4];
// CHECK-NEXT: __builtin_memcpy(arr, __o2n_ctx->arr, sizeof arr);
// CHECK: static void __o2n_region_{{[0-9]+}}(void *__o2n_data)
// CHECK: const void *const __o2n_first_arr = arr;
// CHECK: int arr[4];
// CHECK-NEXT: __builtin_memcpy(arr, __o2n_first_arr, sizeof arr);
