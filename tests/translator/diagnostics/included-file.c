// omp2numa rewrites the file it translates, not the headers it includes: a construct that comes
// from an included file is an error at the directive, in the header, telling the user to move
// it.  The including file's own constructs are not translated either.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

// CHECK: Inputs{{/|\\}}pragma-in-header.h:4:13: error: '#pragma omp parallel for' in an included file cannot be translated; move the construct into the file being translated
// CHECK-NEXT: {{^}}#pragma omp parallel for{{$}}
#include "Inputs/pragma-in-header.h"

void f(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  header_fill(n, a);
}
