// Preprocessor lines between a pragma and its statement: the common guard
//   #ifdef _OPENMP
//   #pragma omp parallel for
//   #endif
//   for (...)
// and a choice between two pragmas with #if/#else/#endif.  Such a conditional has lines on both
// sides of the construct's start, so it is resolved as the preprocessor resolved it
// (ConditionalMap.h): its directive lines become comments and the pragma not chosen an empty
// line; the output preprocesses and compiles, and holds the chosen construct.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void guarded(int n, int *a)
void guarded(int n, int *a) {
  // CHECK:      /* omp2numa: a conditional resolved as translated */
  // CHECK-NEXT: /* omp2numa: #pragma omp parallel for */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+2]], &__o2n_args, 0, 1);
#ifdef _OPENMP
#pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    a[i] = i;
}

#define WIDE 1
// CHECK-LABEL: void chosen(int n, int *a)
void chosen(int n, int *a) {
  // CHECK:      /* omp2numa: a conditional resolved as translated */
  // CHECK-NEXT: /* omp2numa: #pragma omp for schedule ( dynamic ) */
  // CHECK:      __o2n_loop = {"{{[^"]*}}", [[@LINE+2]], __OMP2NUMA_SCHED_DYNAMIC,
#if WIDE
#pragma omp for schedule(dynamic)
#else
#pragma omp for schedule(static)
#endif
  for (int i = 0; i < n; i++)
    a[i] = i;
  // CHECK-NOT:  schedule ( static )
  // CHECK-NOT:  #else
}
