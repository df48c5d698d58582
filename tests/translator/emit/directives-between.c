// Preprocessor lines between a pragma and its statement belong to the user's file, not to the
// construct: the common guard
//   #ifdef _OPENMP
//   #pragma omp parallel for
//   #endif
//   for (...)
// and a choice between two pragmas with #if/#else/#endif must keep every conditional line, so
// that the output still preprocesses (the translated file defines _OPENMP, as the parse did).
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void guarded(int n, int *a)
void guarded(int n, int *a) {
  // CHECK-DAG:  {{^}}#ifdef _OPENMP{{$}}
  // CHECK-DAG:  {{^}}#endif{{$}}
  // CHECK-DAG:  __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+2]], &__o2n_ctx, 0, 1);
#ifdef _OPENMP
#pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    a[i] = i;
}

#define WIDE 1
// CHECK-LABEL: void chosen(int n, int *a)
void chosen(int n, int *a) {
  // CHECK-DAG:  {{^}}#if WIDE{{$}}
  // CHECK-DAG:  {{^}}#else{{$}}
  // CHECK-DAG:  {{^}}#endif{{$}}
  // CHECK-DAG:  __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC,
#if WIDE
#pragma omp for schedule(dynamic)
#else
#pragma omp for schedule(static)
#endif
  for (int i = 0; i < n; i++)
    a[i] = i;
}
