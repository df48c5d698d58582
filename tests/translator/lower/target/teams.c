// teams and distribute on the host.  target teams distribute parallel for splits into a target
// region, a teams region in it and a distribute parallel for in that: the teams region is
// outlined and run once per team by __omp2numa_teams (in a target region: num_teams' lower
// bound, 2 here); each thread of a team's parallel for computes the team's block of the logical
// iterations (__omp2numa_distribute_block_start: one block without a dist_schedule chunk) and
// takes its chunks of that block, shifted back to the whole loop's iterations.  A distribute loop alone is run by the team's initial thread,
// chunk by chunk (__omp2numa_distribute_start/_next), without a barrier; outside a target
// region the league has num_teams' upper bound.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

void g(int n, double *a, long *s) {
  long sum = 0;
// CHECK: __omp2numa_target_submit(__o2n_task, __o2n_task_[[#@LINE+1]]_{{[0-9]+}}, 0,
#pragma omp target teams distribute parallel for map(tofrom: a[0:n]) num_teams(2:4) reduction(+: sum)
  for (int i = 0; i < n; i++)
    sum += a[i];
// CHECK: __omp2numa_teams(&__o2n_site, __o2n_region_[[#@LINE+1]]_{{[0-9]+}}, &__o2n_args, 0, (int)(3), 0);
#pragma omp teams distribute num_teams(1:3) dist_schedule(static, 8)
  for (int i = 0; i < n; i++)
    a[i] = i;
  *s = sum;
}
// The distribute parallel for's region:
// CHECK: const int64_t __o2n_dchunk = 0;
// CHECK: if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
// CHECK-NEXT: if (__omp2numa_loop_start(&__o2n_loop, __o2n_dhi - __o2n_dlo, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT: __o2n_lo += __o2n_dlo;
// CHECK-NEXT: __o2n_hi += __o2n_dlo;
// The teams region runs it in every team:
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_{{[0-9_]+}}, &__o2n_args, 0, 1);
// The target region runs the league:
// CHECK: __omp2numa_teams(&__o2n_site, __o2n_region_{{[0-9_]+}}, &__o2n_args, (int)(2), (int)(4), 0);
// The distribute loop, in the other teams region:
// CHECK: if (__omp2numa_distribute_start(__o2n_n, __o2n_chunk, &__o2n_lo, &__o2n_hi)) do {
// CHECK: } while (__omp2numa_distribute_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT: }
