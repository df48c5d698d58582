// A parallel region as the body of a loop, of an if/else branch and of a case label, with or
// without braces around it: the construct is replaced by one compound statement, so the
// enclosing statement keeps its meaning, and a loop's variable is captured like any other
// (by value when the region only reads it).  Regions are named after the pragma's line; a second
// region on the same line gets the suffix _1.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c

// CHECK-LABEL: void statements(int n, int *a)
void statements(int n, int *a) {
  // CHECK:      for (int k = 0; k < n; k++)
  // CHECK-NEXT: /* omp2numa: #pragma omp parallel */
  // CHECK-NEXT: {
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[@LINE+4]], {{.*}}};
  // CHECK-NEXT:   struct __o2n_ctx_[[@LINE+3]] __o2n_args = {.a = a, .k = k};
  // CHECK-NEXT:   __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+2]], &__o2n_args, 0, 1);
  for (int k = 0; k < n; k++)
#pragma omp parallel
    a[k] += k;

  // CHECK:      while (j < n) {
  // CHECK-NEXT: /* omp2numa: #pragma omp parallel */
  // CHECK-NEXT: {
  // CHECK-NEXT:   static const struct __omp2numa_region_site __o2n_site = {"{{[^"]*}}", [[@LINE+6]], {{.*}}};
  // CHECK-NEXT:   struct __o2n_ctx_[[@LINE+5]] __o2n_args = {.a = a, .j = j};
  // CHECK:      j++;
  // CHECK-NEXT: }
  int j = 0;
  while (j < n) {
#pragma omp parallel
    a[j] = j;
    j++;
  }

  // CHECK:      if (n > 2)
  // CHECK-NEXT: /* omp2numa: #pragma omp parallel */
  // CHECK-NEXT: {
  // CHECK:      {{^}}}{{$}}
  // CHECK-NEXT: #line [[@LINE+5]] "{{[^"]*}}in-statements.c"
  // CHECK-EMPTY:
  // CHECK-NEXT: else
  if (n > 2)
#pragma omp parallel
    a[0] = n;
  else
    a[1] = n;

  // CHECK:      case 1:
  // CHECK-NEXT: /* omp2numa: #pragma omp parallel */
  // CHECK:      break;
  switch (n) {
  case 1:
#pragma omp parallel
    a[2] = 0;
    break;
  }

  // Two regions on one line.
  // CHECK:      /* omp2numa: #pragma omp parallel */
  // CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+3]], &__o2n_args, 0, 1);
  // CHECK:      /* omp2numa: #pragma omp parallel */
  // CHECK:        __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]]_1, &__o2n_args, 0, 1);
  _Pragma("omp parallel") a[3] = 1; _Pragma("omp parallel") a[4] = 2;
}
