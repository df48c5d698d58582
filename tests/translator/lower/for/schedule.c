// The schedule clause becomes the loop site's kind and flags and the chunk and map arguments:
//   static struct __omp2numa_loop_site __o2n_loop = {"file", line, KIND, FLAGS, 0, 0};
//   const int64_t __o2n_chunk = (int64_t)(chunk expression);      0 without a chunk
//   __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)map, ...)
// Every kind maps to its __OMP2NUMA_SCHED_* value, no clause to __OMP2NUMA_SCHED_DEFAULT; a
// chunk sets __OMP2NUMA_LOOP_CHUNK; monotonic:/nonmonotonic: set __OMP2NUMA_LOOP_(NON)MONOTONIC;
// wf2/genblock/indirect pass their array as the map, every other kind (const void *)0.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

static int chunk_of(int n) { return n / 8 + 1; }

// CHECK-LABEL: void kinds(int n, int c, double *a, const double *weights, const int *blocks)
void kinds(int n, int c, double *a, const double *weights, const int *blocks) {
  int owners[64] = {0};

  // CHECK:      __o2n_loop = {"{{[^"]*}}schedule.c", [[@LINE+4]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
  // CHECK:      if (__omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0, &__o2n_lo, &__o2n_hi)) do {
  // CHECK:      __omp2numa_loop_end();
#pragma omp for
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
  // CHECK:      __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0,
#pragma omp for schedule(static)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(4);
#pragma omp for schedule(static, 4)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)((__typeof__((c * 2) % 1))(c * 2));
#pragma omp for schedule(dynamic, c * 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_GUIDED, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)((__typeof__((chunk_of{{ *}}({{ *}}n{{ *}})) % 1))(chunk_of{{ *}}({{ *}}n{{ *}})));
#pragma omp for schedule(guided, chunk_of(n))
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_AUTO, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(auto)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_RUNTIME, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(runtime)
  for (int i = 0; i < n; i++) a[i] = i;

  // The extended kinds.
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_ADAPTIVE, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(adaptive)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(16);
#pragma omp for schedule(adaptive, 16)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_FAC2, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(c);
#pragma omp for schedule(fac2, c)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_TSS, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(tss)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_SCHED_RAND, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(2);
  // CHECK:      __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)0,
#pragma omp for schedule(rand, 2)
  for (int i = 0; i < n; i++) a[i] = i;

  // Kinds with a map.
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_SCHED_WF2, __OMP2NUMA_LOOP_CHUNK, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(8);
  // CHECK:      __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)weights, &__o2n_lo, &__o2n_hi)
#pragma omp for schedule(wf2(weights), 8)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+3]], __OMP2NUMA_SCHED_GENBLOCK, 0, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
  // CHECK:      __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)blocks, &__o2n_lo, &__o2n_hi)
#pragma omp for schedule(genblock(blocks))
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_INDIRECT, 0, 0, 0};
  // CHECK:      __omp2numa_loop_start(&__o2n_loop, __o2n_n, __o2n_chunk, (const void *)owners, &__o2n_lo, &__o2n_hi)
#pragma omp for schedule(indirect(owners))
  for (int i = 0; i < 64; i++) a[i] = i;

  // Modifiers.
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_STATIC, __OMP2NUMA_LOOP_MONOTONIC, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = 0;
#pragma omp for schedule(monotonic: static)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC, __OMP2NUMA_LOOP_CHUNK | __OMP2NUMA_LOOP_NONMONOTONIC, 0, 0};
  // CHECK:      const int64_t __o2n_chunk = (int64_t)(3);
#pragma omp for schedule(nonmonotonic: dynamic, 3)
  for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+1]], __OMP2NUMA_SCHED_ADAPTIVE, __OMP2NUMA_LOOP_NONMONOTONIC | __OMP2NUMA_LOOP_NOWAIT, 0, 0};
#pragma omp for schedule(nonmonotonic: adaptive) nowait
  for (int i = 0; i < n; i++) a[i] = i;
}
