// Constructs in included files are translated (lower/include/headers.c); their errors are
// located in the header, at the header's own line and column, after the "In file included
// from" line; and the compiler's errors in translated header code name the header's line too
// (#line markers).  A file included by the command line's -include has no #include line where
// its copy could stand: an error at the directive.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not=error:
// RUN: not test -e %t.c
// HEADER: In file included from {{.*}}included-file.c:[[@LINE+5]]:
// HEADER-NEXT: Inputs{{/|\\}}bad-in-header.h:3:35: error: unknown schedule kind 'fac3'
// HEADER-NEXT: {{^}}#pragma omp parallel for schedule(fac3){{$}}
// HEADER-NEXT: {{^                                  \^$}}
#if CASE == 1
#include "Inputs/bad-in-header.h"
#endif

// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 -include %S/Inputs/forced.h 2>&1 | FileCheck %s --check-prefix=FORCED --implicit-check-not=error:
// RUN: not test -e %t.c
// FORCED: forced.h:3:13: error: '#pragma omp parallel for' in a file that no #include of the translated file reaches (a command line's -include) cannot be translated; include the file with #include

// RUN: %omp2numa %s -o %t.c -- -DCASE=3
// RUN: not %cc -std=gnu11 -fsyntax-only -Wunused-variable -Werror -I%runtime_inc -I%S -DCASE=3 %t.c 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: compile-error-in-header.h:5:{{[0-9]+}}: error: unused variable {{.*}}never_used
#if CASE == 3
#include "Inputs/compile-error-in-header.h"
#endif

void f(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}
