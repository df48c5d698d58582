// Constructs in included user files are translated: each included file that holds an edit (or
// includes one that does) is written in place of its #include line, between #line markers that
// name its own lines; its `#pragma once` goes, and so does a later #include of it that the
// preprocessor skipped (include guard or #pragma once); a quoted #include in it of a file not copied names that file's absolute
// path; a file without constructs and a system header stay #include lines.
//
// RUN: %omp2numa %s -o %t.c -- -isystem %S/Inputs/sys
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: %cc -std=gnu11 -fsyntax-only -Wall -Wextra -Werror -isystem %S/Inputs/sys -I%runtime_inc %t.c

// CHECK:      {{^}}#include <syshelper.h>{{$}}
#include <syshelper.h>
// CHECK:      {{^}}#line 1 "{{.*}}Inputs/helpers.h"
// CHECK-NEXT: /* A header-only helper
// CHECK-NEXT: /* omp2numa: #pragma once: this copy is included once */
// CHECK-NEXT: #include "{{/.*}}Inputs/sub/scale.h"
// CHECK:      static inline void header_fill(int n, int *a)
// CHECK:      __omp2numa_parallel(
// CHECK:      static void __o2n_region_7(void *__o2n_data)
// CHECK:      #line 8 "{{.*}}Inputs/helpers.h"
// CHECK:      {{^}}    a[i] = SCALE * i;
// CHECK:      {{^}}#line [[@LINE+2]] "{{.*}}headers.c"
#include "Inputs/helpers.h"
// CHECK:      {{^}}#line 1 "{{.*}}Inputs/guarded.h"
// CHECK:      {{^}}_Thread_local extern int counter;
// CHECK:      {{^}}#line [[@LINE+2]] "{{.*}}headers.c"
#include "Inputs/guarded.h"
// CHECK:      /* omp2numa: #include "Inputs/helpers.h": included above */
#include "Inputs/helpers.h"
// CHECK:      /* omp2numa: #include "Inputs/guarded.h": included above */
#include "Inputs/guarded.h"

int counter;
#pragma omp threadprivate(counter)

#define WEIGHT 2

int weighted(int n, int *a) {
  int total = 0;
  // CHECK-LABEL: int weighted(int n, int *a) {
  // CHECK:      {{^}}#line 1 "{{.*}}Inputs/body.inc"
  // CHECK:      __omp2numa_parallel(
  // CHECK:      {{^}}#line [[@LINE+2]] "{{.*}}headers.c"
#include "Inputs/body.inc"
  return total;
}

int main(void) {
  int a[100];
  header_fill(100, a);
  sys_fill(100, a);
  PARALLEL_FOR
  for (int i = 0; i < 100; i++)
    counter += a[i];
  return weighted(100, a) != 9900;
}
