// A loop after a loop directive is rebuilt from its parts, so it must be written in the file: a
// loop produced by a macro expansion is an error at the directive.  (A statement of another
// construct may be a macro call: it is copied as written, see lower/parallel/macro-statement.c;
// a macro that expands to the pragma alone is fine: emit/pragma-operator.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

#define FILL(n) for (int i = 0; i < (n); i++) a[i] = i

void f(int n, int *a) {
  // CHECK: :[[@LINE+1]]:13: error: the statement after '#pragma omp parallel for' is produced by a macro expansion and cannot be outlined; write the statement outside the macro
#pragma omp parallel for
  FILL(n);

  // CHECK: :[[@LINE+1]]:13: error: the statement after '#pragma omp for' is produced by a macro expansion and cannot be outlined; write the statement outside the macro
#pragma omp for
  FILL(n);
}
