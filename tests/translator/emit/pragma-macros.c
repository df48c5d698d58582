// Macros on `#pragma omp` lines are expanded, as the OpenMP specification requires, wherever
// they appear: in clause expressions (num_threads(NT), schedule(dynamic, CHUNK)), as a schedule
// kind (schedule(SCHED) with #define SCHED guided), as a whole clause list, and in a reduction
// list.  The pragma comment shows the pragma after expansion.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define NT 3
#define CHUNK (2 * 8)
#define SCHED guided
#define KIND_AND_CHUNK dynamic, 5
#define CLAUSES num_threads(NT) if(n > 1)
#define ACC sum

// CHECK-LABEL: int macros(int n, int *a)
int macros(int n, int *a) {
  static int sum;
  sum = 0;
  // CHECK:      /* omp2numa: #pragma omp parallel num_threads ( 3 ) */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, (int)(3), 1);
#pragma omp parallel num_threads(NT)
  a[0] = 1;

  // CHECK:      /* omp2numa: #pragma omp for schedule ( dynamic , ( 2 * 8 ) ) */
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)((__typeof__((({{ *}}2 * 8{{ *}})) % 1))(({{ *}}2 * 8{{ *}})));
#pragma omp for schedule(dynamic, CHUNK)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_GUIDED, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(SCHED)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(5);
#pragma omp for schedule(KIND_AND_CHUNK)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK:      /* omp2numa: #pragma omp parallel num_threads ( 3 ) if ( n > 1 ) */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, (int)(3), !!(n > 1));
#pragma omp parallel CLAUSES
  a[1] = 2;

  // CHECK:      struct __o2n_redtgt_[[@LINE+2]] __o2n_tgt = {.sum = &sum};
  // CHECK-NEXT: int sum = 0;
#pragma omp for reduction(+: ACC)
  for (int i = 0; i < n; i++)
    sum += a[i];
  return sum;
}
