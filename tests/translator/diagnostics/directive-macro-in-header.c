// A macro that expands to a directive and its statement is written out as its expansion when it
// is used in the main file (e2e/correctness/directive_in_macro.c); used in an included file, it
// is still an error at the use, naming the macro.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c

// CHECK: directive-macro-in-header.h:2:42: error: '#pragma omp parallel for' and its statement come from one expansion of macro 'FILL_ALL'; write the statement outside the macro
#include "Inputs/directive-macro-in-header.h"

int main(void) {
  int a[4];
  fill(a, 4);
  return a[3] - 3;
}
