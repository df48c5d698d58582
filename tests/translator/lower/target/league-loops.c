// Loops shared by a league's teams and their threads.  distribute parallel for with a
// dist_schedule chunk: each thread of a team's parallel region walks the team's chunks, dealt
// round robin (__omp2numa_distribute_block_start/_next, from n, the chunk and the block before),
// and the team's threads share each chunk as a loop of its own, under the loop's schedule,
// without a barrier between chunks; the chunk expression is evaluated in the region, the
// reductions combine after the last chunk.  teams loop (and target teams loop) is teams
// distribute parallel for, as in gcc 12, and so is a loop construct in a teams region, with
// bind(teams) or without bind.
//
// RUN: %omp2numa %s -o %t.c 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc -I%S/../../../../include %t.c
// DIAG-NOT: error

void chunked(int n, double *a, long *s, int c) {
  long sum = 0;
#pragma omp teams distribute parallel for num_teams(3) reduction(+: sum) dist_schedule(static, c) schedule(dynamic)
  for (int i = 0; i < n; i++)
    sum += (long)a[i];
  *s = sum;
}

void teams_loop(int n, double *a) {
#pragma omp target teams loop map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma omp teams
  {
#pragma omp loop bind(teams)
    for (int i = 0; i < n; i++)
      a[i] += 1;
#pragma omp loop
    for (int i = 0; i < n; i++)
      a[i] *= 2;
  }
}

// The chunked loop's region: the chunk c comes in the region's data.
// CHECK-LABEL: static void __o2n_region_17(void *__o2n_data){{$}}
// CHECK: int c = __o2n_ctx->c;
// CHECK: const int64_t __o2n_dchunk = (int64_t)(c);
// CHECK-NEXT: uint64_t __o2n_dlo, __o2n_dhi;
// CHECK: if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
// CHECK-NEXT: if (__omp2numa_loop_start(&__o2n_loop, __o2n_dhi - __o2n_dlo, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
// CHECK-NEXT: __o2n_lo += __o2n_dlo;
// CHECK-NEXT: __o2n_hi += __o2n_dlo;
// CHECK: } while (__omp2numa_loop_next(&__o2n_lo, &__o2n_hi));
// CHECK-NEXT: __omp2numa_loop_end_nowait();
// CHECK-NEXT: } while (__omp2numa_distribute_block_next(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi));
// CHECK-NEXT: {
// CHECK-NEXT: __atomic_fetch_add(__o2n_tgt.sum, sum, __ATOMIC_RELAXED);
// CHECK-NEXT: }
// The teams region runs it as a parallel region in each team:
// CHECK-LABEL: static void __o2n_region_17_1(void *__o2n_data){{$}}
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_17, &__o2n_args, 0, 1);
// target teams loop: each team's block, shared by its threads; in a target region one team.
// CHECK-LABEL: static void __o2n_region_24(void *__o2n_data){{$}}
// CHECK: const int64_t __o2n_dchunk = 0;
// CHECK: if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
// CHECK-LABEL: static void __o2n_region_24_1(void *__o2n_data){{$}}
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_24, &__o2n_args, 0, 1);
// CHECK-LABEL: static void __o2n_task_24_2(void *__o2n_data){{$}}
// CHECK: __omp2numa_teams(&__o2n_site, __o2n_region_24_1, &__o2n_args, 0, 1, 0);
// The loops in the teams region, with bind(teams) and without bind:
// CHECK-LABEL: static void __o2n_region_29(void *__o2n_data){{$}}
// CHECK: if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
// CHECK-LABEL: static void __o2n_region_32(void *__o2n_data){{$}}
// CHECK: if (__omp2numa_distribute_block_start(__o2n_n, __o2n_dchunk, &__o2n_dlo, &__o2n_dhi)) do {
// CHECK-LABEL: static void __o2n_region_27(void *__o2n_data){{$}}
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_29, &__o2n_args, 0, 1);
// CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_32, &__o2n_args, 0, 1);
