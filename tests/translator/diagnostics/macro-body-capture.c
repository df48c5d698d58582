// A variable the region captures by reference is rewritten (*name) at each use, and a use that
// is spelled inside a macro's definition cannot be rewritten without changing every other use of
// the macro: it is an error at the macro's use, with a note at the definition, telling the user
// to pass the variable as an argument.  A macro body naming a by-value capture is fine (READ_N).
// (Macro ARGUMENTS are rewritten: lower/parallel/macro-arguments.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

#define BUMP_TOTAL() (total += 1)
#define READ_N() (n + 1)

void f(int n, int *a) {
  int total = 0;
#pragma omp parallel
  {
    // CHECK: :[[@LINE+1]]:5: error: variable 'total' is shared by reference in this region and used inside a macro definition; omp2numa cannot rewrite macro bodies (pass the variable as a macro argument)
    BUMP_TOTAL();
    // CHECK-NEXT: {{^}}    BUMP_TOTAL();{{$}}
    // CHECK-NEXT: {{^    \^$}}
    // CHECK-NEXT: macro-body-capture.c:{{[0-9]+}}:23: note: expanded from macro 'BUMP_TOTAL'
    // CHECK-NEXT: {{^}}#define BUMP_TOTAL() (total += 1){{$}}
    a[0] = READ_N() + total;
  }
}
