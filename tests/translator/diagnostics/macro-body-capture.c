// A variable the region captures by reference is rewritten (*name) at each use.  A use spelled
// inside a macro's definition is written out with its invocation when the invocation is in the
// main file (MacroExpansion.h; e2e/correctness/shared_in_macro_body.c).  It stays an error at the
// use, with a note at the definition, when the invocation is in an included file (only the main
// file is written out), and when its expansion holds a macro's name that the preprocessor left
// unexpanded and that would expand if read again (`#define counter (counter + 1)`: written out,
// counter would be counted twice).  A macro body naming a by-value capture is fine (READ_N).
// (Macro ARGUMENTS are rewritten: lower/parallel/macro-arguments.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=HEADER --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=error:
// RUN: not test -e %t.c

// HEADER: In file included from {{.*}}macro-body-capture.c:[[@LINE+6]]:
// HEADER-NEXT: Inputs{{/|\\}}macro-body-in-header.h:8:3: error: variable 'total' is shared by reference in this region and used inside a macro definition; omp2numa cannot rewrite macro bodies (pass the variable as a macro argument)
// HEADER-NEXT: {{^}}  BUMP_TOTAL();{{$}}
// HEADER-NEXT: {{^  \^$}}
// HEADER-NEXT: macro-body-in-header.h:3:23: note: expanded from macro 'BUMP_TOTAL'
#if CASE == 1
#include "Inputs/macro-body-in-header.h"
#endif

#define READ_N() (n + 1)

void f(int n, int *a) {
  int counter = 0;
#pragma omp parallel
  {
#pragma omp single
    counter = 2;
#if CASE == 2
#define counter (counter + 1)
#endif
    // AGAIN: :[[@LINE+1]]:12: error: variable 'counter' is shared by reference in this region and used inside a macro definition; omp2numa cannot rewrite macro bodies (pass the variable as a macro argument)
    a[1] = counter;
    // AGAIN-NEXT: {{^}}    a[1] = counter;{{$}}
    // AGAIN-NEXT: {{^           \^$}}
    // AGAIN-NEXT: macro-body-capture.c:{{[0-9]+}}:18: note: expanded from macro 'counter'
    a[0] = READ_N();
  }
}
