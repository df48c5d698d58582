// #line markers keep the translated file's lines pointing at the user's.
//  - The file starts with the translator's header (defining _OPENMP), then `#line 1 "<file>"`.
//    The runtime's ABI header is included before the line of the file's first declaration,
//    after the user's includes and feature-test macros, and followed by `#line <that line>`.
//  - Definitions inserted before a function are followed by `#line <function's line>`; an
//    outlined region, defined after the function, by `#line <line of the function's last brace>`.
//  - The statement of a construct, copied into generated code from the end of the pragma line,
//    is preceded by `#line <the pragma's line>`; a loop body, copied from the `)` that closes the
//    loop header, by `#line <the line of that parenthesis>`.
//  - The text after a construct is preceded by `#line <line where the construct ends>`; text
//    that followed the construct on that line keeps its column.
//  - <file> is the input as spelled on the command line, in a C string literal.
// The last RUN lines compile the output with a warning in a region's body: the compiler reports
// it at the user's file and line.
//
// RUN: %omp2numa %s -o %t.c
// RUN: %strip-checks %t.c | FileCheck %s
// RUN: FileCheck --strict-whitespace --check-prefix=COLUMN --input-file=%t.c %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.c
//
// The name as spelled: a relative path, and a name that needs escaping.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cp %s '%t.dir/we"ird.c'
// RUN: cd %t.dir && %omp2numa 'we"ird.c' -o %t.dir/out.c
// RUN: FileCheck --check-prefix=NAME --input-file=%t.dir/out.c %s
// RUN: %cc -std=c11 -fsyntax-only -Wall -Wextra -Werror -I%runtime_inc %t.dir/out.c
// NAME:     {{^}}#line 1 "we\"ird.c"{{$}}
// NAME:     __o2n_site = {"we\"ird.c",
//
// RUN: %omp2numa %s -o %t.warn.c -- -DWARN
// RUN: %cc -std=c11 -fsyntax-only -Wall -DWARN -I%runtime_inc %t.warn.c 2>&1 | FileCheck --check-prefix=WARN %s

// CHECK:      {{^}}/* Translated by omp2numa: OpenMP constructs lowered to calls of libomp2numa. */{{$}}
// CHECK-NEXT: {{^}}#ifndef _OPENMP{{$}}
// CHECK-NEXT: {{^}}#define _OPENMP 201511{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#ifndef _OMP2NUMA{{$}}
// CHECK-NEXT: {{^}}#define _OMP2NUMA {{[0-9]+}}{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
// CHECK-NEXT: {{^}}#line 1 "{{/.*}}line-markers.c"{{$}}
// CHECK:      {{^}}#include <omp2numa-abi.h>{{$}}
// CHECK-NEXT: {{^}}#line [[@LINE+4]] "{{/.*}}line-markers.c"{{$}}
// CHECK:      static void __o2n_region_[[#R:]](void *__o2n_data);
// CHECK:      {{^}}#line [[@LINE+2]] "{{/.*}}line-markers.c"{{$}}
// CHECK-NEXT: {{^}}void markers(int n, int *a){{$}}
void markers(int n, int *a)
{
  // CHECK:      {{^}}/* omp2numa: #pragma omp parallel */{{$}}
  // CHECK:      {{^}}#line [[@LINE+10]] "{{/.*}}line-markers.c"{{$}}
  // CHECK-NEXT: {{^}} a[1] = 2;{{$}}
  // COLUMN:     {{^}}    a[1] = 2;{{$}}
#pragma omp parallel
  {
    a[0] = 1;
#ifdef WARN
    // WARN: line-markers.c:[[@LINE+1]]:9: warning: unused variable 'unused_in_region'
    int unused_in_region;
#endif
  } a[1] = 2;

  // CHECK:      {{^}}/* omp2numa: #pragma omp for */{{$}}
  // CHECK:      {{^}}#line [[@LINE+7]] "{{/.*}}line-markers.c"{{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}    a[i] = i;{{$}}
  // CHECK:      {{^}}#line [[@LINE+5]] "{{/.*}}line-markers.c"{{$}}
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  a[2] = 3;{{$}}
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] = i;
  a[2] = 3;
}
// CHECK:      static void __o2n_region_[[#R]](void *__o2n_data)
// CHECK:      {{^}}#line [[#R]] "{{/.*}}line-markers.c"{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT:     a[0] = 1;
// CHECK:      {{^}}#line [[@LINE-6]] "{{/.*}}line-markers.c"{{$}}
