// A loop after a loop directive is rebuilt from its parts: its header may come from a macro
// (e2e/headers/macro-loops.c), but its body is moved as text, so a loop whose body a macro
// produces too is written out as the macro's expansion and translated again
// (e2e/correctness/shared_in_macro_body.c).  When the expansion cannot be written out faithfully
// (it holds a macro's name that the preprocessor left unexpanded and that would expand if read
// again: `#define counter (counter + 1)`), it stays an error at the body, naming the macro.  (A
// statement of another construct may be a macro call: it is copied as written, see
// lower/parallel/macro-statement.c; a macro that expands to the pragma alone is fine:
// emit/pragma-operator.c.)
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

int counter;
#define counter (counter + 1)
#define FILL(n) for (int i = 0; i < (n); i++) a[i] = counter

void f(int n, int *a) {
#pragma omp parallel for
  // CHECK: :[[@LINE+1]]:3: error: the body of the loop of '#pragma omp parallel for' is produced by macro 'FILL' and cannot be outlined; write the body outside the macro
  FILL(n);

#pragma omp for
  // CHECK: :[[@LINE+1]]:3: error: the body of the loop of '#pragma omp for' is produced by macro 'FILL' and cannot be outlined; write the body outside the macro
  FILL(n);
}
