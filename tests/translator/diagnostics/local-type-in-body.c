// Types and enumeration constants declared inside the enclosing function and used in the
// outlined region are made visible at file scope (a typedef repeated, a declaration of types
// moved: lower/parallel/local-types.c), renamed when their name means something else there
// (e2e/correctness/local_type_names.c).  When that cannot be done -- a typedef of a variable-
// length array or of the type of an expression, a name that means something else at file scope
// or another function's type of the same name, and that a macro names (so it is not renamed) --
// each is an error with the reason, a note at the declaration, and no output; never output that
// does not compile.  The error points at the first use in the region.  One case per run.
//
// RUN: rm -f %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=1 2>&1 | FileCheck %s --check-prefix=TYPEDEF --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=2 2>&1 | FileCheck %s --check-prefix=ENUM --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=3 2>&1 | FileCheck %s --check-prefix=STRUCT --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: not %omp2numa %s -o %t.c -- -DCASE=4 2>&1 | FileCheck %s --check-prefix=INDEX --implicit-check-not=error:
// RUN: not test -e %t.c
// RUN: sh -c '%omp2numa %s -o %t.c -- -DCASE=1 2>/dev/null; echo "status=$?"' | FileCheck %s --check-prefix=STATUS
// RUN: not test -e %t.c
// STATUS: status=1

int K; // a file-scope variable: a function's enumerator K cannot move there

#if CASE == 3
void g(int *a) {
  struct acc { double sum; }; // moved to file scope for g's region
#pragma omp parallel
  {
    struct acc mine = {1};
    a[1] = (int)mine.sum;
  }
}
#endif

void f(int n, int *a) {
#if CASE == 1
  typedef int row[n]; // a variable-length array type
  // TYPEDEF: :[[@LINE+4]]:5: error: 'row' is declared inside function 'f', outside '#pragma omp parallel'; omp2numa outlines the region to file scope, where it is not visible, and cannot make it visible (it {{is a variable-length array type|uses 'n', declared in the function}}): declare it at file scope or inside the region
  // TYPEDEF: :[[@LINE-2]]:15: note: declared here
#pragma omp parallel
  {
    row x;
    x[0] = n;
    a[0] = x[0];
  }
#elif CASE == 2
  enum { K = 4 };
#define K_PLUS(x) (K + (x))
  // ENUM: :[[@LINE+3]]:10: error: 'K' is declared inside function 'f', outside '#pragma omp task'; {{.*}} ('K' names something else at file scope): declare it at file scope or inside the region
  // ENUM: :[[@LINE-3]]:10: note: declared here
#pragma omp task
  a[0] = K_PLUS(n);
#elif CASE == 3
  struct acc { long sum; }; // another struct acc than g's
#define ACC struct acc
  // STRUCT: :[[@LINE+4]]:5: error: 'acc' is declared inside function 'f', outside '#pragma omp parallel'; {{.*}} (another declaration of 'acc' is made visible there): declare it at file scope or inside the region
  // STRUCT: :[[@LINE-3]]:10: note: declared here
#pragma omp parallel
  {
    ACC mine = {0};
    mine.sum += n;
    a[0] = (int)mine.sum;
  }
#elif CASE == 4
  typedef __typeof__(n) idx_t; // the type of an expression of the function
  // INDEX: :[[@LINE+3]]:8: error: 'idx_t' is declared inside function 'f', outside '#pragma omp parallel for'; {{.*}} (it {{uses 'n', declared in the function|is the type of an expression}}): declare it at file scope or inside the region
  // INDEX: :[[@LINE-2]]:25: note: declared here
#pragma omp parallel for
  for (idx_t i = 0; i < n; i++)
    a[i] = i;
#endif
}
