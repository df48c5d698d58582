// Variables a task references without a clause: shared when shared where the task is created
// (declared outside the enclosing parallel region, or static), firstprivate when private there
// (declared in the region, a loop variable, privatised, or a local of an orphaned task's function).
// Shared variables travel as pointers, firstprivate ones as values in the task's block; arrays by
// value are copied into the block.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
// DIAG-NOT: error

int g;

// CHECK: struct __o2n_ctx_{{[0-9]+}} {
// CHECK-NEXT:   int *st;
// CHECK-NEXT:   int *outer;
// CHECK-NEXT:   int *p;
// CHECK-NEXT:   int inner;
// CHECK-NEXT:   int i;
// CHECK-NEXT:   int priv;
// CHECK-NEXT:   int arr[4];
// CHECK-NEXT: };
// The region does not capture priv, which it privatises: the task copies the region's copy.
// CHECK: struct __o2n_ctx_{{[0-9]+}} {
// CHECK-NEXT:   int *st;
// CHECK-NEXT:   int outer;
// CHECK-NEXT:   int p;
// CHECK-NEXT: };
// CHECK: static void __o2n_task_{{[0-9]+}}(void *__o2n_data)
// CHECK:        int *const outer = __o2n_ctx->outer;
// CHECK:        int inner = __o2n_ctx->inner;
// CHECK:        int arr[4];
// CHECK-NEXT:   __builtin_memcpy(arr, __o2n_ctx->arr, sizeof arr);
// CHECK:        (*outer)++;
// CHECK:        inner += i + priv + arr[1];
void in_region(int p) {
  int outer = 1, priv = 0;
  static int st;
#pragma omp parallel private(priv)
  {
    int inner = 2, arr[4] = {0};
    priv = 3;
#pragma omp for
    for (int i = 0; i < 8; i++)
#pragma omp task
    {
      g++;
      st++;
      outer++;
      p++;
      inner += i + priv + arr[1];
    }
  }
}

// CHECK: struct __o2n_ctx_{{[0-9]+}} {
// CHECK-NEXT:   int q;
// CHECK-NEXT:   int l;
// CHECK-NEXT: };
void orphaned(int q) {
  int l = 0;
#pragma omp task
  {
    q++;
    l++;
  }
}
