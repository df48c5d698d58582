// In C a declaration is not a statement, so it cannot be what a directive applies to
// (GCC: "expected expression before 'int'").  It must be an error, at the directive or at the
// declaration, and nothing may be written.
//
// Bug (current): the error is now given and nothing is written, but at the declaration
// (":20:3: error: '#pragma omp parallel' must be followed by a statement, not a declaration
// (enclose it in braces)"), while the CHECK below expects the directive's line.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

int f(int n) {
  // CHECK: :[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}#pragma omp parallel
#pragma omp parallel
  int x = n;
  return x;
}
