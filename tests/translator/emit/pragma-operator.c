// `_Pragma("omp ...")` is a pragma like `#pragma omp ...`: written directly in a function, and
// produced by a macro used in a function, the whole macro invocation being the pragma (its
// statement follows the invocation).  The site's line is the invocation's line, and the
// invocation is replaced in place.  (A macro that expands to the pragma AND its statement is an
// error: diagnostics/statement-from-macro.c.)
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

#define PARALLEL_FOR _Pragma("omp parallel for")
#define DO_PRAGMA(text) _Pragma(#text)
#define PARALLEL_FOR_SCHED(kind) DO_PRAGMA(omp parallel for schedule(kind))

// CHECK:      static void __o2n_region_[[#A:]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[#B:]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[#C:]](void *__o2n_data);
// CHECK:      static void __o2n_region_[[#D:]](void *__o2n_data);
// CHECK-LABEL: void operators(int n, int *a)
void operators(int n, int *a) {
  // CHECK:      {{^}}  /* omp2numa: #pragma omp parallel for */
  // CHECK-NEXT: {
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[@LINE+3]], {{.*}}};
  // CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+2]], &__o2n_args, 0, 1);
  // CHECK-NOT:  PARALLEL_FOR
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK:      /* omp2numa: #pragma omp parallel for schedule ( static ) */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, 0, 1);
  PARALLEL_FOR_SCHED(static)
  for (int i = 0; i < n; i++)
    a[i] = i;

  // CHECK:      /* omp2numa: #pragma omp parallel for schedule ( guided ) */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, 0, 1);
  _Pragma("omp parallel for schedule(guided)") for (int i = 0; i < n; i++) a[i] = i;

  // CHECK:      /* omp2numa: #pragma omp parallel num_threads ( 2 ) */
  // CHECK:      __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, (int)(2), 1);
  DO_PRAGMA(omp parallel num_threads(2))
  a[0] = n;
}
// CHECK:      static void __o2n_region_[[#A]](void *__o2n_data)
// CHECK:      __o2n_loop = {"{{[^"]*}}", [[#A]], __OMP2NUMA_SCHED_DEFAULT, 0, 0, 0};
// CHECK:      {{^}}#line [[#A+1]] "
// CHECK-EMPTY:
// CHECK-NEXT: {{^    }}a[i] = i;
// CHECK:      static void __o2n_region_[[#B]](void *__o2n_data)
// CHECK:      __o2n_loop = {"{{[^"]*}}", [[#B]], __OMP2NUMA_SCHED_STATIC, 0, 0, 0};
// CHECK:      static void __o2n_region_[[#C]](void *__o2n_data)
// CHECK:      __o2n_loop = {"{{[^"]*}}", [[#C]], __OMP2NUMA_SCHED_GUIDED, 0, 0, 0};
// CHECK:      static void __o2n_region_[[#D]](void *__o2n_data)
