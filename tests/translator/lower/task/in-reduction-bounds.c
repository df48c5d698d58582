// in_reduction's section bounds are evaluated in the task's function, from what the task
// captured: a bound that the enclosing region reaches through a pointer (here n, which the
// parameter g's type names) is the task's own copy there (libgomp's task-reduction-1.c, whose
// translation did not compile: `(*n)` on an int).
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

// CHECK-LABEL: static void __o2n_task_{{[0-9]+}}(void *__o2n_data){{$}}
// CHECK: int n = __o2n_ctx->n;
// CHECK: const ptrdiff_t __o2n_lb1_g = (ptrdiff_t)(1);
// CHECK-NEXT: const ptrdiff_t __o2n_len1_g = (ptrdiff_t)(n);
void f(int n, int g[1][n]) {
#pragma omp parallel
#pragma omp masked
#pragma omp taskgroup task_reduction(+: g[0][1:n])
  {
#pragma omp task in_reduction(+: g[0][1:n])
    g[0][1] += 2;
    n = 0;
  }
}
