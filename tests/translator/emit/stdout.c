// `-o -` writes the translation to standard output, and only the translation: the same bytes as
// `-o file`, nothing else on stdout, and no file named '-'.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %omp2numa %s -o %t.dir/file.c
// RUN: cd %t.dir && %omp2numa %s -o - > %t.dir/stdout.c
// RUN: diff %t.dir/file.c %t.dir/stdout.c
// RUN: not test -e %t.dir/-
// RUN: %strip-checks %t.dir/stdout.c | FileCheck %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.dir/stdout.c

// CHECK:      {{^}}/* Translated by omp2numa
// CHECK:      {{^}}#include <omp2numa-abi.h>
// CHECK-LABEL: void fill(int n, int *a)
void fill(int n, int *a) {
  // CHECK: __omp2numa_parallel(&__o2n_site, __o2n_region_[[@LINE+1]], &__o2n_args, 0, 1);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
