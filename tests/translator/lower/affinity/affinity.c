// affinity(name): the loop starts with __omp2numa_loop_start_affinity, which passes the value of
// the first iteration and the signed step, so that the runtime keys its map by the loop
// variable's value; the site carries the name.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

void lu_step(int n, int k, double *a) {
// CHECK: __o2n_loop = {"{{[^"]*}}", [[#@LINE+1]], __OMP2NUMA_SCHED_STATIC, 0, "cols", 0};
#pragma omp parallel for schedule(static) affinity(cols)
  for (int j = k + 1; j < n; j++)
    a[j] -= a[k];
// CHECK: if (__omp2numa_loop_start_affinity(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, (int64_t)__o2n_lb, (int64_t)__o2n_step, &__o2n_lo, &__o2n_hi)) do {
}

void downward(int n, double *a) {
#pragma omp parallel for affinity(rows)
  for (long i = n - 1; i >= 0; i -= 2)
    a[i] = 0;
// CHECK: if (__omp2numa_loop_start_affinity(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, (int64_t)__o2n_lb, -(int64_t)__o2n_step, &__o2n_lo, &__o2n_hi)) do {
}
// DIAG-NOT: affinity
